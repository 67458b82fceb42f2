package index

// # A text query scored in one pass
//
// bleve runs a text query (buildQuery) as a tree of searchers: a boolean
// searcher over a disjunction of match queries, each a disjunction of
// term searchers, one per word of one field and one analyzer. Most words
// are their own stem, so the words and the stems clauses of a field read
// the same posting list twice, and every level of the tree allocates a
// document match per document, keeps a heap of its children and
// combines their scores. On the Go tree the code source's search read
// 35,000 postings this way for every query of a resident process (37-92
// ms, the largest part of an answer).
//
// flatPlan.search scores the same query in one pass instead: one posting
// reader per distinct (field, term), every document that one of them
// holds scored by the formulas bleve's searchers use (BM25 per term with
// bleve's query norm, each disjunction's coordination factor), and the
// best hits chosen as topHits chooses them (score, then document ID,
// ties at the cut whole or dropped). It answers the query shapes a text
// search builds (should clauses of OR and AND match queries and term
// queries; must and must-not filters, which bleve's own searchers
// answer); any other shape goes to bleve. A must clause that keeps few
// documents (the docs source's prose filter, a directory) is walked
// together with the cursors, which skip the postings it leaves out
// (scoreWithin). TestFlatSearchIsBleve compares both walks with bleve on
// real indexes, hit for hit and score for score.

import (
	"container/heap"
	"context"
	"encoding/binary"
	"math"
	"slices"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/scorer"
	"github.com/blevesearch/bleve/v2/search/searcher"
	bindex "github.com/blevesearch/bleve_index_api"
)

// flatPlan is a text query broken into the terms it reads: each
// distinct (field, term) once, with every clause that scores it.
type flatPlan struct {
	terms   []*flatTerm
	clauses []int // terms per should clause: its coordination denominator
	// all marks the clauses that match only with every term (an AND
	// match: a conjunction, which sums its terms' scores).
	all []bool
	// bare is a term query on its own, which no searcher above gives a
	// query norm: bleve scores it with a query weight of 1.
	bare    bool
	must    query.Query
	mustNot query.Query
}

type flatTerm struct {
	field, term string
	uses        []flatUse
}

// flatUse is one term query of the tree: its clause and boost.
type flatUse struct {
	clause int
	boost  float64
}

// planFlat breaks q into a flatPlan, or returns nil when q has a shape
// search does not score as bleve would: no should clause, a filter, a
// fuzzy match, any should query type but match and term. A term query on
// its own (an exact lookup) is a plan too.
func planFlat(q query.Query, m mapping.IndexMapping) *flatPlan {
	if tq, ok := q.(*query.TermQuery); ok && tq.FieldVal != "" {
		return &flatPlan{bare: true, clauses: []int{1}, all: []bool{false}, terms: []*flatTerm{
			{field: tq.FieldVal, term: tq.Term, uses: []flatUse{{clause: 0, boost: tq.BoostVal.Value()}}}}}
	}
	bq, ok := q.(*query.BooleanQuery)
	if !ok || bq.Filter != nil {
		return nil
	}
	should, ok := bq.Should.(*query.DisjunctionQuery)
	if !ok || should.Min != 1 || len(should.Disjuncts) == 0 {
		return nil
	}
	p := &flatPlan{must: bq.Must, mustNot: bq.MustNot}
	byKey := map[[2]string]*flatTerm{}
	add := func(clause int, field, term string, boost float64) {
		k := [2]string{field, term}
		t := byKey[k]
		if t == nil {
			t = &flatTerm{field: field, term: term}
			byKey[k] = t
			p.terms = append(p.terms, t)
		}
		t.uses = append(t.uses, flatUse{clause: clause, boost: boost})
		p.clauses[clause]++
	}
	for i, d := range should.Disjuncts {
		p.clauses, p.all = append(p.clauses, 0), append(p.all, false)
		switch c := d.(type) {
		case *query.TermQuery:
			if c.FieldVal == "" {
				return nil
			}
			add(i, c.FieldVal, c.Term, c.BoostVal.Value())
		case *query.MatchQuery:
			if c.FieldVal == "" || c.Analyzer == "" || c.Fuzziness != 0 || c.Prefix != 0 {
				return nil
			}
			p.all[i] = c.Operator == query.MatchQueryOperatorAnd
			a := m.AnalyzerNamed(c.Analyzer)
			if a == nil {
				return nil
			}
			// A match query without tokens is bleve's match-none
			// searcher: it matches nothing and still counts in the
			// disjunction's coordination.
			for _, tok := range a.Analyze([]byte(c.Match)) {
				add(i, c.FieldVal, string(tok.Term), c.BoostVal.Value())
			}
		default:
			return nil
		}
	}
	return p
}

