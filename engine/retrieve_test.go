package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/index"
)

// fakeSearcher answers from a fixed list of blocks: Search returns the
// hits it was given (filtered by docs/code), Symbol and Callers look at
// names and refs, Read returns the text map or an error.
type fakeSearcher struct {
	hits    []index.Hit
	blocks  []index.Block
	texts   map[string]string
	stale   map[string]bool
	err     error
	queries []index.Query
	lookups []string
}

func (f *fakeSearcher) Search(_ context.Context, q index.Query) ([]index.Hit, error) {
	f.queries = append(f.queries, q)
	if f.err != nil {
		return nil, f.err
	}
	var out []index.Hit
	for _, h := range f.hits {
		prose := h.Block.Kind == index.KindSection
		if (q.OnlyDocs && !prose) || (q.ExcludeDocs && prose) {
			continue
		}
		out = append(out, h)
	}
	return out, nil
}

func (f *fakeSearcher) all() []index.Block {
	out := slices.Clone(f.blocks)
	for _, h := range f.hits {
		out = append(out, h.Block)
	}
	return out
}

func (f *fakeSearcher) Symbol(_ context.Context, name string) ([]index.Block, error) {
	f.lookups = append(f.lookups, "symbol:"+name)
	var out []index.Block
	for _, b := range f.all() {
		if b.Name == name || b.QualName == name {
			out = append(out, b)
		}
	}
	return out, nil
}

func (f *fakeSearcher) Callers(_ context.Context, name string, limit int) ([]index.Block, error) {
	f.lookups = append(f.lookups, "callers:"+name)
	var out []index.Block
	for _, b := range f.all() {
		if slices.Contains(b.Refs, name) && len(out) < limit {
			out = append(out, b)
		}
	}
	return out, nil
}

func (f *fakeSearcher) Read(b index.Block) (index.BlockText, error) {
	t, ok := f.texts[b.ID]
	if !ok {
		t = "func " + b.Name + "() {}\n"
	}
	if t == "ERR" {
		return index.BlockText{}, errors.New("read failed")
	}
	return index.BlockText{Block: b, Text: t, Stale: f.stale[b.ID]}, nil
}

func fn(path, name string, start, lines int, refs ...string) index.Block {
	return index.Block{
		ID: path + "#" + name, Path: path, Lang: "go", Kind: index.KindFunction,
		Name: name, QualName: name, StartLine: start, EndLine: start + lines - 1, Refs: refs,
		Test: strings.HasSuffix(path, "_test.go"),
	}
}

func hit(b index.Block, score float64) index.Hit { return index.Hit{Block: b, Score: score} }

func noGraph() RankOptions {
	o := DefaultRankOptions()
	o.Disabled = []string{signalGraph}
	return o
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func sumSignals(c Candidate) float64 {
	s := 0.0
	for _, sig := range c.Signals {
		s += sig.Value
	}
	return s
}

func byID(cs []Candidate) map[string]Candidate {
	m := map[string]Candidate{}
	for _, c := range cs {
		m[c.ID] = c
	}
	return m
}

// TestCodeScoresAreSumsOfWeights states each expected raw score as a sum
// of the named weights, and the normalized score as its share of the best.
func TestCodeScoresAreSumsOfWeights(t *testing.T) {
	a := fn("pay/retry.go", "retryPayment", 10, 10, "backoff")
	b := fn("pay/backoff.go", "backoff", 1, 10)
	c := fn("pay/retry_test.go", "TestRetryPayment", 1, 10, "retryPayment")
	s := &fakeSearcher{hits: []index.Hit{hit(a, 4), hit(b, 2), hit(c, 3)}}
	q := AnalyzeQuery("fix retryPayment in pay/retry.go")
	got, err := NewCodeProvider(s, withoutGraphAndCoverage()).Candidates(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		a.ID: weightText*1 + weightSymbolExact + weightPathExact + weightFile*1,
		b.ID: weightText*0.5 + weightFile*0.5,
		c.ID: weightText*0.75 + weightPathKeyword/math.Sqrt(2) + weightFile*0.75 - penaltyTest, // stem "retry", shared by 2 files
	}
	m := byID(got)
	for id, raw := range want {
		if g := sumSignals(m[id]); !near(g, raw) {
			t.Errorf("%s: raw score %.4f, want %.4f (%+v)", id, g, raw, m[id].Signals)
		}
		if g, w := m[id].Score, raw/want[a.ID]; !near(g, w) {
			t.Errorf("%s: score %.4f, want %.4f", id, g, w)
		}
	}
	if ids := []string{got[0].ID, got[1].ID, got[2].ID}; !slices.Equal(ids, []string{a.ID, c.ID, b.ID}) {
		t.Errorf("order %v", ids)
	}
	if got[0].Reason != "name matches retryPayment" || got[0].Source != SourceCode {
		t.Errorf("reason %q source %q", got[0].Reason, got[0].Source)
	}
}

func TestTestsRankAboveWhenAsked(t *testing.T) {
	a := fn("pay/retry.go", "retryPayment", 10, 10)
	c := fn("pay/retry_test.go", "TestRetryPayment", 1, 10, "retryPayment")
	s := &fakeSearcher{hits: []index.Hit{hit(a, 3), hit(c, 3)}}
	q := AnalyzeQuery("is the payment retry test flaky")
	if !q.AboutTests {
		t.Fatal("query should be about tests")
	}
	got, _ := NewCodeProvider(s, withoutGraphAndCoverage()).Candidates(context.Background(), q)
	m := byID(got)
	if d := sumSignals(m[c.ID]) - sumSignals(m[a.ID]); !near(d, bonusTestAsked) {
		t.Errorf("test block leads by %.3f, want bonusTestAsked", d)
	}
}

func TestPriors(t *testing.T) {
	tests := []struct {
		name  string
		block index.Block
		want  float64
	}{
		{"function", fn("a.go", "f", 1, 20), 0},
		{"tiny", fn("a.go", "f", 1, tinyLines), -penaltyTiny},
		{"long: no penalty (a big central class is often the answer)", fn("a.go", "f", 1, 600), 0},
		{"header", index.Block{Kind: index.KindHeader, StartLine: 1, EndLine: 5}, -penaltyHeader},
		{"window", index.Block{Kind: index.KindWindow, StartLine: 1, EndLine: 60}, -penaltyWindow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := sizePrior(tc.block).Value + kindPrior(tc.block).Value
			if !near(got, tc.want) {
				t.Errorf("got %.3f, want %.3f", got, tc.want)
			}
		})
	}
}

