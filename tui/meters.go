package tui

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/render"
)

// metersPane shows the total (tokens used of the budget, tokenizer) and one
// meter per source with candidates (used against its share), redrawn on
// every re-pack.
type metersPane struct {
	width     int
	height    int // 2: total, then one meter per source; 1: both compact on one line
	pack      *packing.Pack
	budget    int
	tokenizer string
	sources   []engine.Source // sources that have candidates, in output order
	disabled  map[engine.Source]bool
	weights   map[engine.Source]float64
	st        styles
}

func (p *metersPane) SetSize(w, h int) { p.width, p.height = w, h }

func (p metersPane) View() string {
	if p.height == 1 {
		return fitLine(p.compact(), p.width)
	}
	return fitLine(p.total(), p.width) + "\n" + fitLine(p.perSource(), p.width)
}

// compact is the one-line meter of short terminals: the total, then what
// each source uses while they fit ("total ████░░ 7,985/8,000 · code 4.0k
// · docs 1.3k · +2 more").
func (p metersPane) compact() string {
	used := 0
	if p.pack != nil {
		used = p.pack.TokenCount
	}
	line := fmt.Sprintf("%s %s %s/%s", p.st.title.Render("total"), p.bar(used, p.budget, 8),
		render.Thousands(used), render.Thousands(p.budget))
	sep := p.st.faint.Render(" · ")
	for i, src := range p.sources {
		part := p.st.badge(src).Render(string(src))
		if p.disabled[src] {
			part += p.st.faint.Render(" off")
		} else if p.pack != nil {
			part += " " + compact(p.pack.PerSource[src].Used)
		} else {
			part += " 0"
		}
		more := ""
		if rest := len(p.sources) - i - 1; rest > 0 {
			more = fmt.Sprintf(" · +%d more", rest)
		}
		if cellWidth(ansiStrip(line+sep+part+more)) > p.width {
			return line + p.st.faint.Render(fmt.Sprintf(" · +%d more", len(p.sources)-i))
		}
		line += sep + part
	}
	return line
}

const totalBarWidth = 20

func (p metersPane) total() string {
	used, avail := 0, p.budget
	if p.pack != nil {
		used = p.pack.TokenCount
	}
	bar := p.bar(used, avail, totalBarWidth)
	return fmt.Sprintf("%s %s %s of %s tokens (%s)", p.st.title.Render("total"), bar,
		render.Thousands(used), render.Thousands(p.budget), p.tokenizer)
}

func (p metersPane) perSource() string {
	parts := make([]string, 0, len(p.sources))
	for _, src := range p.sources {
		label := p.st.badge(src).Render(string(src))
		if p.disabled[src] {
			parts = append(parts, label+p.st.faint.Render(" off"))
			continue
		}
		var u packing.SourceUsage
		if p.pack != nil {
			u = p.pack.PerSource[src]
		}
		// The packer goes by priority (engine/packing/budget.go): a source's bar is
		// its part of the whole budget, not of a fixed share.
		parts = append(parts, fmt.Sprintf("%s %s %s ×%s", label, p.bar(u.Used, p.budget, 6),
			compact(u.Used), weightString(p.weights[src])))
	}
	if len(parts) == 0 {
		return p.st.faint.Render("no sources yet")
	}
	return strings.Join(parts, "  ")
}

// bar draws used of capacity in w cells, coloured as it fills.
func (p metersPane) bar(used, capacity, w int) string {
	n := 0
	if capacity > 0 {
		n = min(used*w/capacity, w)
	} else if used > 0 {
		n = w
	}
	return p.st.meter(used, capacity).Render(strings.Repeat("█", n)) +
		p.st.meterEmpty.Render(strings.Repeat("░", w-n))
}

func weightString(w float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", w), "0"), ".")
}

// sourcesOf lists the sources that have candidates, in output order.
func sourcesOf(cands []engine.Candidate) []engine.Source {
	has := map[engine.Source]bool{}
	for _, c := range cands {
		has[c.Source] = true
	}
	out := make([]engine.Source, 0, len(has))
	for _, s := range engine.DefaultOrder() {
		if has[s] {
			out = append(out, s)
			delete(has, s)
		}
	}
	return append(out, slices.Sorted(maps.Keys(has))...) // any others, sorted
}
