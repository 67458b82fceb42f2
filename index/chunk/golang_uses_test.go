package chunk

import (
	"slices"
	"testing"
)

// TestGoPackageAndUses: every Go block carries its package, and the import
// paths of the packages it names, through the import's name or alias; a
// local variable that shadows an import name is not a use.
func TestGoPackageAndUses(t *testing.T) {
	src := `package engine

import (
	"fmt"
	km "example.com/shop/keymap"
	"gopkg.in/yaml.v3"
)

func (e *BudgetError) Error() string { return fmt.Sprintf("%d", e.Budget) }

func Pack() string { return km.Budget() + yaml.Name }

func Shadow(fmt stringer) string { return fmt.String() }

type T struct{ L km.Layout }
`
	want := map[string][]string{
		"":                  nil, // the header holds Imports
		"BudgetError.Error": {"fmt"},
		"Pack":              {"example.com/shop/keymap", "gopkg.in/yaml.v3"},
		"Shadow":            nil,
		"T":                 {"example.com/shop/keymap"},
	}
	for _, b := range File("engine/budget.go", []byte(src)) {
		if b.Package != "engine" {
			t.Errorf("%s: package %q, want engine", b.ID, b.Package)
		}
		if w, ok := want[b.QualName]; !ok || !slices.Equal(b.Uses, w) {
			t.Errorf("%s: uses %q, want %q", b.ID, b.Uses, w)
		}
	}
}
