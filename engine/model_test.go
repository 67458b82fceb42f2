package engine

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

func mcand(id string, score float64) Candidate {
	return Candidate{ID: "code:" + id, Source: SourceCode, Block: index.Block{ID: id, Path: id + ".go", Name: id}, Score: score,
		Signals: []Signal{{Name: "text", Value: score}}}
}

func semHit(id string, sim float64) SemanticHit {
	return SemanticHit{Block: index.Block{ID: id, Path: id + ".go", Name: id}, Similarity: sim}
}

func candidateIDs(cs []Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Block.ID)
	}
	return out
}

// TestFuseRRF is the worked example of model.go: lexical A, B, C;
// semantic C, D. C is in both lists and wins; D, found by meaning only, is
// read and explained.
func TestFuseRRF(t *testing.T) {
	lex := []Candidate{mcand("A", 1), mcand("B", .8), mcand("C", .5)}
	hits := []SemanticHit{semHit("C", .9), semHit("D", .7)}
	read := func(h SemanticHit) (Candidate, bool) {
		return Candidate{ID: "code:" + h.Block.ID, Source: SourceCode, Block: h.Block}, true
	}
	got := FuseRRF(lex, hits, read, 60)
	if want := []string{"C", "A", "B", "D"}; !slices.Equal(candidateIDs(got), want) {
		t.Fatalf("order %v, want %v", candidateIDs(got), want)
	}
	for _, c := range got {
		sum := 0.0
		for _, s := range c.Signals {
			sum += s.Value
		}
		if d := sum - c.Score; d > 1e-9 || d < -1e-9 {
			t.Fatalf("%s: signals sum to %v, score %v", c.Block.ID, sum, c.Score)
		}
	}
	if got[0].Score != 1 || len(got[0].Signals) != 2 {
		t.Fatalf("C: score %v signals %+v", got[0].Score, got[0].Signals)
	}
	if d := got[3]; d.Signals[0].Name != SignalSemantic || d.Reason == "" {
		t.Fatalf("D is not explained as found by meaning: %+v", d)
	}
}

type fakeSemantic struct {
	hits []SemanticHit
	err  error
}

func (f fakeSemantic) Nearest(context.Context, string, int, bool) ([]SemanticHit, error) {
	return f.hits, f.err
}

type lexProvider struct{ cands []Candidate }

func (p lexProvider) Source() Source { return SourceCode }
func (p lexProvider) Candidates(context.Context, Query) ([]Candidate, error) {
	return p.cands, nil
}

type noReader struct{}

func (noReader) Read(b index.Block) (index.BlockText, error) {
	return index.BlockText{Block: b, Text: "x\n"}, nil
}

// TestFusedProviderFallsBack: a failing semantic side leaves the lexical
// candidates exactly as they were and reports the failure.
func TestFusedProviderFallsBack(t *testing.T) {
	lex := []Candidate{mcand("A", 1), mcand("B", .5)}
	var failed error
	p := NewFusedProvider(lexProvider{lex}, fakeSemantic{err: errors.New("down")}, noReader{},
		FusionOptions{Failed: func(err error) { failed = err }})
	got, err := p.Candidates(context.Background(), Query{Raw: "x"})
	if err != nil || failed == nil || !slices.EqualFunc(got, lex, func(a, b Candidate) bool { return a.ID == b.ID && a.Score == b.Score }) {
		t.Fatalf("got %v, %v (failed %v)", candidateIDs(got), err, failed)
	}
	p = NewFusedProvider(lexProvider{lex}, fakeSemantic{hits: []SemanticHit{semHit("Z", .9)}}, noReader{}, FusionOptions{})
	got, _ = p.Candidates(context.Background(), Query{Raw: "x"})
	if !slices.Contains(candidateIDs(got), "Z") || got[0].Block.ID != "A" {
		t.Fatalf("fused %v", candidateIDs(got))
	}
}

// TestApplyPlan: the plan's parts go first, heuristics follow, duplicates
// once, unknown intents ignored, at most 16 items from the plan.
func TestApplyPlan(t *testing.T) {
	q := AnalyzeQuery("payments fail in processPayment")
	many := make([]string, 40)
	for i := range many {
		many[i] = "Ident" + string(rune('A'+i))
	}
	p := ApplyPlan(q, Plan{Identifiers: append([]string{"retryWithBackoff", "processPayment"}, many...),
		Keywords: []string{"Backoff"}, SubQueries: []string{"retry with backoff"}, Intent: "debug", Scope: "nonsense"})
	if p.Identifiers[0] != "retryWithBackoff" || p.Identifiers[1] != "processPayment" || !slices.Contains(p.Identifiers, "processPayment") {
		t.Fatalf("identifiers %v", p.Identifiers)
	}
	if n := len(p.Identifiers); n != 16 {
		t.Fatalf("%d identifiers, want the plan capped at 16 (processPayment is the heuristic one too)", n)
	}
	if p.Keywords[0] != "backoff" || !slices.Contains(p.Keywords, "retry") || !slices.Contains(p.Keywords, "payments") {
		t.Fatalf("keywords %v", p.Keywords)
	}
	if p.Intent != IntentDebug || p.Scope != q.Scope {
		t.Fatalf("intent %q scope %q", p.Intent, p.Scope)
	}
}

type fakeReranker struct {
	ids []string
	err error
	got []RerankItem
}

func (f *fakeReranker) Rerank(_ context.Context, _ string, items []RerankItem) ([]string, error) {
	f.got = items
	return f.ids, f.err
}

// TestRerankTop: the model's order decides within the top n; the scores
// are handed out again so the budget sees the same distribution; an id
// not given fails and leaves everything as it was.
func TestRerankTop(t *testing.T) {
	cands := []Candidate{mcand("A", 1), mcand("B", .8), mcand("C", .5), mcand("D", .1)}
	r := &fakeReranker{ids: []string{"c3", "c1"}}
	got, err := RerankTop(context.Background(), r, "q", cands, 3)
	if err != nil || len(r.got) != 3 {
		t.Fatalf("err %v, %d items", err, len(r.got))
	}
	if want := []string{"C", "A", "B", "D"}; !slices.Equal(candidateIDs(got), want) {
		t.Fatalf("order %v, want %v", candidateIDs(got), want)
	}
	if got[0].Score != 1 || got[1].Score != .8 || got[2].Score != .5 || got[3].Score != .1 {
		t.Fatalf("scores %v %v %v %v", got[0].Score, got[1].Score, got[2].Score, got[3].Score)
	}
	r = &fakeReranker{ids: []string{"c9"}}
	got, err = RerankTop(context.Background(), r, "q", cands, 3)
	if err == nil || !slices.Equal(candidateIDs(got), candidateIDs(cands)) {
		t.Fatalf("unknown id: err %v order %v", err, candidateIDs(got))
	}
}
