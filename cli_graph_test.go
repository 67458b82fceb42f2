package main

import (
	"encoding/json"
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
	root, ix := fixture(t, "shop") // testdata/repos/shop: names repeat across packages
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
