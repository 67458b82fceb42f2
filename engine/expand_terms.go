package engine

import (
	"strings"

	"github.com/loupe-dev/loupe/index/vocab"
)

// Query expansion: the vocabulary gap. A person writes "unescaping",
// "composition", "keep-alive timeouts"; the code says unquote, compose,
// idleTimeout. The index stems every word it holds (vocab.Stem), so
// inflections meet without help ("unescaping" finds Unescape). What is left
// is words that differ: for each of the query's expandKeywords strongest
// keywords, the index's related-terms table (learned at index time from
// the words that share the repository's identifiers and doc comments, by
// normalized PMI) gives up to expandPerWord relatives, and a derived word
// gives its root when the repository uses it ("composition" → compose,
// "enforcement" → enforce), as does a negated word ("invalid" → valid:
// prose says what goes wrong, code names the check for what should hold,
// validOptionalPort). They are searched as weaker terms: a relative
// at weightRelated × its npmi, a root at weightRoot, against a typed word's
// 1. A word the query already holds is never an expansion, and the table
// never relates a word to a very common one. A candidate that holds an
// expansion but not the word it expands says so in a "related" signal of
// value 0: its text score came through the expansion.
const (
	expandKeywords = 8   // strongest keywords expanded
	expandPerWord  = 2   // relatives per keyword
	maxExpansions  = 12  // expansions per query
	maxExpandQuery = 16  // a longer query (an issue, a trace) holds the code\'s words already
	minRelatedNPMI = 0.3 // weaker relatives are left out
	weightRelated  = 0.3 // boost of a relative, times its npmi
	weightRoot     = 0.5 // boost of a derived word's root
	minExpandLen   = 4   // shorter keywords are not expanded
	minWordLen     = 3   // shorter relatives are left out
	signalRelated  = "related"
)

// withRelated fills q.Related from the searcher's vocabulary, unless the
// searcher has none, the signal is disabled or q has them already.
func withRelated(s Searcher, q Query, opts RankOptions) Query {
	v, ok := s.(Vocabulary)
	if !ok || opts.disabled(signalRelated) || q.Related != nil || len(q.Keywords) > maxExpandQuery {
		return q
	}
	q.Related = relatedTerms(v, q)
	return q
}

// relatedTerms returns the expansions of q's strongest keywords, best
// keyword first.
func relatedTerms(v Vocabulary, q Query) []RelatedTerm {
	typed := map[string]bool{}
	for _, k := range q.Keywords {
		typed[TermWord(k)] = true
	}
	var out []RelatedTerm
	n := 0
	for _, k := range q.Keywords {
		if n == expandKeywords || len(out) >= maxExpansions {
			break
		}
		if len(k) < minExpandLen || isStopWord(k) || (isTestWord(k) && !q.AboutTests) {
			continue
		}
		n++
		for _, r := range wordRelatives(v, k) {
			if !typed[r.Stem] && len(out) < maxExpansions {
				typed[r.Stem] = true
				out = append(out, r)
			}
		}
	}
	return out
}

// wordRelatives are one keyword's roots the repository uses, then its
// best relatives in the table.
func wordRelatives(v Vocabulary, k string) []RelatedTerm {
	var out []RelatedTerm
	stem := TermWord(k)
	for _, root := range derivedRoots(k) {
		if e, ok := v.Vocab(root); ok && root != stem {
			out = append(out, RelatedTerm{Word: e.Form, Stem: e.Stem, From: k, Weight: weightRoot})
			break
		}
	}
	e, ok := v.Vocab(stem)
	if !ok {
		return out
	}
	for _, r := range e.Related {
		if len(out) >= expandPerWord+1 || r.Weight < minRelatedNPMI {
			break
		}
		if isStopWord(r.Form) || len(r.Stem) < minWordLen {
			continue // "with" ← cancel (WithCancel): a part, not a word of meaning
		}
		out = append(out, RelatedTerm{Word: r.Form, Stem: r.Stem, From: k, Weight: weightRelated * r.Weight})
	}
	return out
}

