package engine

import (
	"fmt"
	"math"
	"path"
	"slices"
)

// The coverage signal: how many of the query's distinct strongest words a
// block's name, text and directory hold, each weighted by its rarity
// among the candidates.
// BM25 with the index's name boost rewards one query word in a short name
// ("token" names analyzer.token) above a block that uses every word of
// the question in its body (the packer that enforces the token budget);
// coverage is the coordination BM25 lacks. It is computed once the
// candidates are read, over their current text.
const (
	weightCoverage = 2.0 // all the strongest words present
	coverageTerms  = 12  // the query's strongest keywords considered

	weightFileCoverage = 1.0 // all the strongest words present in the file's candidates together

	// neighbourMatch is the coverage share from which a block the graph
	// found is a match after all, offered in full, not at its signature
	// (neighbourLevels): conn.serve, a caller of doKeepAlives and
	// idleTimeout, holds every word of "http server keep-alive timeouts"
	// and ranks below the search's cut.
	neighbourMatch = 0.5
)

// coverageTermsOf are the query's strongest keywords as coverage words,
// distinct, in priority order.
func coverageTermsOf(q Query) []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range q.Keywords {
		w := TermWord(k)
		if len(w) >= 2 && !seen[w] && !(isTestWord(k) && !q.AboutTests) {
			seen[w] = true
			out = append(out, w)
			if len(out) == coverageTerms {
				break
			}
		}
	}
	return out
}

// matchTerms matches every candidate's name and text, once, against the
// coverage terms and the related signal's words (expand_terms.go) in one
// TermSet: has[i] is candidate i's mask, the coverage terms its low bits
// (terms is nil when coverage is off or the query has fewer than two).
// The directory's words count for coverage only: a related word in a
// path says nothing about what the text holds.
func (r *ranker) matchTerms(c []Candidate) (terms []string, ts *TermSet, has []uint32) {
	terms = coverageTermsOf(r.q)
	if len(terms) < 2 || r.opts.disabled(signalCoverage) {
		terms = nil
	}
	all := slices.Clone(terms)
	for _, w := range r.relatedWords() {
		if !slices.Contains(all, w) && len(all) < MaxTerms {
			all = append(all, w)
		}
	}
	if len(all) == 0 || len(c) == 0 {
		return terms, nil, nil
	}
	ts = NewTermSet(all)
	has = make([]uint32, len(c))
	low := uint32(1)<<len(terms) - 1
	for i := range c {
		has[i] = ts.InCandidate(&c[i])
		has[i] |= ts.In(path.Dir(c[i].Block.Path), 0) & low
	}
	return terms, ts, has
}

// coverage adds the coverage signal to each candidate: weightCoverage ×
// the idf-weighted share of the query's terms (terms, matched into has by
// matchTerms) its name, text and directory hold, idf taken over the
// candidates (a word every candidate holds says nothing about any of
// them). neighbourLevels reads the share back for graph neighbours.
func (r *ranker) coverage(c []Candidate, terms []string, has []uint32) {
	if len(terms) == 0 || has == nil {
		return
	}
	df := make([]int, len(terms))
	for i := range c {
		for j := range terms {
			if has[i]&(1<<j) != 0 {
				df[j]++
			}
		}
	}
	idf := make([]float64, len(terms))
	var total float64
	for j := range terms {
		idf[j] = math.Log(1 + float64(len(c))/float64(1+df[j]))
		total += idf[j]
	}
	share := func(mask uint32) (float64, int) {
		var got float64
		var n int
		for j := range terms {
			if mask&(1<<j) != 0 {
				got += idf[j]
				n++
			}
		}
		return got / total, n
	}
	for i := range c {
		v, n := share(has[i])
		if v == 0 {
			continue
		}
		c[i].Signals = append(c[i].Signals, Signal{Name: signalCoverage, Value: weightCoverage * v,
			Detail: fmt.Sprintf("holds %d of the query's %d strongest words", n, len(terms))})
		c[i].Score += weightCoverage * v
		c[i].Reason = reasonOf(c[i].Signals)
	}
	r.fileCoverage(c, has, share, len(terms))
}

// fileCoverage adds, to every candidate, weightFileCoverage × the share of
// the query's words that its file's candidates hold together: file-level
// evidence, so that a file about the question as a whole (its blocks
// holding different words of it) can win over one block that holds many.
func (r *ranker) fileCoverage(c []Candidate, has []uint32, share func(uint32) (float64, int), nTerms int) {
	if r.opts.disabled(signalFileCoverage) {
		return
	}
	union := map[string]uint32{}
	for i := range c {
		union[c[i].Block.Path] |= has[i]
	}
	for i := range c {
		v, n := share(union[c[i].Block.Path])
		if v == 0 {
			continue
		}
		c[i].Signals = append(c[i].Signals, Signal{Name: signalFileCoverage, Value: weightFileCoverage * v,
			Detail: fmt.Sprintf("its file holds %d of the query's %d strongest words", n, nTerms)})
		c[i].Score += weightFileCoverage * v
		c[i].Reason = reasonOf(c[i].Signals)
	}
}
