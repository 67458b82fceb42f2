package engine

import (
	"fmt"
	"math"
	"strings"
)

// The coverage signal: how many of the query's distinct strongest words a
// block's text holds, each weighted by its rarity among the candidates.
// BM25 with the index's name boost rewards one query word in a short name
// ("token" names analyzer.token) above a block that uses every word of
// the question in its body (the packer that enforces the token budget);
// coverage is the coordination BM25 lacks. It is computed once the
// candidates are read, over their current text.
const (
	weightCoverage = 1.0 // all the strongest words present
	coverageTerms  = 12  // the query's strongest keywords considered
)

// coverageWord is the form words are compared in: lowercased, lightly
// stemmed, without a final "e" ("enforced", "enforces", "enforce" →
// "enforc"; "tokens" → "token").
func coverageWord(w string) string {
	return strings.TrimSuffix(stem(strings.ToLower(w)), "e")
}

// termSet maps each coverage term to its bit in a mask (at most
// coverageTerms of them, so a uint32 holds them all).
type termSet map[string]uint32

func newTermSet(terms []string) termSet {
	ts := make(termSet, len(terms))
	for j, t := range terms {
		ts[t] = 1 << j
	}
	return ts
}

// in returns mask with the bits of the terms text holds: its identifiers'
// parts and the identifiers joined whole, as coverage words. It only looks
// words up, never collects them: coverage runs over every candidate's text
// on the query path, and a set of all their words cost 15 ms a pack.
func (ts termSet) in(text string, mask uint32) uint32 {
	for i := 0; i < len(text); {
		if !isWordByte(text[i]) {
			i++
			continue
		}
		start := i
		simple := true // lowercase ASCII letters and digits: one part
		for ; i < len(text) && isWordByte(text[i]); i++ {
			c := text[i]
			simple = simple && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9')
		}
		mask |= ts.field(text[start:i], simple)
	}
	return mask
}

// field looks up the parts of one identifier-shaped field, and the parts
// joined when there are several ("tokenCount" → token, count, tokencount).
func (ts termSet) field(f string, simple bool) uint32 {
	if simple {
		return ts[coverageWord(f)]
	}
	parts := splitWords(f)
	var mask uint32
	for _, p := range parts {
		mask |= ts[coverageWord(p)]
	}
	if len(parts) > 1 {
		mask |= ts[coverageWord(strings.Join(parts, ""))]
	}
	return mask
}

// isWordByte reports whether c belongs to an identifier-shaped field:
// ASCII letters, digits and '_', and every byte of a multi-byte rune (any
// rune above 127 counts, so its bytes, all above 127, do too).
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c > 127
}

// coverageTermsOf are the query's strongest keywords as coverage words,
// distinct, in priority order.
func coverageTermsOf(q Query) []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range q.Keywords {
		w := coverageWord(k)
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

// coverage adds the coverage signal to each candidate: weightCoverage ×
// the idf-weighted share of the query's terms its name and text hold,
// idf taken over the candidates (a word every candidate holds says
// nothing about any of them).
func (r *ranker) coverage(c []Candidate) {
	terms := coverageTermsOf(r.q)
	if len(terms) < 2 || len(c) == 0 || r.opts.disabled(signalCoverage) {
		return
	}
	ts := newTermSet(terms)
	has := make([]uint32, len(c))
	df := make([]int, len(terms))
	for i := range c {
		has[i] = ts.in(c[i].Text, ts.in(c[i].Block.QualName, 0))
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
	for i := range c {
		var got float64
		var n int
		for j := range terms {
			if has[i]&(1<<j) != 0 {
				got += idf[j]
				n++
			}
		}
		if got == 0 {
			continue
		}
		v := weightCoverage * got / total
		c[i].Signals = append(c[i].Signals, Signal{Name: signalCoverage, Value: v,
			Detail: fmt.Sprintf("holds %d of the query's %d strongest words", n, len(terms))})
		c[i].Score += v
		c[i].Reason = reasonOf(c[i].Signals)
	}
}
