package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// restFilesTree is a repository where the query's words are in one
// function of billing/charge.go, while the constructor beside it and the test file
// hold none of them.
var restFilesTree = map[string]string{
	"billing/charge.go": "package billing\n\n" +
		"// Ledger keeps balances.\ntype Ledger struct{ sums map[string]int }\n\n" +
		"// NewLedger makes an empty Ledger.\nfunc NewLedger() *Ledger {\n\treturn &Ledger{sums: map[string]int{}}\n}\n\n" +
		"// RetryPayment retries a failed payment with backoff.\nfunc RetryPayment(id string) error {\n\treturn nil\n}\n",
	"billing/charge_test.go": "package billing\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
	"other/other.go":         "package other\n\n// Unrelated does nothing.\nfunc Unrelated() {}\n",
}

// TestRestOfTheFilesWhenTheSearchRunsOut: with fewer matches than the
// provider may return, the other blocks of the matched file come back as
// fillers (no score, the rest signal), never a test block and never a
// block of a file nothing matched; when the pool is cut, none do.
func TestRestOfTheFilesWhenTheSearchRunsOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real index")
	}
	ix := openTree(t, restFilesTree)
	q := AnalyzeQuery("retry failed payments with backoff")
	cands, err := NewCodeProvider(ix, DefaultRankOptions()).Candidates(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var ctor *Candidate
	for i, c := range cands {
		if c.Filler && (c.Block.Test || c.Block.Path != "billing/charge.go") {
			t.Errorf("filler from %s (test %v)", c.Block.Path, c.Block.Test)
		}
		if c.Block.Name == "NewLedger" {
			ctor = &cands[i]
		}
	}
	if ctor == nil {
		t.Fatalf("NewLedger is not among %d candidates", len(cands))
	}
	if !ctor.Filler || ctor.Score != 0 || len(ctor.Signals) != 1 || ctor.Signals[0].Name != signalRest {
		t.Errorf("NewLedger: filler %v, score %v, signals %+v", ctor.Filler, ctor.Score, ctor.Signals)
	}

	opts := DefaultRankOptions()
	opts.MaxCandidates = 1
	cut, err := NewCodeProvider(ix, opts).Candidates(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cut {
		if c.Filler {
			t.Errorf("the pool was cut to %d, yet %s came as a filler", opts.MaxCandidates, c.ID)
		}
	}
}

// TestRestOfALongFileIsItsFirstBlocks: of a file with more blocks than
// restPerFile, the fillers are its first blocks by line. The search
// returns a filter's hits by ID, and here the names run backwards, so the
// hundred of smallest ID are the file's last.
func TestRestOfALongFileIsItsFirstBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real index")
	}
	var src strings.Builder
	src.WriteString("package billing\n\n")
	const n = restPerFile + 30
	for i := range n {
		fmt.Fprintf(&src, "func F%03d() int { return %d }\n\n", 999-i, i)
	}
	src.WriteString("// RetryPayment retries a failed payment with backoff.\nfunc RetryPayment() {}\n")
	ix := openTree(t, map[string]string{"billing/long.go": src.String()})
	q := AnalyzeQuery("retry failed payments with backoff")
	cands, err := NewCodeProvider(ix, DefaultRankOptions()).Candidates(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	fillers := map[string]bool{}
	for _, c := range cands {
		if c.Filler {
			fillers[c.Block.Name] = true
		}
	}
	if len(fillers) != restPerFile {
		t.Errorf("%d fillers, want %d", len(fillers), restPerFile)
	}
	for _, name := range []string{"F999", fmt.Sprintf("F%03d", 999-restPerFile+1)} {
		if !fillers[name] {
			t.Errorf("%s, among the file's first %d blocks, is not a filler", name, restPerFile)
		}
	}
	if last := fmt.Sprintf("F%03d", 999-n+1); fillers[last] {
		t.Errorf("%s, the file's last function, is a filler", last)
	}
}
