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
	m.updating = true // an update runs: the first one, at start
	m = h.settle(h.send(m, treeChangedMsg{}))
	if builds != 2 || !m.updateAgain {
		t.Fatalf("a change during an update started another at once (%d) or was lost (%v)", builds, m.updateAgain)
	}
	searches, result = len(h.eng.calls), ErrUnchanged // the update after it finds nothing new
	m = h.send(m, indexReadyMsg{})
	if builds != 3 || m.updateAgain {
		t.Fatalf("after the running update: %d updates, again %v", builds, m.updateAgain)
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
	m.lastBuild = time.Now()
	search()
	if builds != 0 {
		t.Fatalf("an update %d times within RefreshEvery of the last", builds)
	}
	m.lastBuild = time.Now().Add(-2 * RefreshEvery)
	search()
	if builds != 1 {
		t.Fatalf("no update after RefreshEvery without notifications (%d)", builds)
	}
	watching := true
	m.deps.Watching = func() bool { return watching }
	m.lastBuild = time.Now().Add(-2 * RefreshEvery)
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