// flatCursor reads one term's postings.
type flatCursor struct {
	t    *flatTerm
	r    bindex.TermFieldReader
	tfd  bindex.TermFieldDoc
	doc  uint64 // current document number; done when exhausted
	done bool
	id   [8]byte // advance's target, as the reader takes it
	idf  float64
	avg  float64 // the field's average length (BM25)
	qw   []float64
}

// flatHit is one scored document.
type flatHit struct {
	doc   uint64
	score float64
}

// search returns what topHits(ctx, bi, q, limit, …) returns for the
// query p was planned from; ok is false when it cannot score this index
// as bleve would (not BM25, no statistics, not a scorch snapshot), and
// the caller asks bleve.
func (p *flatPlan) search(ctx context.Context, bi bleve.Index, limit int) (res search.DocumentMatchCollection, ok bool, err error) {
	stats, _ := ctx.Value(search.BM25StatsKey).(*search.BM25Stats)
	if im, ok := bi.Mapping().(*mapping.IndexMappingImpl); !ok || im.ScoringModel != bindex.BM25Scoring ||
		stats == nil || stats.DocCount <= 0 {
		return nil, false, nil
	}
	// What bleve's SearchInContext tells its searchers: the filter
	// clauses' searchers score with BM25 too.
	ctx = context.WithValue(ctx, search.GetScoringModelCallbackKey,
		search.GetScoringModelCallbackFn(func() string { return bindex.BM25Scoring }))
	adv, err := bi.Advanced()
	if err != nil {
		return nil, false, nil
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, false, err
	}
	defer r.Close()
	if _, isScorch := r.(*scorch.IndexSnapshot); !isScorch {
		return nil, false, nil
	}
	must, err := filterSearcher(ctx, r, bi, p.must)
	if err != nil {
		return nil, true, err
	}
	if must != nil {
		defer must.Close()
	}
	cursors, ok, err := p.open(ctx, r, stats, must)
	defer func() {
		for _, c := range cursors {
			c.r.Close()
		}
	}()
	if !ok || err != nil {
		return nil, ok, err
	}
	hits, err := p.score(ctx, cursors, newFollower(must))
	if err != nil {
		return nil, true, err
	}
	res, err = p.pick(ctx, r, bi, hits, limit)
	return res, true, err
}

// filterSearcher is bleve's searcher of a filter clause (must, must
// not), nil when there is none or it matches nothing, as
// BooleanQuery.Searcher takes it.
func filterSearcher(ctx context.Context, r bindex.IndexReader, bi bleve.Index, q query.Query) (search.Searcher, error) {
	if q == nil {
		return nil, nil
	}
	s, err := q.Searcher(ctx, r, bi.Mapping(), search.SearcherOptions{})
	if err != nil {
		return nil, err
	}
	if _, none := s.(*searcher.MatchNoneSearcher); none {
		s.Close()
		return nil, nil
	}
	return s, nil
}

