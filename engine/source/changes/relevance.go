package changes

import (
	"strings"

	"github.com/loupe-dev/loupe/engine"
)

// maxTerms is how many of the query's terms a change is matched against:
// the strongest ones (an issue's title, its identifiers), so that a long
// pasted issue does not dilute every share to nothing, nor let its filler
// words make every hunk relevant.
const maxTerms = 8

// queryTerms are what a change is matched against: the query's strongest
// identifiers and keywords, as normalized words, and its paths.
type queryTerms struct {
	words []string // normalized (see norm), identifiers first
	paths []string // lowercased
}

func termsOf(q engine.Query) queryTerms {
	var t queryTerms
	seen := map[string]bool{}
	add := func(w string) {
		if n := norm(w); len(n) >= 2 && !seen[n] && len(t.words) < maxTerms {
			seen[n] = true
			t.words = append(t.words, n)
		}
	}
	for _, id := range q.Identifiers {
		add(strings.Join(engine.Words(id), ""))
	}
	for _, k := range q.Keywords {
		add(k)
	}
	for _, p := range q.Paths {
		t.paths = append(t.paths, strings.ToLower(p))
	}
	return t
}

// norm is the form words are compared in: lowercased, lightly stemmed,
// without a final "e" ("enforced", "enforces", "enforce" → "enforc").
func norm(w string) string {
	return strings.TrimSuffix(engine.Stem(strings.ToLower(w)), "e")
}

// wordSet holds the normalized words of a text, and of each identifier
// joined whole ("p.tokenCount" → p, token, count, tokencount), so a query
// identifier matches it whole and a query word matches its parts.
type wordSet map[string]bool

func wordsOf(texts ...string) wordSet {
	ws := wordSet{}
	for _, text := range texts {
		for _, f := range strings.FieldsFunc(text, notIdentRune) {
			parts := engine.Words(f)
			for _, p := range parts {
				ws[norm(p)] = true
			}
			if len(parts) > 1 {
				ws[norm(strings.Join(parts, ""))] = true
			}
		}
	}
	return ws
}

func notIdentRune(r rune) bool {
	return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127)
}

// splitDiff separates what a change says, its added and removed lines and
// the function git names in each hunk header, from the context lines,
// which are in the hunk only because they sit next to the edit.
func splitDiff(diff string) (changed, context string) {
	var ch, ctx strings.Builder
	for line := range strings.Lines(diff) {
		switch {
		case strings.HasPrefix(line, "+"), strings.HasPrefix(line, "-"):
			ch.WriteString(line[1:])
		case strings.HasPrefix(line, "@@"):
			if i := strings.Index(line[2:], "@@"); i >= 0 {
				ch.WriteString(line[2+i+2:])
			}
		default:
			ctx.WriteString(line)
		}
	}
	return ch.String(), ctx.String()
}

// contextWeight is what a term found only in context lines counts for
// (an edit inside retryWithBackoff may change no line that names it).
const contextWeight = 0.5

// relevance is what c has to do with the query: its text and path
// signals, the terms it mentions, and whether its changed lines or its
// path alone reach minRelevance (context lines rank but never admit).
type relevance struct {
	signals []engine.Signal
	matched []string
	firm    bool
}

func relevanceOf(c change, t queryTerms) relevance {
	var r relevance
	changed, context := splitDiff(c.text)
	cw, xw := wordsOf(changed), wordsOf(context)
	var hits, firm float64
	for _, w := range t.words {
		switch {
		case cw[w]:
			hits++
			firm++
			r.matched = append(r.matched, w)
		case xw[w]:
			hits += contextWeight
			r.matched = append(r.matched, w)
		}
	}
	if hits > 0 {
		n := float64(len(t.words))
		r.signals = append(r.signals, engine.Signal{Name: "text", Value: weightText * hits / n,
			Detail: "mentions " + strings.Join(r.matched, ", ")})
		r.firm = weightText*firm/n >= minRelevance
	}
	if s, ok := pathSignal(c.path, t); ok {
		r.signals = append(r.signals, s)
		r.firm = true
	}
	return r
}

// pathSignal: the file is a query path (or inside one), or a word of its
// path is a query term ("budget" → engine/budget.go).
func pathSignal(p string, t queryTerms) (engine.Signal, bool) {
	low := strings.ToLower(p)
	for _, qp := range t.paths {
		if low == qp || strings.HasSuffix(low, "/"+qp) || strings.HasPrefix(low, strings.TrimSuffix(qp, "/")+"/") {
			return engine.Signal{Name: "path", Value: weightPath, Detail: "path matches " + qp}, true
		}
	}
	ws := wordsOf(p)
	for _, w := range t.words {
		if ws[w] {
			return engine.Signal{Name: "path", Value: weightPath, Detail: "path contains " + w}, true
		}
	}
	return engine.Signal{}, false
}
