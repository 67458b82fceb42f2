package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index/safefile"
	"github.com/loupe-dev/loupe/render"
)

// sessionVersion is bumped when the file's meaning changes.
const sessionVersion = 1

// Session is what a person shaped in one repository, saved as it changes so
// that `loupe --resume` (or the resume key) brings it back.
type Session struct {
	Version  int                       `json:"version"`
	Query    string                    `json:"query"`
	Budget   int                       `json:"budget"`
	Format   string                    `json:"format"`
	Pins     []string                  `json:"pins,omitempty"`
	Drops    []string                  `json:"drops,omitempty"`
	Levels   map[string]string         `json:"levels,omitempty"` // ID → full, focus, head, sig, book, ref
	Weights  map[engine.Source]float64 `json:"weights,omitempty"`
	Disabled []engine.Source           `json:"disabled,omitempty"`
}

// ErrNoSession is returned by LoadSession when there is no session file.
var ErrNoSession = errors.New("tui: no saved session")

// LoadSession reads a session file.
func LoadSession(path string) (Session, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Session{}, fmt.Errorf("%w at %s", ErrNoSession, path)
	}
	if err != nil {
		return Session{}, fmt.Errorf("tui: read session: %w", err)
	}
	var s Session
	if err := json.Unmarshal(b, &s); err != nil {
		return Session{}, fmt.Errorf("tui: parse session %s: %w", path, err)
	}
	return s, nil
}

// SaveSession writes a session file atomically, creating its directory.
func SaveSession(path string, s Session) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("tui: save session: %w", err)
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("tui: save session: %w", err)
	}
	return safefile.Write(path, append(b, '\n'))
}

// sessionOf snapshots a curation, with sorted lists for stable files.
func sessionOf(c curation, query string) Session {
	s := Session{Version: sessionVersion, Query: query, Budget: c.budget, Format: c.format,
		Weights: c.weights, Levels: map[string]string{}}
	for id, on := range c.pins {
		if on {
			s.Pins = append(s.Pins, id)
		}
	}
	for id, on := range c.drops {
		if on {
			s.Drops = append(s.Drops, id)
		}
	}
	for id, l := range c.levels {
		s.Levels[id] = levelName(l)
	}
	for src, off := range c.disabled {
		if off {
			s.Disabled = append(s.Disabled, src)
		}
	}
	slices.Sort(s.Pins)
	slices.Sort(s.Drops)
	slices.Sort(s.Disabled)
	return s
}

// curation restores a session on top of a configuration.
func (s Session) curation(cfg Config) curation {
	c := newCuration(cfg)
	c.query = s.Query
	if s.Budget > 0 {
		c.budget = s.Budget
	}
	if formatIndex(s.Format) >= 0 {
		c.format = s.Format
	}
	for _, id := range s.Pins {
		c.pins[id] = true
	}
	for _, id := range s.Drops {
		c.drops[id] = true
	}
	for id, name := range s.Levels {
		if l, ok := parseLevel(name); ok {
			c.levels[id] = l
		}
	}
	for src, w := range s.Weights {
		c.weights[src] = clampWeight(w)
	}
	for _, src := range s.Disabled {
		c.disabled[src] = true
	}
	return c
}

// saveSession writes the current curation off the loop, into this run's
// session file (one per run: an older session is never overwritten).
func (m Model) saveSession() tea.Cmd {
	if m.sessionFile == "" || m.sessions == nil {
		return nil
	}
	w, path, s := m.sessions, m.sessionFile, sessionOf(m.cur, m.query.Value())
	seq := w.issue()
	return func() tea.Msg { return sessionSavedMsg{err: w.write(seq, path, s)} }
}

// sessionWriter orders session saves. Every curation key saves in a
// command of its own, and commands run concurrently: without an order, the
// save of an older state could land after the newest and undo it. Saves
// are numbered when issued (in Update) and one older than the last written
// is skipped.
type sessionWriter struct {
	mu      sync.Mutex
	issued  uint64
	written uint64
}

func (w *sessionWriter) issue() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.issued++
	return w.issued
}

func (w *sessionWriter) write(seq uint64, path string, s Session) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if seq <= w.written {
		return nil // a newer state is on disk already
	}
	if err := SaveSession(path, s); err != nil {
		return err
	}
	w.written = seq
	pruneSessions(filepath.Dir(path), maxSessions)
	return nil
}

func loadSessionCmd(path string) tea.Cmd {
	return func() tea.Msg {
		s, err := LoadSession(path)
		return sessionLoadedMsg{session: s, path: path, err: err}
	}
}

func (m Model) handleSessionSaved(msg sessionSavedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m.setStatus(msg.err.Error(), statusError)
	}
	return m, nil
}

// handleSessionLoaded restores the curation and runs the saved query; the
// next results report pins whose blocks are gone.
func (m Model) handleSessionLoaded(msg sessionLoadedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m.setStatus(msg.err.Error(), statusWarn)
	}
	m.picker = nil
	if msg.path != "" {
		m.sessionFile = msg.path // go on saving into the session resumed
	}
	m.cur = msg.session.curation(m.cfg)
	m.meters.budget, m.meters.weights, m.meters.disabled = m.cur.budget, m.cur.weights, m.cur.disabled
	m.query.input.SetValue(msg.session.Query)
	m.query.input.CursorEnd()
	m.missingPins = true
	m, st := m.setStatus(fmt.Sprintf("resumed: %q, %d pins, budget %s", msg.session.Query,
		len(msg.session.Pins), render.Thousands(m.cur.budget)), statusInfo)
	if m.indexing {
		return m, st
	}
	m.qgen++
	m.setFocus(focusResults)
	m2, search := m.startSearch(m.qgen)
	return m2, tea.Batch(st, search)
}
