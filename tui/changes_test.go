package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/index"
)

// TestChangesUpdateTheIndexAndSearchAgain: files changing under the root
// (Deps.Changes) make the explorer update the index once per burst, after
// changeSettle, and run the search again; an update that changed nothing
// ends quietly; a change during an update is served by one more update.
func TestChangesUpdateTheIndexAndSearchAgain(t *testing.T) {
	h := newHarness(t, 4)
	m := h.ready(80, 24)
	builds, result := 0, error(nil)
	m.deps.Build = func(context.Context, chan<- index.Progress) error { builds++; return result }
	// Changes stays nil: the harness runs commands synchronously, so the
	// test delivers each change itself rather than have the model wait.
	searches := len(h.eng.calls)

	m = h.send(m, treeChangedMsg{})
	m = h.send(m, treeChangedMsg{}) // same burst: one update
	m = h.settle(m)
	if builds != 1 || len(h.eng.calls) != searches+1 || !strings.HasPrefix(m.status.msg, "files changed: index updated") {
		t.Fatalf("after a burst: %d updates, %d searches, status %q", builds, len(h.eng.calls)-searches, m.status.msg)
	}

	result, searches = ErrUnchanged, len(h.eng.calls)
	m.status.msg = ""
	m = h.settle(h.send(m, treeChangedMsg{}))
	if builds != 2 || len(h.eng.calls) != searches || m.status.msg != "" {
		t.Fatalf("an update that changed nothing: %d updates, %d searches, status %q", builds, len(h.eng.calls)-searches, m.status.msg)
	}

	result = nil
	m.upd.running = true // an update runs: the first one, at start
	m = h.settle(h.send(m, treeChangedMsg{}))
	if builds != 2 || !m.upd.again {
		t.Fatalf("a change during an update started another at once (%d) or was lost (%v)", builds, m.upd.again)
	}
	searches, result = len(h.eng.calls), ErrUnchanged // the update after it finds nothing new
	m = h.send(m, indexReadyMsg{})
	if builds != 3 || m.upd.again {
		t.Fatalf("after the running update: %d updates, again %v", builds, m.upd.again)
	}
	if len(h.eng.calls) < searches+1 {
		t.Fatal("the end of the first update did not search: one more update must not hold the search back")
	}
}

// TestNoNotificationsRefreshByTime: without notifications (Watching nil or
// false), a search started over RefreshEvery after the last update runs
// another update beside it; with them, or sooner, it does not.
func TestNoNotificationsRefreshByTime(t *testing.T) {
	h := newHarness(t, 4)
	m := h.ready(80, 24)
	builds := 0
	m.deps.Build = func(context.Context, chan<- index.Progress) error { builds++; return ErrUnchanged }
	search := func() {
		t.Helper()
		m.qgen++
		m = h.send(m, debounceMsg{gen: m.qgen})
	}
	m.upd.lastStart = time.Now()
	search()
	if builds != 0 {
		t.Fatalf("an update %d times within RefreshEvery of the last", builds)
	}
	m.upd.lastStart = time.Now().Add(-2 * RefreshEvery)
	search()
	if builds != 1 {
		t.Fatalf("no update after RefreshEvery without notifications (%d)", builds)
	}
	watching := true
	m.deps.Watching = func() bool { return watching }
	m.upd.lastStart = time.Now().Add(-2 * RefreshEvery)
	search()
	if builds != 1 {
		t.Fatalf("an update by time although notifications cover the tree (%d)", builds)
	}
	watching = false // the watcher lost track
	search()
	if builds != 2 {
		t.Fatalf("no update by time after the watcher lost track (%d)", builds)
	}
}

// TestChangesThatNeverSettleStillUpdate: a burst that goes on (a log
// written inside the tree all the time) is served every changeMaxWait,
// not postponed for ever by each new change.
func TestChangesThatNeverSettleStillUpdate(t *testing.T) {
	h := newHarness(t, 4)
	m := h.ready(80, 24)
	builds := 0
	m.deps.Build = func(context.Context, chan<- index.Progress) error { builds++; return ErrUnchanged }
	m = h.send(m, treeChangedMsg{})
	m.upd.burstStart = time.Now().Add(-2 * changeMaxWait) // the burst began long ago
	m = h.send(m, treeChangedMsg{})
	m = h.send(m, treeChangedMsg{}) // and goes on: each change re-arms the wait
	if len(h.held) != 3 {
		t.Fatalf("%d timers armed, want 3", len(h.held))
	}
	// The first two timers fire before the burst ends (a third change has
	// come since): the one armed past changeMaxWait updates anyway.
	first, second, third := h.held[0], h.held[1], h.held[2]
	h.held = nil
	m = h.send(h.send(m, first), second)
	if builds != 1 {
		t.Fatalf("a burst past changeMaxWait: %d updates before it ends, want 1", builds)
	}
	m = h.send(m, third)
	if builds != 1 {
		t.Fatalf("the update that began after the third change is not enough: %d updates", builds)
	}
	if !m.upd.burstStart.IsZero() {
		t.Error("the served burst is not forgotten")
	}
}
