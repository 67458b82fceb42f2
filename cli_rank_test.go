package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestPackSameBytesFromTwoFreshIndexes builds the index of one tree twice
// from scratch and packs the same request against each: the outputs are
// the same bytes.
func TestPackSameBytesFromTwoFreshIndexes(t *testing.T) {
	root, _ := fixture(t, "payments")
	var outs []string
	for _, dir := range []string{"one", "two"} {
		out, err := runCLI(t, "", "pack", "how are failed payments retried", "--root", root,
			"--index-dir", filepath.Join(t.TempDir(), dir), "--budget", "3000", "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatalf("two fresh builds packed differently:\n--- one\n%s\n--- two\n%s", outs[0], outs[1])
	}
}

// TestPackCandidatesBoundsTheRankedList: --candidates sets how many ranked
// candidates each index source returns; a bad value is a usage error.
func TestPackCandidatesBoundsTheRankedList(t *testing.T) {
	root, ix := fixture(t, "payments")
	count := func(args ...string) int {
		out, err := runCLI(t, "", append([]string{"pack", "payments ledger gateway retry", "--root", root,
			"--index-dir", ix, "--budget", "100000", "--format", "json", "--sources", "code"}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			Blocks       []json.RawMessage `json:"blocks"`
			LeftOutTotal int               `json:"left_out_total"`
		}
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatal(err)
		}
		return len(p.Blocks) + p.LeftOutTotal
	}
	all, two := count(), count("--candidates", "2")
	if two >= all || two == 0 {
		t.Errorf("--candidates 2 gave %d candidates, the default %d", two, all)
	}
	if _, err := runCLI(t, "", "pack", "x", "--root", root, "--index-dir", ix, "--candidates", "-1"); err == nil {
		t.Error("--candidates -1 accepted")
	}
}
