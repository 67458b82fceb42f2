package tui

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// handleKey routes a key: to an open prompt first, then the global keys,
// then the query line when it has the focus, then the explorer's actions,
// and finally navigation in the focused pane.
func (m Model) handleKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.status.prompt != promptNone {
		return m.handlePromptKey(msg)
	}
	if m.picker != nil && !key.Matches(msg, m.keys.Global.Resume, m.keys.Global.Quit) {
		return m.handlePickerKey(msg)
	}
	typing := m.focus == focusQuery && !m.indexing
	if m2, cmd, ok := m.handleGlobalKey(msg, typing); ok {
		return m2, cmd
	}
	if m.indexing || m.lay.tooSmall {
		return m, nil
	}
	if typing {
		return m.handleQueryKey(msg)
	}
	if m2, cmd, ok := m.handleActionKey(msg); ok {
		return m2, cmd
	}
	return m.handleNavKey(msg)
}

// handleGlobalKey handles quit, help, focus and resume. While typing only
// keys that produce no text count (ctrl+c, tab), so "q" can be typed.
func (m Model) handleGlobalKey(msg tea.KeyPressMsg, typing bool) (Model, tea.Cmd, bool) {
	g := m.keys.Global
	if typing && msg.Text != "" {
		return m, nil, false
	}
	switch {
	case key.Matches(msg, g.Quit):
		m.quitting = true
		m.stopAll()
		return m, tea.Quit, true
	case key.Matches(msg, g.Help):
		m.help.ShowAll = !m.help.ShowAll
		m.relayout()
		return m, nil, true
	case key.Matches(msg, g.FocusNext):
		next := (m.focus + 1) % 3
		if m.indexing {
			next = m.focus
		}
		return m, m.setFocus(next), true
	case key.Matches(msg, g.FocusQuery):
		return m, m.setFocus(focusQuery), true
	case key.Matches(msg, g.Resume):
		if m.picker != nil {
			m.picker = nil
			return m, nil, true
		}
		return m, listSessionsCmd(m.deps.SessionDir), true
	}
	return m, nil, false
}

// stopAll cancels the search and the index build in flight.
func (m *Model) stopAll() {
	if m.cancel != nil {
		m.cancel()
	}
	if m.indexCancel != nil {
		m.indexCancel()
	}
}

// handleQueryKey edits the query; enter and esc hand the keyboard to the
// list (enter also runs the query at once).
func (m Model) handleQueryKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Prompt.Submit):
		cmd := m.setFocus(focusResults)
		m.qgen++
		m2, search := m.startSearch(m.qgen)
		return m2, tea.Batch(cmd, search)
	case key.Matches(msg, m.keys.Prompt.Cancel):
		return m, m.setFocus(focusResults)
	}
	before := m.query.Value()
	var cmd tea.Cmd
	m.query, cmd = m.query.Update(msg)
	if m.query.Value() == before {
		return m, cmd
	}
	return m, tea.Batch(cmd, m.debounce())
}

// debounce starts a new query generation and arms its tick; only the tick
// of the latest generation starts a search.
func (m *Model) debounce() tea.Cmd {
	m.qgen++
	gen := m.qgen
	return m.tick(m.cfg.Debounce, func(_ time.Time) tea.Msg { return debounceMsg{gen: gen} })
}

func (m Model) handleNavKey(msg tea.KeyPressMsg) (Model, tea.Cmd) { return m.scrollFocused(msg) }

// handleWheel scrolls the focused pane (the list when the query has it).
func (m Model) handleWheel(msg tea.MouseWheelMsg) (Model, tea.Cmd) { return m.scrollFocused(msg) }

// scrollFocused moves the preview when it has the focus, the list
// otherwise; a move in the list refreshes the preview.
func (m Model) scrollFocused(msg tea.Msg) (Model, tea.Cmd) {
	if m.focus == focusPreview {
		m.preview = m.preview.Update(msg, m.keys.Nav)
		return m, nil
	}
	var moved bool
	m.results, moved = m.results.Update(msg, m.keys.Nav)
	if !moved {
		return m, nil
	}
	return m.refreshPreview(false)
}

// handlePaste inserts pasted text into the prompt or the query line.
func (m Model) handlePaste(msg tea.PasteMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch {
	case m.status.prompt != promptNone:
		m.status, cmd = m.status.Update(msg)
		return m, cmd
	case m.focus == focusQuery:
		before := m.query.Value()
		m.query, cmd = m.query.Update(msg)
		if m.query.Value() != before {
			return m, tea.Batch(cmd, m.debounce())
		}
		return m, cmd
	}
	return m, nil
}