// open makes a cursor per term and computes each use's weight as bleve's
// TermQueryScorer does, with the query norm the outermost searcher sets:
// 1/sqrt of the must clause's weight plus every should term query's
// (boost × idf)². The must searcher gets the same norm, as bleve's
// boolean searcher gives it.
func (p *flatPlan) open(ctx context.Context, r bindex.IndexReader, stats *search.BM25Stats, must search.Searcher) ([]*flatCursor, bool, error) {
	n := uint64(stats.DocCount)
	cursors := make([]*flatCursor, 0, len(p.terms))
	var sumSq float64
	for _, t := range p.terms {
		card, ok := stats.FieldCardinality[t.field]
		if !ok {
			return cursors, false, nil // bleve fails such a query
		}
		tr, err := r.TermFieldReader(ctx, []byte(t.term), t.field, true, true, false)
		if err != nil {
			return cursors, true, err
		}
		c := &flatCursor{t: t, r: tr, avg: math.Ceil(float64(card) / float64(n))}
		cursors = append(cursors, c)
		if c.avg <= 0 {
			return cursors, false, nil // bleve would score with TF-IDF
		}
		df := float64(tr.Count())
		c.idf = math.Log(1 + (float64(n)-df+0.5)/(df+0.5))
		for _, u := range t.uses {
			w := u.boost * c.idf
			sumSq += w * w
		}
	}
	var mustWeight float64
	if must != nil {
		mustWeight = must.Weight()
	}
	qnorm := 1.0 / math.Sqrt(mustWeight+sumSq)
	if must != nil {
		must.SetQueryNorm(qnorm)
	}
	for _, c := range cursors {
		for _, u := range c.t.uses {
			if p.bare {
				c.qw = append(c.qw, 1)
			} else {
				c.qw = append(c.qw, u.boost*c.idf*qnorm)
			}
		}
		if err := c.next(); err != nil {
			return cursors, true, err
		}
	}
	return cursors, true, nil
}

func (c *flatCursor) next() error {
	m, err := c.r.Next(c.tfd.Reset())
	return c.at(m, err)
}

// advance moves c to its first posting at or after doc, which must be
// past c.doc: scorch's reader starts over when asked to go back.
func (c *flatCursor) advance(doc uint64) error {
	binary.BigEndian.PutUint64(c.id[:], doc)
	m, err := c.r.Advance(c.id[:], c.tfd.Reset())
	return c.at(m, err)
}

// at takes the posting the reader moved to (nil: none left).
func (c *flatCursor) at(m *bindex.TermFieldDoc, err error) error {
	if err != nil {
		return err
	}
	if m == nil {
		c.done = true
		return nil
	}
	c.doc = binary.BigEndian.Uint64(m.ID)
	return nil
}

// base is bleve's BM25 score of the current posting before the query
// weight (TermQueryScorer.docScore), computed in the same order.
func (c *flatCursor) base() float64 {
	var tf float64
	if c.tfd.Freq < scorer.MaxSqrtCache {
		tf = scorer.SqrtCache[int(c.tfd.Freq)]
	} else {
		tf = math.Sqrt(float64(c.tfd.Freq))
	}
	fieldLength := 1 / (c.tfd.Norm * c.tfd.Norm)
	return c.idf * (tf * search.BM25_k1) /
		(tf + search.BM25_k1*(1-search.BM25_b+(search.BM25_b*fieldLength/c.avg)))
}

