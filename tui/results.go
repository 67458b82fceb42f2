package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/keymap"
)

// resultsPane is the candidates list: included blocks first, then those
// left out (dimmed). It keeps the selection on the same candidate across
// re-packs and renders only the rows on screen.
type resultsPane struct {
	rows          []row
	cursor        int
	offset        int
	width, height int // inside the frame: rows' width, rows + the top border
	outerW        int
	focused       bool
	empty         string // what an empty list says
	// keepIndex makes the next SetRows keep the cursor's line instead of
	// following the selected row: a dropped row moves down the list, and
	// the cursor stays where the person was, on the row that took its
	// place (or on the dropped row, when it did not move).
	keepIndex bool
	st        styles
}

// SetSize sizes the pane, frame included: rows are w-2 cells wide and
// h-2 of them show.
func (p *resultsPane) SetSize(w, h int) {
	p.outerW = w
	p.width, p.height = max(w-2, 0), max(h-1, 0)
	p.clamp()
}

// SetRows replaces the rows, keeping the selected candidate selected.
func (p *resultsPane) SetRows(rows []row) {
	id := ""
	if r, ok := p.Selected(); ok {
		id = r.id
	}
	if p.keepIndex {
		id, p.keepIndex = "", false
	}
	p.rows = rows
	if i := rowIndex(rows, id); i >= 0 {
		p.cursor = i
	}
	p.clamp()
}

// Selected is the row under the cursor.
func (p resultsPane) Selected() (row, bool) {
	if p.cursor < 0 || p.cursor >= len(p.rows) {
		return row{}, false
	}
	return p.rows[p.cursor], true
}

// setState changes one row's mark at once, before the re-pack lands.
func (p *resultsPane) setState(id string, s rowState) {
	i := rowIndex(p.rows, id)
	if i < 0 {
		return
	}
	p.rows = append([]row(nil), p.rows...)
	p.rows[i].state = s
}

func (p *resultsPane) move(delta int) {
	p.cursor += delta
	p.clamp()
}

func (p *resultsPane) visible() int { return max(p.height-p.headerLines(), 1) }

// headerLines is how many lines the list draws above its first row.
func (p resultsPane) headerLines() int { return 1 }

func (p *resultsPane) clamp() {
	p.cursor = min(max(p.cursor, 0), max(len(p.rows)-1, 0))
	vis := p.visible()
	if p.cursor < p.offset {
		p.offset = p.cursor
	}
	if p.cursor >= p.offset+vis {
		p.offset = p.cursor - vis + 1
	}
	p.offset = min(max(p.offset, 0), max(len(p.rows)-vis, 0))
}

// Update moves the selection; it reports whether the selection changed.
func (p resultsPane) Update(msg tea.Msg, k keymap.Nav) (resultsPane, bool) {
	before := p.cursor
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Up):
			p.move(-1)
		case key.Matches(msg, k.Down):
			p.move(1)
		case key.Matches(msg, k.PageUp):
			p.move(-p.visible())
		case key.Matches(msg, k.PageDown):
			p.move(p.visible())
		case key.Matches(msg, k.Top):
			p.move(-len(p.rows))
		case key.Matches(msg, k.Bottom):
			p.move(len(p.rows))
		}
	case tea.MouseWheelMsg:
		p.move(wheelDelta(msg))
	}
	return p, p.cursor != before
}

func wheelDelta(msg tea.MouseWheelMsg) int {
	switch msg.Button {
	case tea.MouseWheelUp:
		return -3
	case tea.MouseWheelDown:
		return 3
	}
	return 0
}

// counts summarises the list for its header line.
func (p resultsPane) counts() (in, out, pinned, dropped int) {
	for _, r := range p.rows {
		switch r.state {
		case statePinned:
			in++
			pinned++
		case stateIncluded:
			in++
		case stateDropped:
			out++
			dropped++
		case statePinnedOut:
			out++
			pinned++
		default:
			if !r.filler { // a filler not packed was not needed, not left out
				out++
			}
		}
	}
	return in, out, pinned, dropped
}

func (p resultsPane) countState(s rowState) int {
	n := 0
	for _, r := range p.rows {
		if r.state == s {
			n++
		}
	}
	return n
}

func (p resultsPane) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	if len(p.rows) == 0 {
		return p.frame(p.emptyState())
	}
	lines := make([]string, 0, p.height)
	cols := newColumns(p.width).fitTo(p.rows)
	end := min(p.offset+p.visible(), len(p.rows))
	for i := p.offset; i < end; i++ {
		lines = append(lines, p.renderRow(p.rows[i], cols, i == p.cursor))
	}
	return p.frame(lines)
}

// emptyState is what the list shows without rows: what to do next,
// centred in the frame.
func (p resultsPane) emptyState() []string {
	msg := p.empty
	if msg == "" {
		msg = "type what you are about to do; the candidates appear here"
	}
	hint := "/ edits the query · ? shows every key"
	text := lipgloss.NewStyle().Width(p.width).Align(lipgloss.Center).Render(msg)
	lines := splitLines(p.st.faint.Render(text))
	lines = append(lines, "", p.st.faint.Render(hint))
	pad := max((p.visible()-len(lines))/2, 0)
	out := make([]string, 0, pad+len(lines))
	for range pad {
		out = append(out, spaces(p.width))
	}
	for _, l := range lines {
		out = append(out, centerLine(l, p.width))
	}
	return out
}

// frame puts the list's lines in its bordered box, the counts and the
// position in the top border.
func (p resultsPane) frame(lines []string) string {
	title, info, pos := p.header()
	return p.st.box(title, info, pos, lines, p.outerW, p.height+1, p.focused)
}

