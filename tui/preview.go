package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/keymap"
)

// previewMode is what the preview shows.
type previewMode int

const (
	previewBlock   previewMode = iota // the selected block and its explanation
	previewContext                    // the exact final context
)

// previewPane shows rendered content in a scrollable viewport. Rendering
// (chroma, glamour) happens in renderPreviewCmd; the pane only displays.
type previewPane struct {
	vp            scroller
	mode          previewMode
	title         string
	width, height int
	side          bool
	focused       bool
	st            styles
}

func newPreviewPane(st styles) previewPane {
	return previewPane{st: st}
}

// SetSize sizes the pane, its frame included; side says it sits beside
// the list rather than under it.
func (p *previewPane) SetSize(w, h int, side bool) {
	p.width, p.height, p.side = w, h, side
	p.vp.SetSize(p.contentWidth(), max(h-2, 0))
}

// contentWidth is the width rendered content is wrapped to: the pane's
// inside, one cell of margin on the left.
func (p previewPane) contentWidth() int {
	return max(p.width-3, 1)
}

// SetContent shows lines already cut to width cells by the render command.
func (p *previewPane) SetContent(lines []string, width int) {
	p.vp.SetContentLines(lines, width)
}

func (p previewPane) Update(msg tea.Msg, k keymap.Nav) previewPane {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Up):
			p.vp.ScrollUp(1)
		case key.Matches(msg, k.Down):
			p.vp.ScrollDown(1)
		case key.Matches(msg, k.PageUp):
			p.vp.PageUp()
		case key.Matches(msg, k.PageDown):
			p.vp.PageDown()
		case key.Matches(msg, k.Top):
			p.vp.GotoTop()
		case key.Matches(msg, k.Bottom):
			p.vp.GotoBottom()
		}
	case tea.MouseWheelMsg:
		if d := wheelDelta(msg); d < 0 {
			p.vp.ScrollUp(-d)
		} else {
			p.vp.ScrollDown(d)
		}
	}
	return p
}

func (p previewPane) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	pct := ""
	if len(p.vp.lines) > p.vp.height {
		pct = p.st.faint.Render(fmt.Sprintf("%.0f%%", p.vp.ScrollPercent()*100))
	}
	lines := p.vp.View()
	for i := range lines {
		lines[i] = " " + fitLine(lines[i], p.contentWidth())
	}
	return p.st.box(p.tabs(), p.st.faint.Render(p.title), pct, lines, p.width, p.height, p.focused)
}

// tabs names the two views, the one shown marked and underlined (v
// switches): "[block] context".
func (p previewPane) tabs() string {
	on := func(s string) string { return p.st.tabOn.Render("[" + s + "]") }
	off := func(s string) string { return p.st.tabOff.Render(" " + s + " ") }
	if p.mode == previewBlock {
		return on("block") + off("context")
	}
	return off("block") + on("context")
}

// previewRequest is everything renderPreviewCmd needs, captured by value.
type previewRequest struct {
	gen      int
	mode     previewMode
	width    int
	cand     *engine.Candidate
	item     *packing.Item
	text     string // the packed context
	format   string
	style    string // glamour style
	chroma   string
	noColor  bool
	terminal func(markdown string, width int, style string) (string, error)
}

// renderPreviewCmd renders the preview off the event loop.
func renderPreviewCmd(r previewRequest) tea.Cmd {
	return func() tea.Msg {
		content, err := r.render()
		return previewRenderedMsg{gen: r.gen, lines: fitLines(content, r.width), width: r.width, err: err}
	}
}

func (r previewRequest) render() (string, error) {
	if r.mode == previewContext {
		if r.text == "" {
			return wrapText("nothing packed yet: the context appears here as the model will read it, ready for c (copy) or w (write)", r.width), nil
		}
		if r.format == "md" && r.terminal != nil {
			// Tabs are expanded before glamour wraps: it counts a tab as
			// no width, so a tabbed line came back wider than the pane and
			// was then cut, leaving a column of "…" at the right.
			out, err := r.terminal(expandTabs(r.text), r.width, r.style)
			if err != nil {
				return expandTabs(r.text), fmt.Errorf("tui: rendering the context: %w", err)
			}
			return out, nil
		}
		return expandTabs(r.text), nil
	}
	if r.cand == nil {
		return wrapText("no block selected: the selected candidate shows here, with why it is in (or out) and its code", r.width), nil
	}
	body := r.cand.Text
	if r.item != nil && r.item.Body != "" {
		body = r.item.Body
	}
	code := highlight(body, r.cand.Block, r.chroma, r.noColor)
	return explain(*r.cand, r.item) + "\n" + code, nil
}

// wrapText wraps a message at word boundaries to w cells.
func wrapText(s string, w int) string {
	return lipgloss.NewStyle().Width(max(w, 1)).Render(s)
}

func expandTabs(s string) string {
	return strings.ReplaceAll(s, "\t", strings.Repeat(" ", tabWidth))
}
