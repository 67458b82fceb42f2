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
// identifiers and keywords, as engine.TermWords, and its paths.
type queryTerms struct {
	words []string // identifiers first
	set   *engine.TermSet
	paths []string // lowercased
}

func termsOf(q engine.Query) queryTerms {
	var t queryTerms
	seen := map[string]bool{}
	add := func(w string) {
		if n := engine.TermWord(w); len(n) >= 2 && !seen[n] && len(t.words) < maxTerms {
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
	t.set = engine.NewTermSet(t.words)
	for _, p := range q.Paths {
		t.paths = append(t.paths, strings.ToLower(p))
	}
	return t
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
	cw, xw := t.set.In(changed, 0), t.set.In(context, 0)
	var hits, firm float64
	for j, w := range t.words {
		switch bit := uint32(1) << j; {
		case cw&bit != 0:
			hits++
			firm++
			r.matched = append(r.matched, w)
		case xw&bit != 0:
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
	ws := t.set.In(p, 0)
	for j, w := range t.words {
		if ws&(1<<j) != 0 {
			return engine.Signal{Name: "path", Value: weightPath, Detail: "path contains " + w}, true
		}
	}
	return engine.Signal{}, false
}