// score walks every cursor in document order and scores each document
// one of them holds: per clause the sum of its terms' scores times the
// share of its terms matched, then the sum over clauses times the share
// of clauses matched, plus the must clause's score where there is one (a
// document it does not match is no hit).
func (p *flatPlan) score(ctx context.Context, cursors []*flatCursor, must *follower) ([]flatHit, error) {
	if must != nil && selective(must, cursors) {
		return p.scoreWithin(ctx, cursors, must)
	}
	sums := make([]float64, len(p.clauses))
	counts := make([]int, len(p.clauses))
	var touched []int
	live := make([]*flatCursor, 0, len(cursors))
	doc := uint64(math.MaxUint64)
	var most uint64 // the longest posting list: without a must clause, a hit each
	for _, c := range cursors {
		if !c.done {
			live = append(live, c)
			doc = min(doc, c.doc)
			most = max(most, c.r.Count())
		}
	}
	hits := make([]flatHit, 0, most)
	for step := 0; len(live) > 0; step++ {
		if step&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		next, ended, err := p.gather(live, doc, sums, counts, &touched)
		if err != nil {
			return nil, err
		}
		total, keep := p.docScore(touched, sums, counts)
		if keep && must != nil {
			m, err := must.at(doc)
			if err != nil {
				return nil, err
			}
			if keep = m != nil; keep {
				total = m.Score + total
			}
		}
		if keep {
			hits = append(hits, flatHit{doc: doc, score: quantize(total)})
		}
		if ended {
			live = slices.DeleteFunc(live, func(c *flatCursor) bool { return c.done })
		}
		doc = next
	}
	return hits, nil
}

// combine sums the scores of the clauses a document matched (touched,
// with their terms' sums and counts, which it clears): an OR clause's sum
// times the share of its terms matched, an AND clause's sum when every
// term matched. matched is how many clauses the document matched.
func (p *flatPlan) combine(touched []int, sums []float64, counts []int) (total float64, matched int) {
	for _, cl := range touched {
		switch {
		case !p.all[cl]:
			total += sums[cl] * (float64(counts[cl]) / float64(p.clauses[cl]))
			matched++
		case counts[cl] == p.clauses[cl]:
			total += sums[cl]
			matched++
		}
		sums[cl], counts[cl] = 0, 0
	}
	return total, matched
}

// docScore is a document's score from the clauses reached there (the
// must clause's aside): combine's sum, times the share of the clauses
// matched. false when none matched: the document is no hit.
func (p *flatPlan) docScore(touched []int, sums []float64, counts []int) (float64, bool) {
	total, matched := p.combine(touched, sums, counts)
	return total * (float64(matched) / float64(len(p.clauses))), matched > 0
}

// gather adds the scores of the cursors at doc to their clauses' sums
// and counts (touched lists the clauses it reached), moves those cursors
// on, and returns the next document any cursor holds and whether a
// cursor ran out.
func (p *flatPlan) gather(live []*flatCursor, doc uint64, sums []float64, counts []int, touched *[]int) (next uint64, ended bool, err error) {
	next = math.MaxUint64
	*touched = (*touched)[:0]
	for _, c := range live {
		if c.doc == doc {
			c.add(sums, counts, touched)
			if err := c.next(); err != nil {
				return 0, false, err
			}
			if c.done {
				ended = true
				continue
			}
		}
		next = min(next, c.doc)
	}
	return next, ended, nil
}

// add adds the score of c's current posting to its clauses' sums and
// counts; touched lists the clauses as they are first reached.
func (c *flatCursor) add(sums []float64, counts []int, touched *[]int) {
	b := c.base()
	for i, u := range c.t.uses {
		s := b
		if c.qw[i] != 1.0 {
			s *= c.qw[i]
		}
		if counts[u.clause] == 0 {
			*touched = append(*touched, u.clause)
		}
		sums[u.clause] += s
		counts[u.clause]++
	}
}

// withinFactor: a must clause is selective when it matches fewer
// documents, times this factor (a move to a document costs a few reads of
// the next posting), than the cursors hold postings. The docs source's
// prose filter keeps 3,000 of the Go tree's 100,000 blocks; read posting
// by posting, its search cost what the code source's did.
var withinFactor = defaultWithinFactor

const defaultWithinFactor uint64 = 4

// selective reports whether walking must's matches and the cursors
// together, each moved to the other's next document, reads less than
// walking every cursor's postings.
func selective(must *follower, cursors []*flatCursor) bool {
	var postings uint64
	for _, c := range cursors {
		postings += c.r.Count()
	}
	return must.s.Count()*withinFactor < postings
}