func TestSymbolAndPathSignals(t *testing.T) {
	r := newRanker(AnalyzeQuery("`pay.RetryPayment` and Ledger.post_entry in internal/ledger/, globset response"), DefaultRankOptions(), SourceCode)
	sym := []struct {
		name, qual string
		want       float64
	}{
		{"RetryPayment", "RetryPayment", weightSymbolPart},
		{"post_entry", "Ledger.post_entry", weightSymbolExact},
		{"PostEntry", "Other.PostEntry", weightSymbolFold},
		{"GlobSet", "GlobSet", weightSymbolKeyword},
		{"unrelated", "unrelated", 0},
	}
	for _, tc := range sym {
		if got := r.symbol(index.Block{Name: tc.name, QualName: tc.qual}).Value; !near(got, tc.want) {
			t.Errorf("symbol %s: got %.2f, want %.2f", tc.qual, got, tc.want)
		}
	}
	paths := []struct {
		path string
		want float64
	}{
		{"internal/ledger/ledger.go", weightPathDir},
		{"lib/response.js", weightPathKeyword},
		{"crates/globset/src/lib.rs", weightPathDirKeyword},
		{"web/app.ts", 0},
	}
	for _, tc := range paths {
		if got := r.path(tc.path).Value; !near(got, tc.want) {
			t.Errorf("path %s: got %.2f, want %.2f", tc.path, got, tc.want)
		}
	}
}

func TestGraphRanksNeighboursOfStrongHits(t *testing.T) {
	seed := fn("pay/retry.go", "retryPayment", 10, 10, "computeBackoff")
	callee := fn("pay/backoff.go", "computeBackoff", 1, 10)
	caller := fn("pay/processor.go", "process", 1, 10, "retryPayment")
	loner := fn("pay/other.go", "unrelated", 1, 10)
	s := &fakeSearcher{hits: []index.Hit{hit(seed, 5), hit(loner, 1)}, blocks: []index.Block{callee, caller}}
	o := DefaultRankOptions()
	o.Disabled = []string{signalDelegate} // the graph alone (delegate_test.go raises a thin seed's callee)
	got, err := NewCodeProvider(s, o).Candidates(context.Background(), AnalyzeQuery("retry payment"))
	if err != nil {
		t.Fatal(err)
	}
	m := byID(got)
	for _, id := range []string{callee.ID, caller.ID} {
		c, ok := m[id]
		if !ok {
			t.Fatalf("%s not found through the graph (lookups %v)", id, s.lookups)
		}
		if !hasSignal(c, signalGraph) {
			t.Errorf("%s has no graph signal: %+v", id, c.Signals)
		}
	}
	if hasSignal(m[loner.ID], signalGraph) {
		t.Errorf("an unlinked block got a graph signal")
	}
	if m[callee.ID].Level != LevelSignature || m[seed.ID].Level != LevelFull {
		t.Errorf("levels: neighbour %v, hit %v", m[callee.ID].Level, m[seed.ID].Level)
	}
	if r := m[callee.ID].Reason; r != "used by retryPayment" {
		t.Errorf("callee reason %q", r)
	}
	if r := m[caller.ID].Reason; r != "calls retryPayment" {
		t.Errorf("caller reason %q", r)
	}
}

func TestPageRankInflow(t *testing.T) {
	// 0 → 1 → 2; 3 alone. Seed on 0.
	g := [][]edge{{{to: 1, w: 1}}, {{to: 2, w: 1}}, nil, nil}
	in, from := pageRank(g, []float64{1, 0, 0, 0})
	if !(in[1] > in[2] && in[2] > 0 && in[3] == 0 && in[0] == 0) {
		t.Errorf("inflow %v", in)
	}
	if from[1] != 0 || from[2] != 1 || from[3] != -1 {
		t.Errorf("from %v", from)
	}
}

