package notes

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Premortem assembles, as Markdown, what the notes say could go wrong in
// domain before trying strategy (optional): common failures (the domain's
// falsified experiences), strategy performance (outcomes per strategy),
// unexpected outcomes (surprises), root causes to watch (lessons, and error
// memories filed under the domain) and relevant principles. Experiences of
// strategy come first in each list; the rest by confidence, then newest.
func Premortem(f *File, domain, strategy string) string {
	var xs []Experience
	var ps []Principle
	var errs []Memory
	for _, e := range f.Entries() {
		switch {
		case e.Experience != nil && inDomain(e.Experience.Domain, domain):
			xs = append(xs, *e.Experience)
		case e.Principle != nil && (e.Principle.Domain == "" || related(e.Principle.Domain, domain)):
			ps = append(ps, *e.Principle)
		case e.Memory != nil && e.Memory.Kind == KindError && e.Memory.Category != "" && related(e.Memory.Category, domain):
			errs = append(errs, *e.Memory)
		}
	}
	sortExperiences(xs, strategy)
	var b strings.Builder
	title := "# Premortem: " + domain
	if strategy != "" {
		title += " (strategy: " + strategy + ")"
	}
	fmt.Fprintf(&b, "%s\n\nFrom %s and %s in the project's notes.\n", title, plural(len(xs), "experience"), plural(len(ps), "principle"))
	section(&b, "Common failures", failures(xs))
	b.WriteString("\n## Strategy performance\n\n" + performance(xs, strategy))
	section(&b, "Unexpected outcomes", surprises(xs))
	section(&b, "Root causes to watch", rootCauses(xs, errs))
	section(&b, "Relevant principles", principles(ps))
	return b.String()
}

func section(b *strings.Builder, title string, items []string) {
	fmt.Fprintf(b, "\n## %s\n\n", title)
	if len(items) == 0 {
		b.WriteString("_None recorded._\n")
		return
	}
	for _, it := range items {
		b.WriteString("- " + it + "\n")
	}
}

// sortExperiences: the chosen strategy first, then confidence, then newest,
// then id (for byte-identical output).
func sortExperiences(xs []Experience, strategy string) {
	sort.SliceStable(xs, func(a, b int) bool {
		x, y := xs[a], xs[b]
		if mx, my := strategy != "" && strings.EqualFold(x.Strategy, strategy), strategy != "" && strings.EqualFold(y.Strategy, strategy); mx != my {
			return mx
		}
		if x.Confidence != y.Confidence {
			return x.Confidence > y.Confidence
		}
		if !x.Created.Equal(y.Created) {
			return x.Created.After(y.Created)
		}
		return x.ID < y.ID
	})
}

func failures(xs []Experience) []string {
	var out []string
	for _, x := range xs {
		if x.Status != StatusFalsified {
			continue
		}
		s := "**" + oneLine(x.Goal) + "**" + attribution(x)
		if x.Prediction != "" {
			s += ": predicted " + quote(x.Prediction)
		}
		if x.Result != "" {
			s += "; got " + quote(x.Result)
		}
		out = append(out, s)
	}
	return out
}

func attribution(x Experience) string {
	parts := []string{}
	if x.Strategy != "" {
		parts = append(parts, x.Strategy)
	}
	parts = append(parts, "confidence "+strconv.FormatFloat(x.Confidence, 'f', -1, 64))
	return " (" + strings.Join(parts, ", ") + ")"
}

func quote(s string) string { return "“" + oneLine(s) + "”" }

// performance is a table of outcomes per strategy, in order of first
// appearance (the chosen strategy first), marked with ◀ for the chosen one.
func performance(xs []Experience, strategy string) string {
	type row struct{ confirmed, falsified, partial, open int }
	rows := map[string]*row{}
	var order []string
	for _, x := range xs {
		name := x.Strategy
		if name == "" {
			name = "(none)"
		}
		r, ok := rows[name]
		if !ok {
			r = &row{}
			rows[name] = r
			order = append(order, name)
		}
		switch x.Status {
		case StatusConfirmed:
			r.confirmed++
		case StatusFalsified:
			r.falsified++
		case StatusPartial:
			r.partial++
		default:
			r.open++
		}
	}
	if strategy != "" && rows[strategy] == nil {
		rows[strategy] = &row{}
		order = append(order, strategy)
	}
	if len(order) == 0 {
		return "_None recorded._\n"
	}
	var b strings.Builder
	b.WriteString("| strategy | confirmed | falsified | partial | open |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, name := range order {
		r := rows[name]
		label := name
		if strategy != "" && strings.EqualFold(name, strategy) {
			label += " ◀"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", label, r.confirmed, r.falsified, r.partial, r.open)
	}
	return b.String()
}

func surprises(xs []Experience) []string {
	var out []string
	for _, x := range xs {
		if x.Surprise != "" {
			out = append(out, oneLine(x.Surprise)+" (while: "+oneLine(x.Goal)+")")
		}
	}
	return out
}

func rootCauses(xs []Experience, errs []Memory) []string {
	seen := map[string]bool{}
	var out []string
	add := func(text, note string) {
		if k := strings.ToLower(oneLine(text)); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, oneLine(text)+note)
		}
	}
	for _, x := range xs {
		add(x.Lesson, attribution(x))
	}
	sort.SliceStable(errs, func(a, b int) bool { return errs[a].Importance > errs[b].Importance })
	for _, m := range errs {
		add(m.Text, fmt.Sprintf(" (error, importance %d)", m.Importance))
	}
	return out
}

func principles(ps []Principle) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		s := oneLine(p.Text)
		if p.Domain != "" {
			s += " (" + p.Domain + ")"
		}
		out = append(out, s)
	}
	return out
}

// related: one domain contains the other ("payments" and
// "payments/refunds"), so a parent's principles apply to its parts.
func related(a, b string) bool { return inDomain(a, b) || inDomain(b, a) }

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