// scoreWithin is score for a selective must clause. It moves the clause
// to the first document a cursor holds, and the cursors behind it to the
// clause's match (a leapfrog), so that the postings of the documents the
// clause leaves out are skipped, not read. The hits, their order and
// their scores are score's: a document's postings are added in the same
// cursor order.
func (p *flatPlan) scoreWithin(ctx context.Context, cursors []*flatCursor, must *follower) ([]flatHit, error) {
	sums := make([]float64, len(p.clauses))
	counts := make([]int, len(p.clauses))
	var touched []int
	var hits []flatHit
	live := slices.DeleteFunc(slices.Clone(cursors), func(c *flatCursor) bool { return c.done })
	for step := 0; len(live) > 0; step++ {
		if step&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		target := uint64(math.MaxUint64)
		for _, c := range live {
			target = min(target, c.doc)
		}
		m, err := must.seek(target)
		if err != nil {
			return nil, err
		}
		if m == nil {
			break
		}
		doc := binary.BigEndian.Uint64(m.IndexInternalID)
		touched = touched[:0]
		for _, c := range live {
			if c.doc < doc {
				if err := c.advance(doc); err != nil {
					return nil, err
				}
			}
			if !c.done && c.doc == doc {
				c.add(sums, counts, &touched)
				if err := c.next(); err != nil {
					return nil, err
				}
			}
		}
		if total, ok := p.docScore(touched, sums, counts); ok {
			hits = append(hits, flatHit{doc: doc, score: quantize(m.Score + total)})
		}
		live = slices.DeleteFunc(live, func(c *flatCursor) bool { return c.done })
	}
	return hits, nil
}

// A follower asks a searcher about documents in increasing order.
type follower struct {
	s    search.Searcher
	sctx *search.SearchContext
	cur  *search.DocumentMatch
	id   bindex.IndexInternalID
	end  bool
}

func newFollower(s search.Searcher) *follower {
	if s == nil {
		return nil
	}
	return &follower{s: s, id: make(bindex.IndexInternalID, 8),
		sctx: &search.SearchContext{DocumentMatchPool: search.NewDocumentMatchPool(s.DocumentMatchPoolSize(), 0)}}
}

// at returns the searcher's match of doc, nil when it does not match it.
// doc must not be lower than the one asked before.
func (f *follower) at(doc uint64) (*search.DocumentMatch, error) {
	m, err := f.seek(doc)
	if err != nil || m == nil || binary.BigEndian.Uint64(m.IndexInternalID) != doc {
		return nil, err
	}
	return m, nil
}

// seek returns the searcher's first match at or after doc, nil when there
// is none. doc must not be lower than the one asked before.
func (f *follower) seek(doc uint64) (*search.DocumentMatch, error) {
	if f.end {
		return nil, nil
	}
	if f.cur == nil || binary.BigEndian.Uint64(f.cur.IndexInternalID) < doc {
		if f.cur != nil {
			f.sctx.DocumentMatchPool.Put(f.cur)
		}
		binary.BigEndian.PutUint64(f.id, doc)
		var err error
		if f.cur, err = f.s.Advance(f.sctx, f.id); err != nil {
			return nil, err
		}
		if f.cur == nil {
			f.end = true // no later document matches
			return nil, nil
		}
	}
	return f.cur, nil
}

// pick chooses the hits topHits would from every scored document. The
// must-not clause is asked about the best ones only, and about more when
// too few of them are left.
func (p *flatPlan) pick(ctx context.Context, r bindex.IndexReader, bi bleve.Index, hits []flatHit, limit int) (search.DocumentMatchCollection, error) {
	for k := 2 * limit; ; k *= 4 {
		top := best(hits, k)
		kept, err := p.allowed(ctx, r, bi, top)
		if err != nil {
			return nil, err
		}
		// Every hit left out of top scores below every hit in it, so
		// below the cut: the cut is the same as over every hit unless
		// the group tied at the cut is large enough for topHits to
		// drop, which depends on how many hits there are in all.
		whole := len(top) == len(hits)
		if whole || len(kept) >= limit && tieEnd(kept, limit) < maxTieHits {
			return matches(r, cutTop(kept, limit, len(kept)), limit)
		}
	}
}

