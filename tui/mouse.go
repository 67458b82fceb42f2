package tui

import tea "charm.land/bubbletea/v2"

// hit is what a screen cell belongs to: a pane and, in the list, a row.
type hit struct {
	pane focus
	row  int // index into the list's rows, or -1
	ok   bool
}

// hitTest maps a cell to a pane with the layout computeLayout made: the
// query line, the meters, then the list and the preview (side by side or
// stacked). The list's first line is its header.
func (m Model) hitTest(x, y int) hit {
	l := m.lay
	top := queryHeight + m.lay.metersH
	switch {
	case l.tooSmall || l.fullHelp || y < 0:
		return hit{}
	case y < queryHeight:
		return hit{pane: focusQuery, row: -1, ok: true}
	case y < top:
		return hit{}
	}
	inList := y < top+l.resultsH
	if l.side {
		inList = x < l.resultsW && y < top+l.resultsH
		if !inList && y < top+l.previewH {
			return hit{pane: focusPreview, row: -1, ok: true}
		}
	} else if !inList && y < top+l.resultsH+l.previewH {
		return hit{pane: focusPreview, row: -1, ok: true}
	}
	if !inList {
		return hit{}
	}
	row := -1
	if line := y - top - m.results.headerLines(); line >= 0 {
		if i := m.results.offset + line; i < len(m.results.rows) {
			row = i
		}
	}
	return hit{pane: focusResults, row: row, ok: true}
}

// handleClick focuses the pane clicked and, in the list, selects the row;
// in the session list it selects a session.
func (m Model) handleClick(msg tea.MouseClickMsg) (Model, tea.Cmd) {
	if msg.Button != tea.MouseLeft || m.indexing || m.status.prompt != promptNone {
		return m, nil
	}
	if m.picker != nil {
		return m.clickPicker(msg.Y)
	}
	h := m.hitTest(msg.X, msg.Y)
	if !h.ok {
		return m, nil
	}
	cmd := m.setFocus(h.pane)
	if h.row < 0 || h.row == m.results.cursor {
		return m, cmd
	}
	m.results.cursor = h.row
	m.results.clamp()
	m2, pv := m.refreshPreview(false)
	return m2, tea.Batch(cmd, pv)
}

// clickPicker selects the session on the clicked line (the picker's
// first two lines are its title and a blank); a click on the selected
// session resumes it.
func (m Model) clickPicker(y int) (Model, tea.Cmd) {
	p := *m.picker
	line := y - queryHeight - m.lay.metersH - 2
	height := m.height - queryHeight - m.lay.metersH - m.lay.statusH - m.lay.helpH
	i := max(0, p.cursor-(height-3)+1) + line
	if line < 0 || i >= len(p.list) {
		return m, nil
	}
	if i == p.cursor {
		m.picker = nil
		return m, loadSessionCmd(p.list[i].Path)
	}
	p.cursor = i
	m.picker = &p
	return m, nil
}
