package diagnostics

import (
	"fmt"
	"path"
	"strings"

	"github.com/loupe-dev/loupe/engine"
)

// band is the score range of a severity: an error always outranks a warning.
func band(s Severity) (lo, hi float64) {
	switch s {
	case SeverityError:
		return 0.6, 1.0
	case SeverityWarning:
		return 0.3, 0.6
	default:
		return 0.0, 0.3
	}
}

// Weights inside a band (fractions of its width).
const (
	orderWeight     = 0.45 // the tool's first report of a severity gets all of it
	relevanceWeight = 0.54 // full query relevance; the rest keeps scores below the band's top
	orderSpan       = 20   // the 20th report and later get no order credit
)

// score computes a candidate's score and signals from the diagnostic, its
// position among those of the same severity, the text it will show and the
// query.
func score(d Diagnostic, pos int, shown string, q engine.Query) (float64, []engine.Signal) {
	lo, hi := band(d.Severity)
	w := hi - lo
	order := orderWeight * w * (1 - float64(min(pos, orderSpan))/orderSpan)
	sigs := []engine.Signal{
		{Name: "severity", Value: lo, Detail: string(d.Severity)},
		{Name: "order", Value: order, Detail: fmt.Sprintf("report %d of its severity", pos+1)},
	}
	rel, relSigs := relevance(d, shown, q)
	for _, s := range relSigs {
		s.Value *= relevanceWeight * w
		sigs = append(sigs, s)
	}
	total := lo + order + relevanceWeight*w*rel
	return min(max(total, 0), 1), sigs
}

// relevance in [0, 1]: how much the query mentions this diagnostic's path,
// code, identifiers and words. Each signal's Value is its share before
// scaling; the shares are capped at 1 together.
func relevance(d Diagnostic, shown string, q engine.Query) (float64, []engine.Signal) {
	var sigs []engine.Signal
	add := func(name string, v float64, detail string) {
		sigs = append(sigs, engine.Signal{Name: name, Value: v, Detail: detail})
	}
	if p := matchPath(d.Path, q.Paths); p != "" {
		add("path", 0.5, "query names "+p)
	}
	words := strings.ToLower(d.Message + " " + d.Code + " " + d.Tool + " " + strings.Join(d.Extra, " "))
	if d.Code != "" && containsFold(append(q.Keywords, q.Identifiers...), d.Code) {
		add("code", 0.5, "query names "+d.Code)
	}
	if ids := mentioned(q.Identifiers, d.Message+"\n"+shown, false); len(ids) > 0 {
		add("identifier", min(0.3*float64(len(ids)), 0.6), "mentions "+strings.Join(ids, ", "))
	}
	if kws := mentioned(q.Keywords, words, true); len(kws) > 0 {
		add("keyword", min(0.15*float64(len(kws)), 0.45), "mentions "+strings.Join(kws, ", "))
	}
	total := 0.0
	for _, s := range sigs {
		total += s.Value
	}
	if total > 1 {
		for k := range sigs {
			sigs[k].Value /= total
		}
		total = 1
	}
	return total, sigs
}

// matchPath returns the query path that names p (equal, a suffix, or the
// same base name), if any.
func matchPath(p string, paths []string) string {
	p = path.Clean(strings.TrimPrefix(p, "./"))
	for _, qp := range paths {
		c := path.Clean(strings.TrimPrefix(qp, "./"))
		if c == p || strings.HasSuffix(p, "/"+c) || strings.HasSuffix(c, "/"+p) || path.Base(c) == path.Base(p) && strings.Contains(path.Base(c), ".") {
			return qp
		}
	}
	return ""
}

// mentioned returns the terms found in text (lowercase when fold).
func mentioned(terms []string, text string, fold bool) []string {
	var out []string
	for _, t := range terms {
		if len(t) < 3 {
			continue
		}
		needle := t
		if fold {
			needle = strings.ToLower(t)
		}
		if strings.Contains(text, needle) {
			out = append(out, t)
		}
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
