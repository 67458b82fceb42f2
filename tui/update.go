package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Update dispatches each message to its handler and then re-derives which
// keys are live. It never does I/O: handlers return commands.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := m.route(msg)
	m.updateKeybindings()
	return m, cmd
}

func (m Model) route(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m.handleResize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		return m.handleBackground(msg.IsDark())
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		return m.handleWheel(msg)
	case tea.MouseClickMsg:
		return m.handleClick(msg)
	case tea.PasteMsg:
		return m.handlePaste(msg)
	case debounceMsg:
		return m.handleDebounce(msg)
	case searchDoneMsg:
		return m.handleSearchDone(msg)
	case expandDoneMsg:
		return m.handleExpandDone(msg)
	case packDoneMsg:
		return m.handlePackDone(msg)
	case previewRenderedMsg:
		return m.handlePreviewRendered(msg)
	case copiedMsg:
		return m.handleCopied(msg)
	case writtenMsg:
		return m.handleWritten(msg)
	case noteAddedMsg:
		return m.handleNoteAdded(msg)
	case editorDoneMsg:
		return m.handleEditorDone(msg)
	case sessionLoadedMsg:
		return m.handleSessionLoaded(msg)
	case sessionsListedMsg:
		return m.handleSessionsListed(msg)
	case sessionSavedMsg:
		return m.handleSessionSaved(msg)
	case statusTimeoutMsg:
		m.status.expire(msg.id)
		m.relayoutStatus()
		return m, nil
	case indexStartedMsg:
		return m.handleIndexStarted(msg)
	case indexProgressMsg:
		return m.handleIndexProgress(msg)
	case indexReadyMsg:
		return m.handleIndexReady(msg)
	case treeChangedMsg:
		return m.handleTreeChanged()
	case changeSettledMsg:
		return m.handleChangeSettled(msg)
	case errMsg:
		return m.setStatus(msg.Error(), statusError)
	}
	return m.updateInputs(msg)
}

// updateInputs hands any other message (cursor blinks) to the text inputs.
func (m Model) updateInputs(msg tea.Msg) (Model, tea.Cmd) {
	var c1, c2 tea.Cmd
	m.query, c1 = m.query.Update(msg)
	m.status, c2 = m.status.Update(msg)
	return m, tea.Batch(c1, c2)
}

// setStatus shows a message and arms its expiry.
func (m Model) setStatus(text string, kind statusKind) (Model, tea.Cmd) {
	id := m.status.set(text, kind)
	m.relayoutStatus()
	return m, m.tick(m.cfg.StatusTimeout, func(time.Time) tea.Msg { return statusTimeoutMsg{id: id} })
}

// handleResize stores the size, lays the panes out and re-renders the
// preview when its width changed.
func (m Model) handleResize(w, h int) (Model, tea.Cmd) {
	m.width, m.height = w, h
	oldPreviewW := m.preview.contentWidth()
	m.relayout()
	if m.lay.tooSmall || m.preview.contentWidth() == oldPreviewW && m.previewKey != "" {
		return m, nil
	}
	return m.refreshPreview(true)
}

// relayoutStatus gives the status line the rows its message needs (a long
// message wraps instead of being cut: "also saved t…" hid the path).
func (m *Model) relayoutStatus() {
	if m.width > 0 && m.status.lines() != m.lay.statusH && !m.lay.tooSmall {
		m.relayout()
	}
}

func (m *Model) relayout() {
	m.lay = computeLayout(m.width, m.height, m.help.ShowAll, m.status.lines())
	l := m.lay
	m.query.SetSize(l.width, queryHeight)
	m.meters.SetSize(l.width, l.metersH)
	m.results.SetSize(l.resultsW, l.resultsH)
	m.preview.SetSize(l.previewW, l.previewH, l.side)
	m.status.SetSize(l.width, l.statusH)
	m.help.SetWidth(l.width)
}

// handleBackground adopts the terminal's background when no style was
// configured.
func (m Model) handleBackground(dark bool) (Model, tea.Cmd) {
	if m.cfg.Style != "" || dark == m.st.dark {
		return m, nil
	}
	m.st = newStyles(dark, m.cfg.NoColor)
	m.style = glamourStyle("", dark, m.cfg.NoColor)
	m.results.st, m.meters.st, m.preview.st = m.st, m.st, m.st
	q := newQueryPane(m.query.Value(), m.st)
	q.found, q.searching = m.query.found, m.query.searching
	m.query = q
	m.status.st = m.st
	m.help = newHelp(m.st)
	m.relayout()
	m.setFocus(m.focus)
	return m.refreshPreview(true)
}
