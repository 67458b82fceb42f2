package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/render"
)

// maxSessions is how many sessions of one repository are kept.
const maxSessions = 20

// SessionEntry is one saved session of a repository.
type SessionEntry struct {
	Path    string
	Session Session
	When    time.Time // last saved
}

// newSessionFile names the session of a run that started at t.
func newSessionFile(dir string, t time.Time) string {
	return filepath.Join(dir, t.UTC().Format("20060102-150405.000000000")+".json")
}

// ListSessions reads a repository's sessions, newest first; files that
// do not parse are skipped.
func ListSessions(dir string) ([]SessionEntry, error) {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("tui: list sessions: %w", err)
	}
	var out []SessionEntry
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if s, err := LoadSession(p); err == nil {
			out = append(out, SessionEntry{Path: p, Session: s, When: info.ModTime()})
		}
	}
	slices.SortFunc(out, func(a, b SessionEntry) int {
		if c := b.When.Compare(a.When); c != 0 {
			return c
		}
		return strings.Compare(b.Path, a.Path)
	})
	return out, nil
}

// pruneSessions removes all but the newest keep sessions.
func pruneSessions(dir string, keep int) {
	list, err := ListSessions(dir)
	if err != nil {
		return
	}
	for _, e := range list[min(keep, len(list)):] {
		_ = os.Remove(e.Path)
	}
}

func listSessionsCmd(dir string) tea.Cmd {
	return func() tea.Msg {
		list, err := ListSessions(dir)
		return sessionsListedMsg{list: list, err: err}
	}
}

// loadLatestSessionCmd restores the newest session (--resume).
func loadLatestSessionCmd(dir string) tea.Cmd {
	return func() tea.Msg {
		list, err := ListSessions(dir)
		if err != nil {
			return sessionLoadedMsg{err: err}
		}
		if len(list) == 0 {
			return sessionLoadedMsg{err: fmt.Errorf("%w for this repository", ErrNoSession)}
		}
		return sessionLoadedMsg{session: list[0].Session, path: list[0].Path}
	}
}

// sessionPicker is the ctrl+r list of this repository's sessions.
type sessionPicker struct {
	list   []SessionEntry
	cursor int
}

func (m Model) handleSessionsListed(msg sessionsListedMsg) (Model, tea.Cmd) {
	switch {
	case msg.err != nil:
		return m.setStatus(msg.err.Error(), statusError)
	case len(msg.list) == 0:
		return m.setStatus(ErrNoSession.Error()+" for this repository yet: sessions are saved as you curate", statusWarn)
	}
	m.picker = &sessionPicker{list: msg.list}
	return m, nil
}

// handlePickerKey moves in the list; enter resumes, esc closes.
func (m Model) handlePickerKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	p := *m.picker
	n := m.keys.Nav
	switch {
	case key.Matches(msg, m.keys.Prompt.Cancel):
		m.picker = nil
		return m, nil
	case key.Matches(msg, m.keys.Prompt.Submit):
		e := p.list[p.cursor]
		m.picker = nil
		return m, loadSessionCmd(e.Path)
	case key.Matches(msg, n.Up):
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(msg, n.Down):
		p.cursor = min(p.cursor+1, len(p.list)-1)
	case key.Matches(msg, n.Top):
		p.cursor = 0
	case key.Matches(msg, n.Bottom):
		p.cursor = len(p.list) - 1
	}
	m.picker = &p
	return m, nil
}

// pickerView draws the session list in the body's place, in a frame:
// a blank line, then one session a line, the selected one marked.
func (m Model) pickerView(height int) string {
	p := m.picker
	w := m.width - 2
	lines := []string{spaces(w)}
	now := time.Now()
	metas := make([]string, len(p.list))
	metaW := 0
	for i, e := range p.list {
		metas[i] = fmt.Sprintf("%s · budget %s · %s", ago(now, e.When), render.Thousands(e.Session.Budget), plural(len(e.Session.Pins), "pin"))
		metaW = max(metaW, cellWidth(metas[i]))
	}
	first := max(0, p.cursor-(height-3)+1)
	for i := first; i < len(p.list) && len(lines) < height-2; i++ {
		q := p.list[i].Session.Query
		if q == "" {
			q = "(no query)"
		}
		meta := spaces(metaW-cellWidth(metas[i])) + metas[i] // aligned on the right
		line := fitLine("  "+q, max(w-metaW-3, 10)) + " " + meta + " "
		if i == p.cursor {
			lines = append(lines, m.st.selected.Render(fitLine("▌"+line[1:], w)))
		} else {
			lines = append(lines, fitLine(line, w))
		}
	}
	info := fmt.Sprintf("%d of this repository · enter resumes · esc closes", len(p.list))
	if cellWidth(info)+20 > m.width {
		info = fmt.Sprintf("%d · enter resumes · esc closes", len(p.list))
	}
	return m.st.box(m.st.title.Render("sessions"), m.st.faint.Render(info), "", lines, m.width, height, true)
}

// ago is a short age: "just now", "5 min ago", "3 h ago", "2 days ago".
func ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}
