package tui

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// queryInfoWidth is the room kept right of the input for what the last
// search found ("120 candidates · 5 sources"); below narrowQuery columns
// it says the candidates only, in queryInfoNarrow, so that the query has
// the room (at 60 columns a 16-letter query showed its last 14).
const (
	queryInfoWidth  = 28
	queryInfoNarrow = 16
	narrowQuery     = 80
)

// queryPane is the query line at the top: a text input plus what the last
// search found, or that one is running.
type queryPane struct {
	input     textinput.Model
	width     int
	searching bool
	found     *searchFound // what the last search found; nil before the first
	st        styles
}

// searchFound is what a search found, as the query line counts it.
type searchFound struct{ candidates, sources int }

// info is "42 candidates · 7 sources", or with narrow "42 candidates".
func (f *searchFound) info(narrow bool) string {
	if f == nil {
		return ""
	}
	s := plural(f.candidates, "candidate")
	if !narrow {
		s += " · " + plural(f.sources, "source")
	}
	return s
}

func newQueryPane(value string, st styles) queryPane {
	in := textinput.New()
	in.Prompt = "query › "
	in.Placeholder = "what are you about to do?"
	s := textinput.DefaultStyles(st.dark)
	s.Cursor.Blink = false
	if st.noColor {
		s = noColorInputStyles(s)
	}
	in.SetStyles(s)
	in.SetValue(value)
	in.CursorEnd()
	return queryPane{input: in, st: st}
}

func noColorInputStyles(s textinput.Styles) textinput.Styles {
	s.Focused.Prompt = s.Focused.Prompt.UnsetForeground()
	s.Focused.Text = s.Focused.Text.UnsetForeground()
	s.Focused.Placeholder = s.Focused.Placeholder.UnsetForeground().Faint(true)
	s.Blurred = s.Focused
	s.Cursor.Color = nil
	return s
}

func (p *queryPane) SetSize(w, _ int) {
	p.width = w
	info := queryInfoWidth
	if w < narrowQuery {
		info = queryInfoNarrow
	}
	p.input.SetWidth(max(w-len(logoText)-1-cellWidth(p.input.Prompt)-info-2, 10))
}

func (p *queryPane) Focus() tea.Cmd { return p.input.Focus() }
func (p *queryPane) Blur()          { p.input.Blur() }
func (p queryPane) Value() string   { return p.input.Value() }

func (p queryPane) Update(msg tea.Msg) (queryPane, tea.Cmd) {
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return p, cmd
}

func (p *queryPane) setResult(n, sources int) {
	p.found = &searchFound{candidates: n, sources: sources}
}

func (p queryPane) View() string {
	right := p.found.info(p.width < narrowQuery)
	if p.searching {
		right = "searching…"
	}
	left := p.st.logo.Render(logoText) + " " + p.input.View()
	right = p.st.faint.Render(right)
	gap := p.width - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return fitLine(left, p.width)
	}
	return left + spaces(gap) + right
}