func TestDocsProviderAndReads(t *testing.T) {
	sec := index.Block{ID: "docs/retry.md#Retries", Path: "docs/retry.md", Kind: index.KindSection, Name: "Retries", StartLine: 1, EndLine: 20}
	code := fn("pay/retry.go", "retryPayment", 10, 10)
	gone := fn("pay/gone.go", "gone", 1, 10)
	s := &fakeSearcher{
		hits:  []index.Hit{hit(sec, 2), hit(code, 3), hit(gone, 1)},
		texts: map[string]string{gone.ID: "ERR", code.ID: "x := \"card declined\"\n"},
		stale: map[string]bool{code.ID: true},
	}
	q := AnalyzeQuery(`why is "card declined" returned by retries`)
	docs, _ := NewDocsProvider(s, DefaultRankOptions()).Candidates(context.Background(), q)
	if len(docs) != 1 || docs[0].ID != sec.ID || docs[0].Source != SourceDocs || docs[0].Score != 1 {
		t.Fatalf("docs: %+v", docs)
	}
	code2, _ := NewCodeProvider(s, DefaultRankOptions()).Candidates(context.Background(), q)
	if len(code2) != 1 || !code2[0].Stale || !hasSignal(code2[0], signalPhrase) {
		t.Fatalf("code: %+v", code2)
	}
	// docs: text, then path words; code: text, then path words.
	if !s.queries[0].OnlyDocs || !s.queries[1].OnlyDocs || !s.queries[2].ExcludeDocs || !s.queries[3].ExcludeDocs {
		t.Errorf("queries %+v", s.queries)
	}
}

func TestSearchErrorIsWrapped(t *testing.T) {
	boom := errors.New("boom")
	_, err := NewCodeProvider(&fakeSearcher{err: boom}, DefaultRankOptions()).Candidates(context.Background(), AnalyzeQuery("alpha beta"))
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "engine: code search") {
		t.Errorf("err = %v", err)
	}
}

func TestEmptyAndCancelled(t *testing.T) {
	s := &fakeSearcher{hits: []index.Hit{hit(fn("a.go", "alpha", 1, 5), 1)}}
	got, err := NewCodeProvider(s, DefaultRankOptions()).Candidates(context.Background(), AnalyzeQuery(""))
	if err != nil || len(got) != 0 || len(s.queries) != 0 {
		t.Errorf("empty query: %v %v %d searches", got, err, len(s.queries))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewCodeProvider(s, DefaultRankOptions()).Candidates(ctx, AnalyzeQuery("alpha")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestDeterministicTies(t *testing.T) {
	var hits []index.Hit
	for i := 9; i >= 0; i-- {
		hits = append(hits, hit(fn(fmt.Sprintf("p/f%d.go", i%3), fmt.Sprintf("f%d", i), 100-i, 5), 1))
	}
	s := &fakeSearcher{hits: hits}
	got, _ := NewCodeProvider(s, noGraph()).Candidates(context.Background(), AnalyzeQuery("zzz"))
	for i := 1; i < len(got); i++ {
		a, b := got[i-1], got[i]
		if a.Score == b.Score && (a.Block.Path > b.Block.Path || (a.Block.Path == b.Block.Path && a.Block.StartLine > b.Block.StartLine)) {
			t.Errorf("tie order broken at %d: %s:%d before %s:%d", i, a.Block.Path, a.Block.StartLine, b.Block.Path, b.Block.StartLine)
		}
	}
}

func TestCandidateCapAndValidate(t *testing.T) {
	var hits []index.Hit
	for i := 0; i < 50; i++ {
		hits = append(hits, hit(fn(fmt.Sprintf("p/f%02d.go", i), fmt.Sprintf("f%d", i), 1, 5), float64(i+1)))
	}
	o := noGraph()
	o.MaxCandidates = 7
	got, _ := NewCodeProvider(&fakeSearcher{hits: hits}, o).Candidates(context.Background(), AnalyzeQuery("alpha"))
	if len(got) != 7 || got[0].ID != "p/f49.go#f49" {
		t.Errorf("got %d, first %s", len(got), got[0].ID)
	}
	bad := DefaultRankOptions()
	bad.SearchLimit = 0
	if err := bad.Validate(); !errors.Is(err, ErrBadRankOptions) {
		t.Errorf("validate: %v", err)
	}
}

func TestSoftClock(t *testing.T) {
	now := time.Now()
	tests := []struct {
		name  string
		clock softClock
		share float64
		want  bool
	}{
		{"no deadline", softClock{start: now.Add(-time.Hour)}, 0.5, false},
		{"early", softClock{start: now, deadline: now.Add(time.Hour)}, 0.5, false},
		{"late", softClock{start: now.Add(-time.Hour), deadline: now.Add(time.Minute)}, 0.5, true},
	}
	for _, tc := range tests {
		if got := tc.clock.past(tc.share); got != tc.want {
			t.Errorf("%s: past = %v", tc.name, got)
		}
	}
}
