package engine

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/loupe-dev/loupe/index"
)

// This file is the engine's side of an optional local model (Ollama, see
// docs/MODEL.md): three small interfaces that engine/source packages
// implement over HTTP, and the pure functions that use what they return.
// Without a model none of it runs; with one, every failure falls back to
// the lexical pipeline.
//
// Fusion. A fused provider runs the lexical provider and the semantic
// search side by side and merges the two rankings by reciprocal rank
// fusion: a block at rank r (from 1) in a list earns 1/(k+r), k = 60 by
// default, summed over the lists that hold it, then divided by the best
// sum so that scores stay in [0,1] like every provider's. RRF ignores the
// raw scores, which are not comparable (BM25 and signals against cosine),
// and rewards agreement: a block first in both lists scores 1, a block
// first in one list only 0.5. Worked example, k = 60: lexical ranks
// A, B, C; semantic ranks C, D. A: 1/61 = .0164; C: 1/63 + 1/61 = .0323
// (the best, so 1.0); A becomes .51, B .50, D .50. Each candidate carries
// a "lexical" and/or a "semantic" signal with its rank, and the two sum
// to its score.
//
// Rerank. The top N candidates of code and docs go to a chat model as a
// list; it answers with their ids in order. Within each source the scores
// those candidates already had are handed out again in the model's order
// (the best score to the model's first), so the budget logic sees the
// same score distribution and only the order changes; a "rerank" signal
// carries the difference.

// SemanticHit is one block near a query in meaning.
type SemanticHit struct {
	Block      index.Block
	Similarity float64 // cosine similarity, -1 to 1
}

// Semantic finds blocks by meaning: the k blocks nearest to text, among
// prose blocks (docs) or among the others (code).
type Semantic interface {
	Nearest(ctx context.Context, text string, k int, prose bool) ([]SemanticHit, error)
}

// BlockReader reads a block's current text (index.Index implements it).
type BlockReader interface {
	Read(b index.Block) (index.BlockText, error)
}

// Plan is what a planning model makes of a task: the same parts the
// heuristic analysis finds (see AnalyzeQuery), merged in by ApplyPlan.
type Plan struct {
	Identifiers []string `json:"identifiers"`
	Paths       []string `json:"paths"`
	Keywords    []string `json:"keywords"`
	SubQueries  []string `json:"sub_queries"`
	Intent      string   `json:"intent"`
	Scope       string   `json:"scope"`
}

// Planner turns a task into a Plan.
type Planner interface {
	Plan(ctx context.Context, raw string) (Plan, error)
}

// RerankItem is one candidate shown to a reranking model: a short id and
// a bounded description.
type RerankItem struct {
	ID   string
	Text string
}

// Reranker orders items by relevance to query; it returns their ids, best
// first. Ids it leaves out keep their order after the ones it names.
type Reranker interface {
	Rerank(ctx context.Context, query string, items []RerankItem) ([]string, error)
}

// Signal names the model parts add.
const (
	SignalLexical  = "lexical"
	SignalSemantic = "semantic"
	SignalRerank   = "rerank"
)

// Fusion defaults.
const (
	DefaultRRFK         = 60
	DefaultSemanticTopK = 50
	DefaultRerankTop    = 40
	rerankItemChars     = 600
	planCap             = 16
)

// FusionOptions configure a fused provider.
type FusionOptions struct {
	K    int // RRF constant; 0 means DefaultRRFK
	TopK int // semantic hits fused; 0 means DefaultSemanticTopK
	// Failed is told of a semantic search that failed; the provider then
	// returns the lexical candidates alone. May be nil.
	Failed func(error)
}

// fusedProvider merges a lexical provider's ranking with a semantic one.
type fusedProvider struct {
	lex  Provider
	sem  Semantic
	read BlockReader
	opts FusionOptions
}

// NewFusedProvider returns lex fused with the semantic search of the same
// kind of blocks (prose for the docs source, the rest otherwise).
func NewFusedProvider(lex Provider, sem Semantic, read BlockReader, opts FusionOptions) Provider {
	opts.K = cmp.Or(opts.K, DefaultRRFK)
	opts.TopK = cmp.Or(opts.TopK, DefaultSemanticTopK)
	return &fusedProvider{lex: lex, sem: sem, read: read, opts: opts}
}

// Source names the lexical provider's source.
func (p *fusedProvider) Source() Source { return p.lex.Source() }

