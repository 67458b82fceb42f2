package diagnostics_test

import (
	"fmt"

	"github.com/loupe-dev/loupe/engine/source/diagnostics"
)

func ExampleParse() {
	out := `src/app.ts(7,9): error TS2322: Type 'string' is not assignable to type 'number'.
main.go:6:28: fmt.Sprintf format %d has arg name of wrong type string
calc.py:1:1: F401 'os' imported but unused
main.go:6:28: fmt.Sprintf format %d has arg name of wrong type string`
	for _, d := range diagnostics.Parse(out) {
		fmt.Printf("%s %s %s:%d ×%d %s\n", d.Severity, d.Tool, d.Path, d.Line, d.Count, d.Message)
	}
	// Output:
	// error tsc src/app.ts:7 ×1 Type 'string' is not assignable to type 'number'.
	// error go main.go:6 ×2 fmt.Sprintf format %d has arg name of wrong type string
	// warning flake8 calc.py:1 ×1 'os' imported but unused
}
