package index

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
)

// DefaultLimit is the number of hits Search returns when Query.Limit is 0.
const DefaultLimit = 200

// Field boosts of a text query. A word in a symbol's name says far more
// about the block than the same word somewhere in its body; the signature
// and the path sit between; the doc comment is part of the content. BM25
// (bleve's scorer) does the rest.
var textBoosts = []struct {
	field string
	boost float64
}{
	{fQName, 5}, {fSig, 2}, {fPathP, 1.5}, {fContent, 1},
}

// Boosts of exact identifiers and path fragments.
const (
	boostSymExact  = 10 // the identifier is the symbol's name, same case
	boostNameExact = 6  // …lowercased, name or qualified name
	boostIdentBody = 1  // the identifier appears whole in the body
	boostPathExact = 5  // the fragment is the whole path
	boostPathParts = 3  // the fragment's parts all appear in the path
	filterBoost    = 1e-9
	// boostStems weighs the stems of the text's words against the words
	// as typed: a block with the very word gets 1 + boostStems, one with
	// another inflection boostStems (see wordsAnalyzer).
	boostStems = 0.5
)

// Search runs a full-text query over blocks: the text and identifiers
// score, the filters restrict. Hits are ordered by score, then path and
// line, so equal inputs give equal outputs.
func (ix *Index) Search(ctx context.Context, q Query) ([]Hit, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	var hits []Hit
	err := ix.withIndex(func(bi bleve.Index) error {
		res, err := searchTop(ix.withScoring(ctx, bi), bi, buildQuery(q), limit, min(2*limit, maxTieHits))
		if err != nil {
			return err
		}
		blocks, err := hitBlocks(bi, res)
		if err != nil {
			return err
		}
		hits = make([]Hit, 0, len(res))
		for i, b := range blocks {
			hits = append(hits, Hit{Block: b, Score: res[i].Score})
		}
		return nil
	})
	sortHits(hits)
	return hits, err
}

// searchTop returns the best limit hits of q as topHits chooses them,
// scored in one pass (flat.go) when q has a shape that allows it; first
// is topHits' first page otherwise.
func searchTop(ctx context.Context, bi bleve.Index, q query.Query, limit, first int) (search.DocumentMatchCollection, error) {
	if limit < 1 {
		return nil, nil
	}
	if p := planFlat(q, bi.Mapping()); p != nil {
		res, ok, err := p.search(ctx, bi, limit)
		if ok || err != nil {
			if err != nil {
				err = fmt.Errorf("index: search: %w", err)
			}
			return res, err
		}
	}
	return topHits(ctx, bi, q, limit, first)
}

// withIndex runs f with the open bleve index, holding it against a
// concurrent close. An empty index runs nothing.
func (ix *Index) withIndex(f func(bleve.Index) error) (err error) {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.bi == nil {
		return nil
	}
	defer recoverInto(&err, "search")
	return f(ix.bi)
}

// runQuery returns the best limit hits of q (their stored fields are not
// loaded; see hitBlocks) and how many documents matched in all.
func runQuery(ctx context.Context, bi bleve.Index, q query.Query, limit int) (search.DocumentMatchCollection, uint64, error) {
	req := bleve.NewSearchRequestOptions(q, limit, 0, false)
	res, err := bi.SearchInContext(ctx, req)
	if err != nil {
		return nil, 0, fmt.Errorf("index: search: %w", err)
	}
	for _, h := range res.Hits {
		h.Score = quantize(h.Score)
	}
	return res.Hits, res.Total, nil
}

// scoreQuantum is the resolution search scores are kept at (the blocks'
// and the commits'). bleve sums
// the statistics of each segment, and two builds of one tree segment it
// differently, so the same block scored 0.35889284027387025 in one and
// 0.3588928402738702 in the other: the last bits moved, and with them
// every score computed from it, so the JSON of two builds differed. A
// billionth is far above that noise and far below any difference that
// ranks.
const scoreQuantum = 1e-9

func quantize(s float64) float64 { return math.Round(s/scoreQuantum) * scoreQuantum }

// maxTieHits bounds the hits topHits asks for while it looks for the end
// of a group of equal scores at the cut.
const maxTieHits = 4096