// Candidates runs both sides in parallel and fuses them. A semantic side
// that fails leaves the lexical result as it is.
func (p *fusedProvider) Candidates(ctx context.Context, q Query) ([]Candidate, error) {
	var hits []SemanticHit
	var semErr error
	var wg sync.WaitGroup
	wg.Go(func() { hits, semErr = p.sem.Nearest(ctx, q.Raw, p.opts.TopK, p.lex.Source() == SourceDocs) })
	lex, err := p.lex.Candidates(ctx, q)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if semErr != nil {
		if p.opts.Failed != nil && ctx.Err() == nil {
			p.opts.Failed(semErr)
		}
		return lex, nil
	}
	if len(hits) == 0 {
		return lex, nil
	}
	return FuseRRF(lex, hits, p.readHit, p.opts.K), nil
}

// readHit makes a candidate of a semantic hit the lexical side missed.
func (p *fusedProvider) readHit(h SemanticHit) (Candidate, bool) {
	bt, err := p.read.Read(h.Block)
	if err != nil {
		return Candidate{}, false
	}
	return Candidate{
		ID: string(p.lex.Source()) + ":" + h.Block.ID, Source: p.lex.Source(), Block: bt.Block, Text: bt.Text,
		Stale: bt.Stale, Deleted: bt.Deleted,
	}, true
}

// FuseRRF merges lexical candidates (best first) with semantic hits (best
// first) by reciprocal rank fusion with constant k, as the comment at the
// top of this file explains. read turns a hit the lexical side did not
// find into a candidate (false: leave it out). The result is best first.
func FuseRRF(lex []Candidate, hits []SemanticHit, read func(SemanticHit) (Candidate, bool), k int) []Candidate {
	type fused struct {
		c        Candidate
		lex, sem float64
		lexRank  int
		semRank  int
		cosine   float64
	}
	byID := map[string]*fused{}
	var order []*fused
	for i, c := range lex {
		f := &fused{c: c, lex: rrf(k, i+1), lexRank: i + 1}
		byID[c.Block.ID] = f
		order = append(order, f)
	}
	for i, h := range hits {
		f, ok := byID[h.Block.ID]
		if !ok {
			c, ok := read(h)
			if !ok {
				continue
			}
			f = &fused{c: c}
			byID[h.Block.ID] = f
			order = append(order, f)
		}
		f.sem, f.semRank, f.cosine = rrf(k, i+1), i+1, h.Similarity
	}
	best := 0.0
	for _, f := range order {
		best = max(best, f.lex+f.sem)
	}
	out := make([]Candidate, 0, len(order))
	for _, f := range order {
		c := fusedCandidate(f.c, f.lex/best, f.sem/best, f.lexRank, f.semRank, f.cosine)
		c.Score = (f.lex + f.sem) / best // exact: the best is 1
		out = append(out, c)
	}
	slices.SortStableFunc(out, ByRank)
	return out
}

func rrf(k, rank int) float64 { return 1 / float64(k+rank) }

// fusedCandidate rewrites c's score and signals as the fusion of its two
// ranks; the lexical signals survive in the lexical signal's detail.
func fusedCandidate(c Candidate, lex, sem float64, lexRank, semRank int, cosine float64) Candidate {
	var sigs []Signal
	if lexRank > 0 {
		sigs = append(sigs, Signal{Name: SignalLexical, Value: lex,
			Detail: fmt.Sprintf("rank %d by words (%s)", lexRank, signalSummary(c.Signals))})
	}
	if semRank > 0 {
		sigs = append(sigs, Signal{Name: SignalSemantic, Value: sem,
			Detail: fmt.Sprintf("rank %d by meaning, cosine %.2f", semRank, cosine)})
	}
	if lexRank == 0 {
		c.Reason = fmt.Sprintf("close in meaning to the query (cosine %.2f)", cosine)
	}
	c.Signals, c.Score = sigs, lex+sem
	return c
}

func signalSummary(ss []Signal) string {
	parts := make([]string, 0, len(ss))
	for _, s := range ss {
		if s.Value != 0 {
			parts = append(parts, fmt.Sprintf("%s=%.2f", s.Name, s.Value))
		}
	}
	return strings.Join(parts, " ")
}

