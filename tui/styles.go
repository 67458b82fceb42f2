package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"charm.land/lipgloss/v2"
	"github.com/loupe-dev/loupe/engine"
)

// styles are built once per background (dark or light) and colour choice;
// the program downsamples to the terminal's colour profile.
type styles struct {
	dark    bool
	noColor bool

	title, faint, bold, selected, warn, err, ok lipgloss.Style
	logo, tabOn, tabOff, rule                   lipgloss.Style
	focusRule                                   lipgloss.Style // the border of the focused pane
	focusBorder                                 bool           // without colour, the focused pane's border is thick
	badges                                      map[engine.Source]lipgloss.Style
	meterOK, meterNear, meterFull, meterEmpty   lipgloss.Style
}

func newStyles(dark, noColor bool) styles {
	s := styles{dark: dark, noColor: noColor, badges: map[engine.Source]lipgloss.Style{}}
	plain := lipgloss.NewStyle()
	s.faint = plain.Faint(true)
	s.bold = plain.Bold(true)
	s.selected = plain.Reverse(true)
	s.logo = plain.Reverse(true).Bold(true)
	s.tabOn = plain.Bold(true).Underline(true)
	s.tabOff = s.faint
	s.rule = s.faint
	s.focusRule = plain
	if noColor {
		s.focusBorder = true
		s.title, s.warn, s.err, s.ok = s.bold, s.bold, s.bold, plain
		s.meterOK, s.meterNear, s.meterFull, s.meterEmpty = plain, plain, s.bold, s.faint
		for _, src := range engine.DefaultOrder() {
			s.badges[src] = plain
		}
		return s
	}
	ld := lipgloss.LightDark(dark)
	fg := func(light, darkc string) lipgloss.Style {
		return plain.Foreground(ld(lipgloss.Color(light), lipgloss.Color(darkc)))
	}
	s.title = fg("#5A3FC0", "#B9A5FF").Bold(true)
	s.warn = fg("#A36A00", "#F5C26B")
	s.err = fg("#B3261E", "#FF8A80").Bold(true)
	s.ok = fg("#1B7F3A", "#7EE2A8")
	s.selected = plain.Background(ld(lipgloss.Color("#E4DEFF"), lipgloss.Color("#3B3361"))).Bold(true)
	s.logo = plain.Bold(true).Foreground(ld(lipgloss.Color("#FFFFFF"), lipgloss.Color("#1A1530"))).
		Background(ld(lipgloss.Color("#5A3FC0"), lipgloss.Color("#B9A5FF")))
	s.tabOn = fg("#5A3FC0", "#B9A5FF").Bold(true).Underline(true)
	s.rule = fg("#C8C8C8", "#4A4A4A")
	s.focusRule = fg("#7A62D9", "#9D86F5")
	s.meterOK, s.meterNear, s.meterFull = s.ok, s.warn, s.err
	s.meterEmpty = fg("#C8C8C8", "#4A4A4A")
	badge := map[engine.Source][2]string{
		engine.SourceCode: {"#1F5FAD", "#7FB4FF"}, engine.SourceDocs: {"#6B4E16", "#E0C080"},
		engine.SourceChanges: {"#A3480B", "#FFAA66"}, engine.SourceDiagnostics: {"#B3261E", "#FF8A80"},
		engine.SourceCommits: {"#5A3FC0", "#C0A8FF"}, engine.SourceNotes: {"#1B7F3A", "#7EE2A8"},
		engine.SourceTests: {"#0E7C86", "#6FE3EC"},
	}
	for src, c := range badge {
		s.badges[src] = fg(c[0], c[1])
	}
	return s
}

func (s styles) badge(src engine.Source) lipgloss.Style {
	if b, ok := s.badges[src]; ok {
		return b
	}
	return lipgloss.NewStyle()
}

// meter picks the meter colour by how full it is.
func (s styles) meter(used, capacity int) lipgloss.Style {
	switch {
	case capacity <= 0 || used > capacity:
		return s.meterFull
	case used*10 >= capacity*9:
		return s.meterNear
	default:
		return s.meterOK
	}
}

// chromaStyle is the syntax-highlighting theme for the background.
func (s styles) chromaStyle() string {
	if s.dark {
		return "monokai"
	}
	return "github"
}

// logoText is the badge at the start of the query line.
const logoText = " loupe "

// box frames body lines (each exactly w-2 cells, at most h-2 of them) in a
// rounded border exactly w×h cells, the title, its info and the right
// side (a position, a percentage) in the top border:
// "╭─ title  info ────── right ─╮". The focused pane's border is in the
// accent colour (thick without colour).
func (s styles) box(title, info, right string, body []string, w, h int, focused bool) string {
	rule, b := s.rule, lipgloss.RoundedBorder()
	if focused {
		rule = s.focusRule
		if s.focusBorder {
			b = lipgloss.ThickBorder()
		}
	}
	inner := max(w-2, 0)
	lines := make([]string, 0, h)
	lines = append(lines, rule.Render(b.TopLeft)+s.sectionWith(rule, b.Top+" ", title, info, right, inner)+rule.Render(b.TopRight))
	side, blank := rule.Render(b.Left), spaces(inner)
	for i := 0; i < h-2; i++ {
		line := blank
		if i < len(body) {
			line = body[i]
		}
		lines = append(lines, side+line+rule.Render(b.Right))
	}
	bottom := rule.Render(b.BottomLeft + strings.Repeat(b.Bottom, inner) + b.BottomRight)
	return strings.Join(append(lines, bottom), "\n")
}

// sectionWith draws a title line as a rule exactly w cells wide, in the
// rule's style after its lead-in: "─ title  info ───── right ─"; the info
// gives way first.
func (s styles) sectionWith(rule lipgloss.Style, lead, title, info, right string, w int) string {
	left := rule.Render(lead) + title
	tail := ""
	if right != "" {
		tail = " " + right + rule.Render(" ─")
	}
	if info != "" {
		// The info gives way first: the title and the right side (a
		// position, a percentage) stay whole.
		room := w - cellWidth(ansiStrip(left)) - cellWidth(ansiStrip(tail)) - 4
		if room >= 6 {
			left += "  " + ansi.Truncate(info, room, "…")
		}
	}
	left += " "
	fill := w - cellWidth(ansiStrip(left)) - cellWidth(ansiStrip(tail))
	if fill < 1 {
		return fitLine(left+tail, w)
	}
	return left + rule.Render(strings.Repeat("─", fill)) + tail
}

// DarkFromColorFGBG reads the background from COLORFGBG ("15;0", or
// "0;default;15" from rxvt), which terminals such as rxvt and Konsole set
// and which answers without asking the terminal: ok is false when the
// value says nothing. Background colours 0-6 and 8 are dark, 7 and 9-15
// light (the ANSI palette).
func DarkFromColorFGBG(v string) (dark, ok bool) {
	parts := strings.Split(v, ";")
	bg, err := strconv.Atoi(strings.TrimSpace(parts[len(parts)-1]))
	if v == "" || err != nil || bg < 0 || bg > 15 {
		return false, false
	}
	return bg <= 6 || bg == 8, true
}
