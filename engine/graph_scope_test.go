package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

func TestCanSee(t *testing.T) {
	goBlk := func(p, pkg string, uses ...string) index.Block {
		return index.Block{Path: p, Lang: "go", Package: pkg, Uses: uses}
	}
	tests := []struct {
		name      string
		user, def index.Block
		want      bool
	}{
		{"same file", goBlk("a/x.go", "a"), goBlk("a/x.go", "a"), true},
		{"same package", goBlk("a/x.go", "a"), goBlk("a/y.go", "a"), true},
		{"same directory, other package", goBlk("net/http/server.go", "http", "log"), goBlk("net/http/triv.go", "main"), false},
		{"external test package", goBlk("a/x_test.go", "a_test"), goBlk("a/y.go", "a"), true},
		{"not imported", goBlk("engine/budget.go", "engine", "fmt"), goBlk("keymap/keymap.go", "keymap"), false},
		{"imported by module path", goBlk("main.go", "main", "example.com/m/keymap"), goBlk("keymap/keymap.go", "keymap"), true},
		{"imported, nested", goBlk("a/x.go", "a", "example.com/m/index/chunk"), goBlk("index/chunk/c.go", "chunk"), true},
		{"suffix is not a path element", goBlk("a/x.go", "a", "example.com/m/xkeymap"), goBlk("keymap/k.go", "keymap"), false},
		{"standard library", goBlk("net/http/server.go", "http", "log"), goBlk("log/log.go", "log"), true},
		{"vendored", goBlk("net/http/h2.go", "http", "golang.org/x/net/http2/hpack"), goBlk("vendor/golang.org/x/net/http2/hpack/h.go", "hpack"), true},
		{"root package by name", goBlk("doc/doc.go", "doc", "github.com/spf13/cobra"), goBlk("command.go", "cobra"), true},
		{"root package, major version", goBlk("x/x.go", "x", "example.com/lib/v2"), goBlk("lib.go", "lib"), true},
		{"root package, other name", goBlk("x/x.go", "x", "example.com/other"), goBlk("lib.go", "lib"), false},
		{"unexported, other package", goBlk("net/http/httputil/persist.go", "httputil", "io"), index.Block{Path: "io/pipe.go", Lang: "go", Package: "io", Name: "pipe"}, false},
		{"unexported, same package", goBlk("io/io.go", "io"), index.Block{Path: "io/pipe.go", Lang: "go", Package: "io", Name: "pipe"}, true},
		{"Go and Python", goBlk("a/x.go", "a"), index.Block{Path: "a/y.py", Lang: "python"}, false},
		{"Python: no import data, unchanged", index.Block{Path: "a/x.py", Lang: "python"}, index.Block{Path: "b/y.py", Lang: "python"}, true},
		{"Go without package (old index)", index.Block{Path: "a/x.go", Lang: "go"}, goBlk("b/y.go", "b"), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CanSee(tc.user, tc.def); got != tc.want {
				t.Errorf("CanSee(%s, %s) = %v, want %v", tc.user.Path, tc.def.Path, got, tc.want)
			}
		})
	}
}

// twoPackages copies testdata/repos/shop, a Go module where names repeat
// across packages that do not import each other: engine's
// BudgetError.Error uses e.Budget (a field), keymap defines a func Budget;
// net/http's Server uses log.Logger, and triv.go (package main, same
// directory) defines a func Logger. engine's Pack imports keymap and calls
// keymap.Budget: that link is real.
func twoPackages(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "shop")
	if err := os.CopyFS(root, os.DirFS(filepath.Join("..", "testdata", "repos", "shop"))); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestGraphLinksOnlyVisibleNames: through a real index, neither graph
// expansion nor the PageRank graph links a name to a definition in a
// package the user cannot see, and both keep the real cross-package link.
func TestGraphLinksOnlyVisibleNames(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real index")
	}
	ix := indexTree(t, twoPackages(t))
	block := func(id string) index.Block {
		b, ok := ix.BlockByID(id)
		if !ok {
			t.Fatalf("no block %s", id)
		}
		return b
	}
	follow := func(id string) map[string]string {
		hit := Candidate{ID: id, Source: SourceCode, Block: block(id), Score: 1}
		got, err := NewGraphFollower(ix).Follow(context.Background(), Query{}, []Candidate{hit})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, c := range got {
			out[c.ID] = c.Reason
		}
		return out
	}
	if r, ok := follow("engine/budget.go#BudgetError.Error")["keymap/keymap.go#Budget"]; ok {
		t.Errorf("expansion linked keymap.Budget to BudgetError.Error: %q", r)
	}
	if r, ok := follow("net/http/server.go#Server")["net/http/triv.go#Logger"]; ok {
		t.Errorf("expansion linked triv.go's Logger to Server: %q", r)
	}
	if r := follow("engine/pack.go#Pack")["keymap/keymap.go#Budget"]; r != "called by Pack" {
		t.Errorf("the imported keymap.Budget: reason %q, want %q", r, "called by Pack")
	}
	var list []*found
	for _, id := range []string{"engine/budget.go#BudgetError.Error", "engine/pack.go#Pack", "keymap/keymap.go#Budget",
		"net/http/server.go#Server", "net/http/triv.go#Logger"} {
		list = append(list, &found{block: block(id)})
	}
	g := refGraph(list, 64)
	edges := map[string]bool{}
	for i, es := range g {
		for _, e := range es {
			if !e.back {
				edges[list[i].block.QualName+"→"+list[e.to].block.QualName] = true
			}
		}
	}
	want := "Pack→Budget"
	if len(edges) != 1 || !edges[want] {
		t.Errorf("graph edges %v, want only %s", keys(edges), want)
	}
}

func keys(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return strings.Join(out, ", ")
}