// tieEnd is the end of the group of hits (sorted best first) whose score
// is hits[limit-1]'s.
func tieEnd(hits []flatHit, limit int) int {
	end := limit
	for end < len(hits) && hits[end].score == hits[limit-1].score {
		end++
	}
	return end
}

func byScore(a, b flatHit) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return 0
}

// best returns every hit scoring at least the k-th best score, best
// first: more than k when scores tie, all of them when k ≥ len(hits).
func best(hits []flatHit, k int) []flatHit {
	if k >= len(hits) {
		out := slices.Clone(hits)
		slices.SortFunc(out, byScore)
		return out
	}
	h := make(minScores, 0, k)
	for _, x := range hits {
		if len(h) < k {
			heap.Push(&h, x.score)
		} else if x.score > h[0] {
			h[0] = x.score
			heap.Fix(&h, 0)
		}
	}
	var out []flatHit
	for _, x := range hits {
		if x.score >= h[0] {
			out = append(out, x)
		}
	}
	slices.SortFunc(out, byScore)
	return out
}

// minScores is a min-heap of scores (container/heap).
type minScores []float64

func (h minScores) Len() int           { return len(h) }
func (h minScores) Less(i, j int) bool { return h[i] < h[j] }
func (h minScores) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minScores) Push(x any)        { *h = append(*h, x.(float64)) }
func (h *minScores) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// allowed returns the hits the must-not clause does not match, in their
// order.
func (p *flatPlan) allowed(ctx context.Context, r bindex.IndexReader, bi bleve.Index, hits []flatHit) ([]flatHit, error) {
	s, err := filterSearcher(ctx, r, bi, p.mustNot)
	if err != nil || s == nil {
		return hits, err
	}
	defer s.Close()
	f := newFollower(s)
	docs := make([]uint64, len(hits))
	for i, h := range hits {
		docs[i] = h.doc
	}
	slices.Sort(docs)
	excluded := map[uint64]bool{}
	for _, d := range docs {
		m, err := f.at(d)
		if err != nil {
			return nil, err
		}
		if m != nil {
			excluded[d] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(hits), func(h flatHit) bool { return excluded[h.doc] }), nil
}

// cutTop applies topHits' cut to hits sorted best first, total of them
// matching in all: the best limit, with the group of scores tied at the
// cut kept whole when it is smaller than what topHits fetches
// (maxTieHits), and left out when it is not.
func cutTop(hits []flatHit, limit, total int) []flatHit {
	if len(hits) <= limit {
		return hits
	}
	end := tieEnd(hits, limit)
	if end >= maxTieHits && total > maxTieHits {
		start := limit - 1
		for start > 0 && hits[start-1].score == hits[limit-1].score {
			start--
		}
		return hits[:start]
	}
	return hits[:end]
}

// matches turns the chosen hits into bleve's document matches, cut to
// limit by score, then document ID.
func matches(r bindex.IndexReader, hits []flatHit, limit int) (search.DocumentMatchCollection, error) {
	out := make(search.DocumentMatchCollection, len(hits))
	for i, h := range hits {
		id := make(bindex.IndexInternalID, 8)
		binary.BigEndian.PutUint64(id, h.doc)
		ext, err := r.ExternalID(id)
		if err != nil {
			return nil, err
		}
		out[i] = &search.DocumentMatch{ID: ext, IndexInternalID: id, Score: h.score}
	}
	if len(out) > limit {
		sortMatches(out)
		out = out[:limit]
	}
	return out, nil
}