// ApplyPlan merges a model's plan into the heuristic analysis q: the
// plan's identifiers, paths and keywords (and the words of its
// sub-queries) go first, the heuristic ones follow, duplicates once; a
// known intent or scope replaces the heuristic one. Each list takes at
// most 16 items from the plan, so a runaway answer cannot flood a search.
func ApplyPlan(q Query, p Plan) Query {
	var words []string
	for _, s := range append(slices.Clone(p.Keywords), p.SubQueries...) {
		words = append(words, AnalyzeQuery(s).Keywords...)
	}
	q.Identifiers = mergeFirst(p.Identifiers, q.Identifiers)
	q.Paths = mergeFirst(p.Paths, q.Paths)
	q.Keywords = mergeFirst(words, q.Keywords)
	if slices.Contains([]string{IntentCreate, IntentModify, IntentDebug, IntentExplain, IntentRefactor, IntentSearch}, p.Intent) {
		q.Intent = p.Intent
	}
	if slices.Contains([]string{ScopeSymbol, ScopeModule, ScopeCodebase}, p.Scope) {
		q.Scope = p.Scope
	}
	return q
}

// mergeFirst returns up to planCap non-empty items of first, then rest,
// each once.
func mergeFirst(first, rest []string) []string {
	seen := map[string]bool{}
	var out []string
	for i, s := range append(slices.Clone(first), rest...) {
		s = strings.TrimSpace(s)
		if s == "" || seen[s] || (i < len(first) && len(out) >= planCap) {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

// RerankTop reorders the best n candidates of code and docs (by score) in
// the order r gives, as the comment at the top of this file explains.
// On any error (the model failed, or named an id it was not given) it
// returns cands unchanged with the error.
func RerankTop(ctx context.Context, r Reranker, query string, cands []Candidate, n int) ([]Candidate, error) {
	top := rerankPool(cands, n)
	if len(top) < 2 {
		return cands, nil
	}
	items := make([]RerankItem, len(top))
	byItem := map[string]int{}
	for i, ci := range top {
		items[i] = RerankItem{ID: fmt.Sprintf("c%d", i+1), Text: describeForRerank(cands[ci])}
		byItem[items[i].ID] = ci
	}
	ids, err := r.Rerank(ctx, query, items)
	if err != nil {
		return cands, err
	}
	order, err := rerankOrder(ids, items, byItem)
	if err != nil {
		return cands, err
	}
	return applyRerank(cands, order), nil
}

// rerankPool returns the indexes in cands of the best n code and docs
// candidates, best first.
func rerankPool(cands []Candidate, n int) []int {
	var idx []int
	for i, c := range cands {
		if c.Source == SourceCode || c.Source == SourceDocs {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return ByRank(cands[a], cands[b]) })
	return idx[:min(n, len(idx))]
}

// rerankOrder turns the model's ids into indexes of cands: named ones
// first, then the ones it left out in their order. An id not given, or
// given twice, is an error.
func rerankOrder(ids []string, items []RerankItem, byItem map[string]int) ([]int, error) {
	seen := map[string]bool{}
	var order []int
	for _, id := range ids {
		ci, ok := byItem[id]
		if !ok || seen[id] {
			return nil, fmt.Errorf("reranker answered id %q, which it was not given (or twice)", id)
		}
		seen[id] = true
		order = append(order, ci)
	}
	for _, it := range items {
		if !seen[it.ID] {
			order = append(order, byItem[it.ID])
		}
	}
	return order, nil
}

// applyRerank hands the scores of the reranked candidates of each source
// out again in the new order.
func applyRerank(cands []Candidate, order []int) []Candidate {
	out := slices.Clone(cands)
	bySource := map[Source][]int{}
	for _, ci := range order {
		bySource[cands[ci].Source] = append(bySource[cands[ci].Source], ci)
	}
	for _, idxs := range bySource {
		scores := make([]float64, len(idxs))
		for i, ci := range idxs {
			scores[i] = cands[ci].Score
		}
		slices.SortFunc(scores, func(a, b float64) int { return cmp.Compare(b, a) })
		for pos, ci := range idxs {
			c := &out[ci]
			delta := scores[pos] - c.Score
			c.Signals = append(slices.Clone(c.Signals), Signal{Name: SignalRerank, Value: delta,
				Detail: fmt.Sprintf("placed %d of %d by the reranker", pos+1, len(idxs))})
			c.Score = scores[pos]
		}
	}
	slices.SortStableFunc(out, byOutputOrder)
	return out
}

// describeForRerank is what the reranker sees of a candidate: where it is,
// its signature and doc, and the start of its text, bounded.
func describeForRerank(c Candidate) string {
	b := c.Block
	var s strings.Builder
	fmt.Fprintf(&s, "%s %s %s:%d-%d\n", b.Kind, cmp.Or(b.QualName, b.Name), b.Path, b.StartLine, b.EndLine)
	if b.Doc != "" {
		s.WriteString(b.Doc + "\n")
	}
	s.WriteString(c.Text)
	return truncateRunes(s.String(), rerankItemChars)
}

func truncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
