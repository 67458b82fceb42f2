package tui

import (
	"context"
	"strings"
	"testing"

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