// topHits returns the best limit hits of q, the same ones whatever the
// index's segment layout. bleve breaks ties between equal scores by
// internal document number, which depends on how the batches of a build
// landed in segments: two builds of one tree kept different blocks when
// equal scores straddled the cut, and every signal computed over the pool
// (file relevance, coverage, name counts) moved with them. topHits asks
// for more hits until the group of scores equal to the last kept one is
// whole, then orders ties by document ID and cuts; when the group is too
// large to fetch, it is dropped whole. first is the page asked first
// (a small one saves allocating a large page when few match).
func topHits(ctx context.Context, bi bleve.Index, q query.Query, limit, first int) (search.DocumentMatchCollection, error) {
	for n := max(1, first); ; {
		res, total, err := runQuery(ctx, bi, q, n)
		if err != nil || uint64(len(res)) >= total && len(res) <= limit {
			return res, err // every match fits
		}
		if len(res) <= limit {
			n = limit + 1 // a small first page was full
			continue
		}
		sortMatches(res)
		cut := res[limit-1].Score
		if res[len(res)-1].Score != cut || uint64(len(res)) >= total {
			return res[:limit], nil
		}
		if n >= maxTieHits {
			i := limit
			for i > 0 && res[i-1].Score == cut {
				i--
			}
			return res[:i], nil
		}
		n = min(2*n, maxTieHits)
	}
}

// sortMatches orders by score, then document ID.
func sortMatches(res search.DocumentMatchCollection) {
	slices.SortStableFunc(res, func(a, b *search.DocumentMatch) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.ID, b.ID))
	})
}

func sortHits(hits []Hit) {
	slices.SortStableFunc(hits, func(a, b Hit) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return blockCompare(a.Block, b.Block)
	})
}

// blockCompare orders blocks by path, then start line, the enclosing
// block first when two start on the same line.
func blockCompare(a, b Block) int {
	return cmp.Or(
		strings.Compare(a.Path, b.Path),
		cmp.Compare(a.StartLine, b.StartLine),
		cmp.Compare(b.EndLine, a.EndLine),
	)
}

// buildQuery turns a Query into a bleve boolean query.
func buildQuery(q Query) query.Query {
	var should []query.Query
	if q.Text != "" {
		for _, fb := range textBoosts {
			should = append(should, match(q.Text, fb.field, wordsAnalyzer, fb.boost, false))
			if !q.NoStems {
				should = append(should, match(q.Text, fb.field, stemsAnalyzer, fb.boost*boostStems, false))
			}
		}
	}
	should = append(should, expansionQueries(q.Expand)...)
	for _, id := range q.Identifiers {
		should = append(should,
			term(id, fSym, boostSymExact),
			match(id, fQName, exactAnalyzer, boostNameExact, false),
			match(id, fContent, exactAnalyzer, boostIdentBody, false))
	}
	for _, p := range q.Paths {
		should = append(should, term(p, fPath, boostPathExact), match(p, fPathP, identAnalyzer, boostPathParts, true))
	}
	bq := bleve.NewBooleanQuery()
	if len(should) > 0 {
		bq.AddShould(should...)
		bq.SetMinShould(1)
	}
	addFilters(bq, q)
	if len(should) == 0 && bq.Must == nil {
		// Only exclusions: every block but those. A filter query (a
		// path prefix, kinds) does without: a match-all clause beside it
		// was advanced to every hit, 5 % of a resident query's CPU.
		bq.AddMust(bleve.NewMatchAllQuery())
	}
	return bq
}

func addFilters(bq *query.BooleanQuery, q Query) {
	if len(q.Kinds) > 0 {
		var any []query.Query
		for _, k := range q.Kinds {
			any = append(any, term(string(k), fKind, filterBoost))
		}
		bq.AddMust(bleve.NewDisjunctionQuery(any...))
	}
	if len(q.Langs) > 0 {
		var any []query.Query
		for _, l := range q.Langs {
			any = append(any, term(l, fLang, filterBoost))
		}
		bq.AddMust(bleve.NewDisjunctionQuery(any...))
	}
	if q.PathPrefix != "" {
		pq := bleve.NewPrefixQuery(q.PathPrefix)
		pq.SetField(fPath)
		pq.SetBoost(filterBoost)
		bq.AddMust(pq)
	}
	if q.ExcludeTests {
		bq.AddMustNot(boolQ(fTest, true))
	}
	if q.ExcludeDocs {
		bq.AddMustNot(boolQ(fProse, true))
	}
	if q.OnlyDocs {
		bq.AddMust(boolQ(fProse, true))
	}
}

func match(text, field, analyzer string, boost float64, all bool) query.Query {
	mq := bleve.NewMatchQuery(text)
	mq.SetField(field)
	mq.Analyzer = analyzer
	mq.SetBoost(boost)
	if all {
		mq.SetOperator(query.MatchQueryOperatorAnd)
	}
	return mq
}

func term(t, field string, boost float64) query.Query {
	tq := bleve.NewTermQuery(t)
	tq.SetField(field)
	tq.SetBoost(boost)
	return tq
}

func boolQ(field string, v bool) query.Query {
	bq := bleve.NewBoolFieldQuery(v)
	bq.SetField(field)
	bq.SetBoost(filterBoost)
	return bq
}
