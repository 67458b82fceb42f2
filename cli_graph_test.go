package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackGraphReasonsRespectImports: through the binary, on a module where
// names repeat across packages that do not import each other, no block is
// given a false link as its reason (keymap's Budget "called by
// BudgetError.Error", triv.go's Logger — package main beside net/http —
// "called by Server"), and the real cross-package link (Pack calls
// keymap.Budget) still is one.
func TestPackGraphReasonsRespectImports(t *testing.T) {
	root := filepath.Join(t.TempDir(), "shop")
	writeFiles(t, root, map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.22\n",
		"keymap/keymap.go": "package keymap\n\n// Budget is the key that sets the token budget.\n" +
			"func Budget() string {\n\treturn \"b\"\n}\n",
		"engine/budget.go": "package engine\n\nimport \"fmt\"\n\n// BudgetError says a pack went over its budget.\n" +
			"type BudgetError struct {\n\tBudget int\n}\n\n" +
			"func (e *BudgetError) Error() string {\n\treturn fmt.Sprintf(\"over budget %d\", e.Budget)\n}\n",
		"engine/pack.go": "package engine\n\nimport \"example.com/shop/keymap\"\n\n" +
			"// Pack packs under the budget key.\nfunc Pack() string {\n\treturn keymap.Budget()\n}\n",
		"net/http/server.go": "package http\n\nimport \"log\"\n\n// Server serves requests.\n" +
			"type Server struct {\n\tErrorLog *log.Logger\n}\n",
		"net/http/triv.go": "//go:build ignore\n\npackage main\n\n// Logger logs a request.\n" +
			"func Logger(path string) {\n\tprintln(path)\n}\n",
	})
	ix := filepath.Join(t.TempDir(), "index")
	reasons := func(query string) map[string][]string {
		r := runBin(t, "", "pack", query, "--root", root, "--index-dir", ix, "--budget", "4000",
			"--format", "json", "--sources", "code")
		if r.err != nil {
			t.Fatalf("pack %q: %v\n%s", query, r.err, r.stderr)
		}
		var p struct {
			Blocks []struct {
				Path    string   `json:"path"`
				Name    string   `json:"name"`
				Reasons []string `json:"reasons"`
			} `json:"blocks"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &p); err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, b := range p.Blocks {
			out[b.Path+"#"+b.Name] = b.Reasons
		}
		return out
	}
	has := func(rs []string, s string) bool {
		for _, r := range rs {
			if strings.Contains(r, s) {
				return true
			}
		}
		return false
	}
	got := reasons("BudgetError Error over")
	if rs := got["keymap/keymap.go#Budget"]; has(rs, "BudgetError.Error") || has(rs, "by Error") {
		t.Errorf("keymap.Budget linked to BudgetError.Error: %q", rs)
	}
	got = reasons("Server ErrorLog")
	if rs := got["net/http/triv.go#Logger"]; has(rs, "Server") {
		t.Errorf("triv.go's Logger linked to Server: %q", rs)
	}
	got = reasons("Pack packs")
	if rs := got["keymap/keymap.go#Budget"]; !has(rs, "Pack") {
		t.Errorf("keymap.Budget not linked to Pack: %q (blocks %v)", rs, got)
	}
}
