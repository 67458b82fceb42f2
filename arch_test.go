package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/loupe-dev/loupe"

// importRule says what the non-test files of the packages under a folder
// may not import. The rules are the package boundaries of STYLE.md: the
// engine is a pure pipeline, bleve stays inside index, the terminal stays
// inside tui. A rule broken here is a design change to discuss, not a test
// to update.
type importRule struct {
	under     string   // package folder, relative to the module root; "" is every package
	exact     bool     // only the package in under, not the ones below it
	forbidden []string // import path prefixes
	why       string
}

var importRules = []importRule{
	{"", false, []string{"github.com/charmbracelet/bubbletea", "github.com/charmbracelet/bubbles", "github.com/charmbracelet/lipgloss", "github.com/charmbracelet/glamour"},
		"the Charm v2 line (charm.land/…/v2) only, never mixed with v1"},
	{"engine", true, []string{"github.com/blevesearch/", "charm.land/", "os/exec", "net", module + "/engine/source", module + "/tui", module + "/render", module + "/keymap"},
		"the engine is a pure pipeline over index types: I/O lives in engine/source/<name>"},
	{"engine/packing", false, []string{"github.com/blevesearch/", "charm.land/", "os/exec", "net", module + "/engine/source", module + "/tui", module + "/render", module + "/keymap"},
		"packing fits ranked candidates into a budget; it retrieves and ranks nothing and does no I/O"},
	{"engine/source", false, []string{"github.com/blevesearch/", "charm.land/", module + "/tui", module + "/render", module + "/keymap"},
		"a source does its own I/O and hands candidates to the engine; it never renders"},
	{"index", false, []string{module + "/engine", module + "/render", module + "/tui", module + "/keymap", "charm.land/"},
		"index knows nothing of ranking, rendering or the UI"},
	{"render", false, []string{"charm.land/bubbletea", "charm.land/bubbles", module + "/tui", "github.com/blevesearch/", "os/exec"},
		"render turns a pack into text; it does not run a UI"},
	{"keymap", false, []string{module + "/", "charm.land/bubbletea", "github.com/blevesearch/"},
		"keymap is bindings only, shared by the UI and its help"},
	{"tui", false, []string{"github.com/blevesearch/"},
		"the UI talks to the engine and index APIs, not to bleve"},
}

// onlyImporters: a package path prefix that only the listed folders may import.
var onlyImporters = map[string][]string{
	"charm.land/bubbletea/v2": {"tui", "."},
	"github.com/blevesearch/": {"index"},
}

func TestPackageImportRules(t *testing.T) {
	imports := packageImports(t)
	if len(imports) < 10 {
		t.Fatalf("found %d packages; the walk is broken", len(imports))
	}
	for dir, imps := range imports {
		for _, r := range importRules {
			if !within(dir, r.under) || (r.exact && dir != r.under) {
				continue
			}
			for _, imp := range imps {
				if p := matchPrefix(imp, r.forbidden); p != "" {
					t.Errorf("%s imports %s: %s", dir, imp, r.why)
				}
			}
		}
		for prefix, allowed := range onlyImporters {
			for _, imp := range imps {
				if hasPrefix(imp, prefix) && !allowedDir(dir, allowed) {
					t.Errorf("%s imports %s; only %v may", dir, imp, allowed)
				}
			}
		}
	}
}

// packageImports maps each package folder (relative, "." for the root) to
// the imports of its non-test Go files.
func packageImports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && skipDir(path, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		out[dir] = append(out[dir][:len(out[dir]):len(out[dir])], importPaths(f.Imports)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, imps := range out {
		sort.Strings(imps)
		out[dir] = slices.Compact(imps)
	}
	return out
}

// skipDir leaves out test data, hidden folders and nested modules (a
// scratch module is not part of loupe).
func skipDir(path, name string) bool {
	if name == "testdata" || strings.HasPrefix(name, ".") {
		return true
	}
	_, err := os.Stat(filepath.Join(path, "go.mod"))
	return err == nil
}

func importPaths(specs []*ast.ImportSpec) []string {
	out := make([]string, 0, len(specs))
	for _, is := range specs {
		p, _ := strconv.Unquote(is.Path.Value)
		out = append(out, p)
	}
	return out
}

func within(dir, under string) bool {
	return under == "" || dir == under || strings.HasPrefix(dir, under+"/")
}

func allowedDir(dir string, allowed []string) bool {
	for _, a := range allowed {
		if dir == a || (a != "." && within(dir, a)) {
			return true
		}
	}
	return false
}

// matchPrefix returns the forbidden entry imp falls under: a prefix ending
// in "/" matches anything below it, any other entry the path itself or its
// sub-packages.
func matchPrefix(imp string, forbidden []string) string {
	for _, f := range forbidden {
		if hasPrefix(imp, f) {
			return f
		}
	}
	return ""
}

func hasPrefix(imp, prefix string) bool {
	if strings.HasSuffix(prefix, "/") {
		return strings.HasPrefix(imp, prefix)
	}
	return imp == prefix || strings.HasPrefix(imp, prefix+"/")
}

// TestImportRulesCatchAViolation keeps the rule check honest: a forbidden
// import in a scratch tree must be reported.
func TestImportRulesCatchAViolation(t *testing.T) {
	if hasPrefix("net/http", "net") == false || hasPrefix("network", "net") {
		t.Fatal("hasPrefix matches on path elements only")
	}
	engineRule := importRules[slices.IndexFunc(importRules, func(r importRule) bool { return r.under == "engine" })]
	if matchPrefix("github.com/blevesearch/bleve/v2", engineRule.forbidden) == "" {
		t.Fatal("engine may not import bleve, and the rule must say so")
	}
	if allowedDir("engine", onlyImporters["charm.land/bubbletea/v2"]) {
		t.Fatal("engine may not import bubbletea")
	}
	if !allowedDir("tui", onlyImporters["charm.land/bubbletea/v2"]) || !allowedDir(".", onlyImporters["charm.land/bubbletea/v2"]) {
		t.Fatal("tui and main may import bubbletea")
	}
	if _, err := os.Stat("go.mod"); err != nil {
		t.Fatalf("the rules test runs from the module root: %v", err)
	}
}
