package index

// # Scoring: BM25, with the statistics of the blocks themselves
//
// bleve scores with TF-IDF (Lucene's classic similarity) unless the
// mapping asks for BM25: a word's weight grows with the square root of
// how often a block repeats it, without bound, and falls with the square
// root of the block's length, so a block that says one word of the query
// many times outweighed one that uses every word of it once. BM25, which
// the strongest lexical systems rank with, saturates a repeated word (k1)
// and measures a block's length against the average block (b). On the
// dev cases it ranks the block the fix changed higher (MRR .687 → .709)
// and shows more of its lines at 2k, 8k and 16k (docs/bench/eval.md,
// "BM25"); it does not bring net/http's conn.serve, 2,110 tokens long,
// into the pool for "http server keep-alive timeouts".
//
// The scoring model is a search-time setting of the mapping, not part of
// what the index stores, so an index built before scores with BM25 too.
// bleve's BM25 takes a field's average length as the number of distinct
// terms in its dictionary over the number of documents: 4.2 for the
// content of the Go tree's 103,752 blocks, which hold about 125 tokens
// each, so every block was weighed as if it were 25 times longer than
// the average. The index gives bleve its own statistics instead
// (withScoring): the average content length estimated from the manifest
// (the bytes of the indexed files over their blocks, times
// contentTokensPerByte), and fixed averages for the short fields. Both
// depend only on what is indexed, so two builds of one tree score alike.

import (
	"context"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	bindex "github.com/blevesearch/bleve_index_api"
)

// BM25's parameters. k1 bounds what repeating a word adds (bleve's
// default, Elasticsearch's, is 1.2); b is how far a field's length
// relative to the average lowers its words' weight. Measured on both
// evaluations (docs/bench/eval.md, "BM25"): k1 1.2 → 2.0 kept the dev
// gains and brought the NL questions back to .851 (1.2: .849; 3.0: .848);
// b .75 → .5 lost on both.
const (
	bm25K1 = 2.0
	bm25B  = 0.75
)

// Average lengths, in analysed tokens, of the fields a text query scores.
const (
	// contentTokensPerByte turns the indexed bytes per block into the
	// average content length. The identifier analyzer (an identifier's
	// parts, the identifier joined, their stems) emits 0.20-0.21 tokens
	// per byte of Go (net/http, encoding/json, cobra), 0.17 of Python
	// (marshmallow), 0.20 of prose (README.md); the evaluations ran with
	// 0.25, which weighs a long block against a slightly longer average.
	contentTokensPerByte = 0.25
	avgNameTokens        = 3.0  // a qualified name's parts, joined and stemmed
	avgSignatureTokens   = 10.0 // a signature's parts
	avgPathTokens        = 8.0  // a path's parts
)

// init sets BM25's parameters, which bleve keeps in package variables;
// nothing else in the process searches with bleve's BM25 (the commits
// index scores with TF-IDF), and setting them once, before any search,
// keeps a concurrent open from writing what a search reads.
func init() {
	search.BM25_k1, search.BM25_b = bm25K1, bm25B
}

// scoreWithBM25 makes bi score with BM25, whatever mapping it was built
// with. It must run before bi serves a search.
func scoreWithBM25(bi bleve.Index) {
	if im, ok := bi.Mapping().(*mapping.IndexMappingImpl); ok {
		im.ScoringModel = bindex.BM25Scoring
	}
}

// scoringStats are the BM25 statistics of one snapshot (its manifest).
type scoringStats struct {
	man   *manifest
	stats *search.BM25Stats
}

// withScoring returns ctx carrying the BM25 statistics of the snapshot
// bi searches; ix.mu must be held (for reading at least).
func (ix *Index) withScoring(ctx context.Context, bi bleve.Index) context.Context {
	s := ix.scoring.Load()
	if s == nil || s.man != ix.man {
		s = newScoringStats(ix.man, bi)
		ix.scoring.Store(s)
	}
	return context.WithValue(ctx, search.BM25StatsKey, s.stats)
}

// newScoringStats estimates the average field lengths of man's blocks.
// bleve wants them as a field's total length ("cardinality") and the
// number of documents; every indexed field (blockFields, boolFields) needs
// an entry, or a query that names it fails.
func newScoringStats(man *manifest, bi bleve.Index) *scoringStats {
	docs, _ := bi.DocCount()
	var bytes, blocks int64
	for _, f := range man.Files {
		if f.Skip == "" && f.NBlocks > 0 {
			bytes += f.Size
			blocks += int64(f.NBlocks)
		}
	}
	content := 1.0
	if blocks > 0 {
		content = max(1, float64(bytes)/float64(blocks)*contentTokensPerByte)
	}
	n := float64(docs)
	total := func(avg float64) int { return int(avg * n) }
	fc := make(map[string]int, len(blockFields)+len(boolFields))
	for _, f := range blockFields {
		fc[f.name] = total(1) // a keyword field holds one term
	}
	for _, f := range boolFields {
		fc[f] = total(1)
	}
	fc[fContent], fc[fQName] = total(content), total(avgNameTokens)
	fc[fSig], fc[fPathP] = total(avgSignatureTokens), total(avgPathTokens)
	return &scoringStats{man: man, stats: &search.BM25Stats{DocCount: n, FieldCardinality: fc}}
}
