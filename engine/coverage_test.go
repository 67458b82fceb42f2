package engine

import (
	"context"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// withoutGraphAndCoverage isolates the base signals, for tests that state
// a score as a sum of weights.
func withoutGraphAndCoverage() RankOptions {
	o := DefaultRankOptions()
	o.Disabled = []string{signalGraph, signalCoverage, signalDelegate}
	return o
}

// TestCoverageLiftsTheBlockThatAnswers: a block named like one word of the
// question has the best BM25 (the name boost) and a keyword symbol signal,
// but the block whose text uses every word of it is the answer; coverage
// brings it to the top.
func TestCoverageLiftsTheBlockThatAnswers(t *testing.T) {
	name := fn("query.go", "token", 1, 10)
	answer := fn("pack.go", "Assemble", 1, 10)
	other := fn("keys.go", "Keys", 1, 10)
	s := &fakeSearcher{
		hits: []index.Hit{hit(name, 10), hit(answer, 9.5), hit(other, 5)},
		texts: map[string]string{
			name.ID:   "func token(tok string) { classify(tok) }\n",
			answer.ID: "// Assemble enforces the token budget: the pack never exceeds it.\nfunc Assemble() {}\n",
			other.ID:  "func Keys() { budget := 1 }\n",
		},
	}
	q := AnalyzeQuery("how is the token budget enforced")
	for _, tt := range []struct {
		opts RankOptions
		best string
	}{
		{withoutGraphAndCoverage(), name.ID},
		{noGraph(), answer.ID},
	} {
		got, err := NewCodeProvider(s, tt.opts).Candidates(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].ID != tt.best {
			t.Errorf("disabled %v: best %s, want %s (%+v)", tt.opts.Disabled, got[0].ID, tt.best, got)
		}
	}
	got, _ := NewCodeProvider(s, noGraph()).Candidates(context.Background(), q)
	m := byID(got)
	cov := func(c Candidate) float64 {
		for _, s := range c.Signals {
			if s.Name == signalCoverage {
				return s.Value
			}
		}
		return 0
	}
	// answer holds all three words; token and Keys one each, but "token"
	// is in two of the three texts, "budget" in two: the rarer is worth more.
	if !near(cov(m[answer.ID]), weightCoverage) || cov(m[name.ID]) >= weightCoverage/2 || cov(m[other.ID]) >= weightCoverage/2 {
		t.Errorf("coverage answer %.3f name %.3f other %.3f", cov(m[answer.ID]), cov(m[name.ID]), cov(m[other.ID]))
	}
}
