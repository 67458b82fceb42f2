package main

import (
	"encoding/json"
	"math"
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

// TestPackNeighbourWithoutTheQueryWordsKeepsHalf: through the binary, a
// callee the graph follower offers for the best hit's sake that holds
// none of the question's words (the ledger's Record, called by
// processPayment, for "how are failed payments retried") scores a
// quarter of its hit (half for a callee, halved again), not half, and
// says why.
func TestPackNeighbourWithoutTheQueryWordsKeepsHalf(t *testing.T) {
	root, ix := fixture(t, "payments")
	r := runBin(t, "", "pack", "how are failed payments retried", "--root", root, "--index-dir", ix,
		"--budget", "4000", "--format", "json", "--sources", "code")
	if r.err != nil {
		t.Fatalf("pack: %v\n%s", r.err, r.stderr)
	}
	score := map[string]float64{}
	reasons := map[string][]string{}
	for _, b := range packJSONOf(t, r.stdout).Blocks {
		score[b.ID], reasons[b.ID] = b.Score, b.Reasons
	}
	hit, rec := "processor.go#processPayment", "internal/ledger/ledger.go#Ledger.Record"
	if _, ok := score[rec]; !ok || score[hit] == 0 {
		t.Fatalf("pack lacks %s or %s: %v", hit, rec, reasons)
	}
	if want := score[hit] * 0.5 * 0.5; math.Abs(score[rec]-want) > 1e-9 {
		t.Errorf("%s scores %v, want a quarter of %s's %v", rec, score[rec], hit, score[hit])
	}
	if !strings.Contains(strings.Join(reasons[rec], "\n"), "a neighbour that holds 0 of the query's") {
		t.Errorf("%s does not say why it ranks lower: %q", rec, reasons[rec])
	}
}
