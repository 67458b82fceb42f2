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

// TestCoverageCountsTheDirectory: the package a block lives in is part
// of what it is about. "gzip reader CRC-32 check" asks for gzip's
// Reader.Read, which verifies the checksum but never says "gzip";
// readHeader says "GZIP" and matches better by BM25, and without the
// directory's words it held as many of the question's words and came
// first. The file's own name does not count: every block of check.go
// would hold "check".
func TestCoverageCountsTheDirectory(t *testing.T) {
	header := fn("compress/gzip/gunzip.go", "readHeader", 1, 10)
	read := fn("compress/gzip/gunzip.go", "Read", 20, 10)
	update := fn("hash/crc32/crc32.go", "Update", 1, 10)
	helper := fn("compress/gzip/check.go", "helper", 1, 3)
	s := &fakeSearcher{
		hits: []index.Hit{hit(header, 10), hit(read, 8), hit(update, 8), hit(helper, 1)},
		texts: map[string]string{
			header.ID: "// readHeader reads the GZIP header.\nfunc readHeader() { digest = crc32.ChecksumIEEE(buf) }\n",
			read.ID:   "func Read() {\n\tdigest = crc32.Update(digest, p)\n\t// Finished file; check checksum and size.\n}\n",
			update.ID: "// Update returns the result of adding the bytes in p to the crc.\nfunc Update(crc uint32, p []byte) uint32 {}\n",
			helper.ID: "func helper() {}\n",
		},
	}
	got, err := NewCodeProvider(s, noGraph()).Candidates(context.Background(), AnalyzeQuery("gzip reader CRC-32 check"))
	if err != nil {
		t.Fatal(err)
	}
	if got[0].ID != read.ID {
		t.Fatalf("best %s, want %s", got[0].ID, read.ID)
	}
	want := map[string]string{read.ID: "holds 3 of the query's 5 strongest words", helper.ID: "holds 1 of the query's 5 strongest words"}
	for _, c := range got {
		for _, sig := range c.Signals {
			if w, ok := want[c.ID]; ok && sig.Name == signalCoverage && sig.Detail != w {
				t.Errorf("coverage of %s: %q, want %q", c.ID, sig.Detail, w)
			}
		}
	}
}
