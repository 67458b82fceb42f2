package diagnostics

import (
	"fmt"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// maxExtra bounds the note, help and frame lines shown under the header.
const maxExtra = 8

// header renders "severity tool: message [code]", the location (and how
// many times it was reported) and the notes.
func header(d Diagnostic, pl place) string {
	var b strings.Builder
	b.WriteString(string(d.Severity))
	if d.Tool != "" {
		b.WriteString(" " + d.Tool)
	}
	b.WriteString(": " + d.Message)
	if d.Code != "" && !strings.Contains(d.Message, d.Code) {
		b.WriteString(" [" + d.Code + "]")
	}
	b.WriteString("\n  at " + location(Diagnostic{Path: pl.shown, Line: d.Line, Col: d.Col}))
	if d.Count > 1 {
		fmt.Fprintf(&b, " (reported %d times)", d.Count)
	}
	if !pl.inside && pl.shown != "" {
		b.WriteString(" (outside the repository: not read)")
	}
	b.WriteByte('\n')
	for k, e := range d.Extra {
		if k == maxExtra {
			fmt.Fprintf(&b, "  … %d more\n", len(d.Extra)-maxExtra)
			break
		}
		b.WriteString("  " + e + "\n")
	}
	return b.String()
}

// enclosingLine names the block the code comes from.
func enclosingLine(encl *index.Block, pl place) string {
	return fmt.Sprintf("  in %s %s (%s:%d-%d)\n", encl.Kind, nameOf(*encl), pl.shown, encl.StartLine, encl.EndLine)
}

func nameOf(b index.Block) string {
	if b.QualName != "" {
		return b.QualName
	}
	return b.Name
}

// groupName is the list label: the best message, cut at 72 characters,
// and how many more the block holds.
func groupName(g *group) string {
	m := strings.TrimSpace(g.items[0].d.Message)
	if r := []rune(m); len(r) > 72 {
		m = string(r[:71]) + "…"
	}
	if n := len(g.items) - 1; n > 0 {
		m += fmt.Sprintf(" (+%d more)", n)
	}
	return m
}

// groupMeta is the best diagnostic's attribution, with the size of the
// group.
func groupMeta(g *group) map[string]string {
	best := g.items[0]
	m := meta(best.d, best.pl, best.encl)
	if len(g.items) > 1 {
		m["diagnostics"] = fmt.Sprint(len(g.items))
	}
	return m
}

// groupReason explains the best diagnostic and counts the others.
func groupReason(g *group) string {
	best := g.items[0]
	r := reason(best.d, best.pl, best.sigs)
	if n := len(g.items) - 1; n > 0 {
		r += fmt.Sprintf("; with %d more in the same code", n)
	}
	return r
}

// meta is the attribution the formats render.
func meta(d Diagnostic, pl place, encl *index.Block) map[string]string {
	m := map[string]string{"severity": string(d.Severity)}
	set := func(k, v string) {
		if v != "" {
			m[k] = v
		}
	}
	set("tool", d.Tool)
	set("code", d.Code)
	if d.Line > 0 {
		m["line"] = fmt.Sprint(d.Line)
	}
	if d.Col > 0 {
		m["col"] = fmt.Sprint(d.Col)
	}
	if d.Count > 1 {
		m["count"] = fmt.Sprint(d.Count)
	}
	if !pl.inside && pl.shown != "" {
		m["outside_root"] = "true"
	}
	if encl != nil {
		set("function", nameOf(*encl))
	}
	return m
}

// reason is the one-line explanation: what and what matched.
func reason(d Diagnostic, pl place, sigs []engine.Signal) string {
	r := string(d.Severity)
	if d.Tool != "" {
		r += " from " + d.Tool
	}
	if pl.shown != "" {
		r += " at " + location(Diagnostic{Path: pl.shown, Line: d.Line})
	}
	for _, s := range sigs {
		switch s.Name {
		case "path", "code", "identifier", "keyword":
			r += "; " + s.Detail
		}
	}
	return r
}
