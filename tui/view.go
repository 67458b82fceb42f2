package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/loupe-dev/loupe/index"
)

// View draws the whole screen, always exactly width×height cells, in the
// alternate screen with mouse wheel reporting.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "loupe"
	return v
}

func (m Model) render() string {
	switch {
	case m.quitting || m.width == 0 || m.height == 0:
		return ""
	case m.lay.tooSmall:
		return m.tooSmallView()
	case m.indexing:
		return m.indexView()
	}
	body := m.bodyView()
	bodyH := m.height - queryHeight - m.lay.metersH - m.lay.statusH - m.lay.helpH
	switch {
	case m.lay.fullHelp:
		body = m.fullHelpView(bodyH)
	case m.picker != nil:
		body = m.pickerView(bodyH)
	}
	parts := []string{m.query.View(), m.meters.View(), body, m.status.View(), m.helpView()}
	screen := strings.Join(parts, "\n")
	if strings.Count(screen, "\n") != m.height-1 { // a pane drew the wrong height
		return fitBlock(screen, m.width, m.height)
	}
	return screen
}

func (m Model) bodyView() string {
	if m.lay.side {
		return joinColumns(m.results.View(), m.preview.View())
	}
	return m.results.View() + "\n" + m.preview.View()
}

// helpKeys is the help of the focused pane.
func (m Model) helpKeys() help.KeyMap {
	switch {
	case m.status.prompt != promptNone:
		return m.keys.PromptHelp()
	case m.focus == focusQuery:
		return m.keys.QueryHelp()
	}
	return m.keys
}

func (m Model) helpView() string {
	h := m.help
	h.ShowAll = false
	return fitLine(h.View(m.helpKeys()), m.width)
}

// fullHelpView shows every live key, its columns wrapped into as many rows
// as the width needs.
func (m Model) fullHelpView(height int) string {
	h := m.help
	var rows []string
	var row []string
	rowW := 0
	for _, group := range m.helpKeys().FullHelp() {
		col := h.FullHelpView([][]key.Binding{group})
		if col == "" {
			continue
		}
		w := lipgloss.Width(col) + 4
		if rowW > 0 && rowW+w > m.width-4 {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, rowW = nil, 0
		}
		row, rowW = append(row, col+"    "), rowW+w
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	inner := height - 2
	text := "\n" + strings.Join(rows, "\n\n")
	if len(splitLines(text)) > inner { // short terminal: no blank lines
		text = strings.Join(rows, "\n")
	}
	lines := splitLines(text)
	if len(lines) > inner {
		lines = append(lines[:max(inner-1, 0)], m.st.faint.Render("… a taller terminal shows every key"))
	}
	body := splitLines(fitBlock(strings.Join(lines, "\n"), m.width-4, inner))
	for i := range body {
		body[i] = "  " + body[i]
	}
	return m.st.box(m.st.title.Render("keys"), m.st.faint.Render("? closes"), "", body, m.width, height, true)
}

// indexView is the screen while the index is built for the first time.
func (m Model) indexView() string {
	p := m.progress
	pct := 0.0
	if p.Phase == index.PhaseCommits {
		pct = 1 // every file is indexed when the history is read
	} else if p.BytesTotal > 0 {
		pct = float64(p.BytesDone) / float64(p.BytesTotal)
	} else if p.FilesTotal > 0 {
		pct = float64(p.FilesDone) / float64(p.FilesTotal)
	}
	bar := progress.New(progress.WithWidth(min(m.width-10, 60)))
	if m.cfg.NoColor {
		bar = progress.New(progress.WithWidth(min(m.width-10, 60)), progress.WithColors(lipgloss.NoColor{}))
	}
	lines := []string{
		m.st.title.Render("indexing " + m.deps.Root),
		"",
		bar.ViewAs(pct),
		"",
		progressLine(p, m.indexElapsed),
		m.st.faint.Render("the explorer opens when the index is ready · q quits"),
	}
	block := strings.Join(lines, "\n")
	return fitBlock(lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, block), m.width, m.height)
}

// tooSmallView says what size loupe needs, wrapped to the width it has so
// that the numbers are not cut off.
func (m Model) tooSmallView() string {
	msg := fmt.Sprintf("terminal too small: %d×%d, loupe needs %d×%d", m.width, m.height, minWidth, minHeight)
	msg = lipgloss.NewStyle().Width(m.width).Align(lipgloss.Center).Render(msg)
	return fitBlock(lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, msg), m.width, m.height)
}
