package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// openPayments indexes a copy of testdata/repos/payments with the real
// index (bleve on disk, the real chunker).
func openPayments(t *testing.T) *index.Index {
	t.Helper()
	root := filepath.Join(t.TempDir(), "payments")
	if err := os.CopyFS(root, os.DirFS(filepath.Join("..", "testdata", "repos", "payments"))); err != nil {
		t.Fatal(err)
	}
	return indexTree(t, root)
}

// indexTree builds a real on-disk index of root (no commits), closed
// with the test.
func indexTree(t *testing.T, root string) *index.Index {
	t.Helper()
	opts := index.DefaultOptions()
	opts.IndexDir = filepath.Join(t.TempDir(), "index")
	opts.NoCommits = true
	ix, err := index.Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	if _, err := ix.Update(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return ix
}

// TestRankThroughRealIndex: the right block comes first for plain,
// identifier and trace queries, with signals and text, and test code
// ranks below the code it tests.
func TestRankThroughRealIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real index")
	}
	ix := openPayments(t)
	tests := []struct {
		query, wantFirst string // wantFirst: a block name
	}{
		{"where do we retry with backoff", "retryWithBackoff"},
		{"fix processPayment writing the ledger twice", "processPayment"},
		{"goroutine 1 [running]:\nexample.com/payments.(*ExponentialBackoff).Next(0x1)\n\t/src/payments/backoff.go:30 +0x1d\n", "Next"},
		{"Ledger.Record loses entries", "Record"},
	}
	code := NewCodeProvider(ix, DefaultRankOptions())
	for _, tc := range tests {
		t.Run(tc.wantFirst, func(t *testing.T) {
			got, err := code.Candidates(context.Background(), AnalyzeQuery(tc.query))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 {
				t.Fatal("no candidates")
			}
			top := got[0]
			if top.Block.Name != tc.wantFirst || top.Score != 1 || top.Text == "" || len(top.Signals) == 0 || top.Reason == "" {
				t.Errorf("top = %s (%s) score %.2f reason %q; want %s", top.Block.Name, top.Block.Path, top.Score, top.Reason, tc.wantFirst)
			}
			for _, c := range got {
				if c.ID != c.Block.ID || c.Source != SourceCode || c.Block.Kind == index.KindSection || c.Score < 0 || c.Score > 1 {
					t.Fatalf("bad candidate %+v", c)
				}
			}
		})
	}
	got, _ := code.Candidates(context.Background(), AnalyzeQuery("process payment retries"))
	iTest := slices.IndexFunc(got, func(c Candidate) bool { return c.Block.Name == "TestProcessRetries" })
	iCode := slices.IndexFunc(got, func(c Candidate) bool { return c.Block.Name == "processPayment" })
	if iCode < 0 || (iTest >= 0 && iTest < iCode) {
		t.Errorf("test at %d, code at %d", iTest, iCode)
	}
	again, _ := code.Candidates(context.Background(), AnalyzeQuery("process payment retries"))
	if len(again) != len(got) {
		t.Fatalf("second run: %d candidates, first %d", len(again), len(got))
	}
	for i := range got {
		if got[i].ID != again[i].ID || got[i].Score != again[i].Score || got[i].Reason != again[i].Reason {
			t.Fatalf("not deterministic at %d: %s %.6f, then %s %.6f", i, got[i].ID, got[i].Score, again[i].ID, again[i].Score)
		}
	}
	docs, err := NewDocsProvider(ix, DefaultRankOptions()).Candidates(context.Background(), AnalyzeQuery("backoff policy for retries"))
	if err != nil || len(docs) == 0 || docs[0].Block.Path != "docs/retries.md" || docs[0].Source != SourceDocs {
		t.Errorf("docs: %v %+v", err, docs)
	}
}

// TestCodeLeavesTestsToTheTestsSource: a query that is not about tests
// gets no test blocks from the code source (the tests source follows the
// chosen code with its own share); one about tests, or one naming a test
// file in a trace, still does.
func TestCodeLeavesTestsToTheTestsSource(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real index")
	}
	code := NewCodeProvider(openPayments(t), DefaultRankOptions())
	hasTest := func(query string) bool {
		t.Helper()
		got, err := code.Candidates(context.Background(), AnalyzeQuery(query))
		if err != nil || len(got) == 0 {
			t.Fatalf("%q: %d candidates, %v", query, len(got), err)
		}
		return slices.ContainsFunc(got, func(c Candidate) bool { return c.Block.Test })
	}
	if hasTest("process payment retries with a gateway that fails") {
		t.Error("a query not about tests got test blocks from the code source")
	}
	if !hasTest("is the process payment retry test flaky") {
		t.Error("a query about tests got no test blocks")
	}
	// A long report whose title says nothing of tests: only the frame's
	// path asks for the test file.
	trace := "Processing panics when the gateway is unavailable\n" +
		strings.Repeat("We process a payment, the gateway refuses it, and the processor panics instead of retrying. ", 4) +
		"\npanic: gateway unavailable\n\ngoroutine 7 [running]:\nexample.com/payments.(*fakeGateway).Charge(0x1)\n\t/src/payments/processor_test.go:20 +0x1d\n"
	if AnalyzeQuery(trace).AboutTests {
		t.Fatal("the long report should not count as about tests")
	}
	if !hasTest(trace) {
		t.Error("a trace through a test file got no test blocks")
	}
}
