package index

import (
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/loupe-dev/loupe/index/vocab"
)

// expandFields are the fields an expansion term is looked for in, with
// their boosts: a related word in a block's name says more than in its
// body, as for the typed words (textBoosts).
var expandFields = []struct {
	field string
	boost float64
}{
	{fQName, 5}, {fContent, 1},
}

// expansionQueries are the weaker clauses of a query's expansions: the
// stem as a term (the index holds every word's stem next to it), at the
// expansion's weight times the field's boost.
func expansionQueries(exp []vocab.Related) []query.Query {
	var out []query.Query
	for _, e := range exp {
		if e.Stem == "" || e.Weight <= 0 {
			continue
		}
		for _, f := range expandFields {
			out = append(out, term(e.Stem, f.field, e.Weight*f.boost))
		}
	}
	return out
}

// Vocab returns the related-terms entry of a stem (see package vocab):
// how many units of the repository hold it, its display form and its
// relatives. false when the repository does not use the word in its
// identifiers or doc comments, or the index has no table.
func (ix *Index) Vocab(stem string) (vocab.Entry, bool) {
	return ix.table().Lookup(stem)
}
