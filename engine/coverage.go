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

// wordsIn is the set of coverage words of text: its identifiers' parts
// and the identifiers joined whole.
func wordsIn(text string) map[string]bool {
	ws := map[string]bool{}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
		parts := splitWords(f)
		for _, p := range parts {
			ws[coverageWord(p)] = true
		}
		if len(parts) > 1 {
			ws[coverageWord(strings.Join(parts, ""))] = true
		}
	}
	return ws
}

func isWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127
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
	has := make([]map[string]bool, len(c))
	df := make([]int, len(terms))
	for i := range c {
		has[i] = wordsIn(c[i].Block.QualName + " " + c[i].Text)
		for j, t := range terms {
			if has[i][t] {
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
		for j, t := range terms {
			if has[i][t] {
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