// indexExpansions are q's expansions as the index searches them.
func indexExpansions(q Query) []vocab.Related {
	out := make([]vocab.Related, 0, len(q.Related))
	for _, e := range q.Related {
		out = append(out, vocab.Related{Stem: e.Stem, Form: e.Word, Weight: e.Weight})
	}
	return out
}

// derivations are suffixes of derived words and what replaces them to
// give the root: "composition" → compose, "validation" → validate,
// "enforcement" → enforce, "serialization" → serialize.
var derivations = []struct{ suffix, root string }{
	{"ization", "ize"}, {"isation", "ise"}, {"ication", "ify"}, {"ation", "ate"},
	{"ation", "e"}, {"ation", ""}, {"ition", "e"}, {"ition", ""}, {"ution", "ute"},
	{"ment", ""}, {"ness", ""}, {"ability", "able"}, {"ibility", "ible"}, {"ity", ""},
}

// Negations: prose says what goes wrong ("accepts an invalid port",
// "unsupported codec"), code names the check by what should hold
// (validOptionalPort, isSupported). "un" and "non" are stripped from any
// word whose rest is long enough; "in", "im", "il" and "ir" only from the
// adjectives below, because as a prefix they mostly are not negations
// (inline, import, inside).
var negatedAdjectives = map[string]bool{
	"invalid": true, "incorrect": true, "incomplete": true, "inconsistent": true,
	"insecure": true, "inactive": true, "insufficient": true, "incompatible": true,
	"inaccessible": true, "indirect": true, "immutable": true, "impossible": true,
	"improper": true, "illegal": true, "irregular": true, "irrelevant": true,
}

// negatedRoot returns k without its negating prefix, or "".
func negatedRoot(k string) string {
	for _, p := range []string{"non", "un"} {
		if rest, ok := strings.CutPrefix(k, p); ok && len(rest) >= minExpandLen {
			return strings.TrimPrefix(rest, "-")
		}
	}
	if negatedAdjectives[k] {
		return k[2:]
	}
	return ""
}

// derivedRoots returns the stems of the roots k may derive from, in
// order of preference: its root without a negation (negatedRoot), then
// without a derivational suffix; none for a word with neither or whose
// root would be shorter than minExpandLen.
func derivedRoots(k string) []string {
	k = strings.ToLower(k)
	var out []string
	if root := negatedRoot(k); root != "" {
		out = append(out, TermWord(root))
	}
	for _, d := range derivations {
		base, ok := strings.CutSuffix(k, d.suffix)
		if !ok || len(base) < minExpandLen-1 {
			continue
		}
		if root := TermWord(base + d.root); len(root) >= minExpandLen && !containsStr(out, root) {
			out = append(out, root)
		}
	}
	return out
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// relatedWords are the words the related signal looks for in a
// candidate: each expansion's stem and the word it expands; nil when the
// query has no expansions or the signal is off.
func (r *ranker) relatedWords() []string {
	if len(r.q.Related) == 0 || r.opts.disabled(signalRelated) {
		return nil
	}
	words := make([]string, 0, 2*len(r.q.Related))
	for _, e := range r.q.Related {
		for _, t := range []string{e.Stem, TermWord(e.From)} {
			if !containsStr(words, t) {
				words = append(words, t)
			}
		}
	}
	return words
}

// relatedNotes adds to each candidate that holds an expansion but not the
// word it expands (has[i]: the bits of ts its name and text hold) a
// related signal of value 0 that says so: its text score came through the
// expansion.
func (r *ranker) relatedNotes(c []Candidate, ts *TermSet, has []uint32) {
	if ts == nil || len(r.q.Related) == 0 || r.opts.disabled(signalRelated) {
		return
	}
	for i := range c {
		var notes []string
		for _, e := range r.q.Related {
			stem, from := ts.Bit(e.Stem), ts.Bit(TermWord(e.From))
			if stem != 0 && from != 0 && has[i]&stem != 0 && has[i]&from == 0 {
				notes = append(notes, e.Word+" ← "+e.From)
			}
		}
		if len(notes) > 0 {
			c[i].Signals = append(c[i].Signals, Signal{Name: signalRelated, Detail: "related: " + strings.Join(notes, ", ")})
		}
	}
}
