package tui

import (
	"path/filepath"
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

// TestOlderSessionSaveNeverLandsLast: two curation keys start two saves
// that run concurrently; whichever runs last, the newest state is what
// stays on disk.
func TestOlderSessionSaveNeverLandsLast(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	w := &sessionWriter{}
	older, newer := w.issue(), w.issue()
	if err := w.write(newer, path, Session{Version: sessionVersion, Budget: 4000}); err != nil {
		t.Fatal(err)
	}
	if err := w.write(older, path, Session{Version: sessionVersion, Budget: 8000}); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSession(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Budget != 4000 {
		t.Fatalf("budget %d on disk: the older save overwrote the newer", s.Budget)
	}
	// In order, each save lands.
	third := w.issue()
	if err := w.write(third, path, Session{Version: sessionVersion, Budget: 2000}); err != nil {
		t.Fatal(err)
	}
	if s, _ := LoadSession(path); s.Budget != 2000 {
		t.Fatalf("budget %d on disk, want the newest 2000", s.Budget)
	}
}

// TestSessionLevelsKeepTheirNames: a session file written before the
// focus level existed loads every level as it was, and focus round-trips.
func TestSessionLevelsKeepTheirNames(t *testing.T) {
	s := Session{Levels: map[string]string{"a": "full", "b": "head", "c": "sig", "d": "book", "e": "ref", "f": "focus"}}
	c := s.curation(Config{})
	want := map[string]engine.Level{"a": engine.LevelFull, "b": engine.LevelHead, "c": engine.LevelSignature,
		"d": engine.LevelBookend, "e": engine.LevelReference, "f": engine.LevelFocus}
	for id, l := range want {
		if c.levels[id] != l {
			t.Errorf("%s: level %v, want %v", id, c.levels[id], l)
		}
		if levelName(l) != s.Levels[id] {
			t.Errorf("levelName(%v) = %q, want %q", l, levelName(l), s.Levels[id])
		}
	}
}