func (p resultsPane) header() (title, info, pos string) {
	in, out, pinned, dropped := p.counts()
	notFitting := p.countState(statePinnedOut)
	if len(p.rows) > 0 {
		pos = p.st.faint.Render(fmt.Sprintf("%d/%d", p.cursor+1, len(p.rows)))
	}
	title = p.st.title.Render("candidates")
	// The long form when it fits the border, else the counts that are not
	// zero: a pin or a drop is never hidden.
	room := p.outerW - cellWidth(ansiStrip(title)) - cellWidth(ansiStrip(pos)) - 12
	info = countsText(in, out, pinned, notFitting, dropped, false)
	if cellWidth(info) > room {
		info = countsText(in, out, pinned, notFitting, dropped, true)
	}
	return title, p.st.faint.Render(info), pos
}

// countsText says how many candidates are in, out, pinned (and of those
// not fitting) and dropped; short leaves out the zero pins and drops.
func countsText(in, out, pinned, notFitting, dropped int, short bool) string {
	parts := []string{fmt.Sprintf("%d in", in), fmt.Sprintf("%d out", out)}
	switch {
	case notFitting > 0:
		parts = append(parts, fmt.Sprintf("%d pinned (%d not fitting)", pinned, notFitting))
	case pinned > 0 || !short:
		parts = append(parts, fmt.Sprintf("%d pinned", pinned))
	}
	if dropped > 0 || !short {
		parts = append(parts, fmt.Sprintf("%d dropped", dropped))
	}
	return strings.Join(parts, " · ")
}

// columns are the widths of a row's fields at a pane width.
type columns struct {
	name, kind, loc, reason int
}

const (
	colMark, colBadge, colTokens, colLevel, colBar = 1, 4, 6, 4, 5
	fixedCols                                      = colMark + colBadge + colTokens + colLevel + colBar + 5
)

func newColumns(w int) columns {
	c := columns{kind: 8}
	if w < 90 {
		c.kind = 0
	}
	rest := w - fixedCols - c.kind - 3
	if c.kind > 0 {
		rest--
	}
	if w < 70 {
		// Narrow: the name and the place matter more than the reason,
		// which the preview shows in full anyway.
		c.name = max(rest*45/100, 6)
		c.loc = max(rest-c.name, 6)
		return c
	}
	c.name = max(rest*3/10, 6)
	c.loc = max(rest*35/100, 6)
	if w < 90 {
		c.name, c.loc = max(rest*35/100, 6), max(rest*35/100, 6)
	}
	c.reason = max(rest-c.name-c.loc, 0)
	return c
}

// fitTo narrows the name and place columns to the longest name and place
// in the list and gives the room left to the reason.
func (c columns) fitTo(rows []row) columns {
	nameW, locW := 0, 0
	for _, r := range rows {
		nameW, locW = max(nameW, cellWidth(r.name)), max(locW, cellWidth(r.loc))
	}
	if nameW < c.name {
		c.reason, c.name = c.reason+c.name-max(nameW, 6), max(nameW, 6)
	}
	if locW < c.loc {
		c.reason, c.loc = c.reason+c.loc-max(locW, 6), max(locW, 6)
	}
	if c.reason == 0 { // no reason column: names and places share the room
		spare := c.name + c.loc
		c.name = min(max(nameW, 6), spare-min(locW, spare/2))
		c.loc = spare - c.name
	}
	return c
}

func (p resultsPane) renderRow(r row, c columns, selected bool) string {
	fields := []string{
		r.state.mark(), fitLine(badgeName(r.source), colBadge), fitLine(shortName(r.name, c.name), c.name),
	}
	if c.kind > 0 {
		fields = append(fields, fitLine(r.kind, c.kind))
	}
	fields = append(fields, fitLeft(shortPath(r.loc, c.loc), c.loc), padLeft(compact(r.tokens), colTokens),
		fitLine(levelName(r.level), colLevel), scoreBar(r.score, colBar), fitLine(r.reason, c.reason))
	// Every field is already cut to its column, so the row's width is
	// known without measuring the styled text.
	width := len(fields) + colMark + colBadge + c.name + c.kind + c.loc + colTokens + colLevel + colBar + c.reason
	if width > p.width {
		return p.styleRow(r, fields, selected, func(s string) string { return fitLine(s, p.width) })
	}
	pad := spaces(p.width - width)
	return p.styleRow(r, fields, selected, func(s string) string { return s + pad })
}

func (p resultsPane) styleRow(r row, fields []string, selected bool, fit func(string) string) string {
	if selected {
		mark := "▌"
		if !p.focused {
			mark = " "
		}
		return p.st.selected.Render(fit(mark + strings.Join(fields, " ")))
	}
	fields[1] = p.st.badge(r.source).Render(fields[1])
	line := " " + strings.Join(fields, " ")
	if r.state == statePinnedOut {
		return p.st.warn.Render(fit(line))
	}
	if !r.state.included() {
		return p.st.faint.Render(fit(line))
	}
	return fit(line)
}

// badgeName is a source's short badge in the list.
func badgeName(s engine.Source) string {
	switch s {
	case engine.SourceChanges:
		return "chg"
	case engine.SourceDiagnostics:
		return "diag"
	case engine.SourceCommits:
		return "git"
	}
	if len(s) > colBadge {
		return string(s[:colBadge])
	}
	return string(s)
}

func scoreBar(score float64, w int) string {
	n := int(score*float64(w) + 0.5)
	return strings.Repeat("█", n) + strings.Repeat("░", w-n)
}

func padLeft(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}

// fitLeft cuts a plain string from the left (keeping a path's file name and
// lines) and pads it to exactly w cells.
func fitLeft(s string, w int) string {
	r := []rune(s)
	if len(r) > w && w > 1 {
		s = "…" + string(r[len(r)-w+1:])
	}
	return fitLine(s, w)
}
