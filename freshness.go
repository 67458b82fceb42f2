package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/watch"
	"github.com/loupe-dev/loupe/render"
	"github.com/loupe-dev/loupe/tui"
)

// refreshEvery bounds how stale a resident process lets its index get
// without file notifications: the MCP server refreshes before a query when
// the last refresh is older, the explorer as a search starts (the same
// rule, tui.RefreshEvery).
const refreshEvery = tui.RefreshEvery

// freshness decides when a resident process refreshes its index before a
// query. With file notifications (index/watch), only when something under
// the root changed since the last refresh began, so a query on an
// unchanged tree does not walk it and an edit is searchable at once; the
// index's own update still finds what changed. Without them, by time, as
// before.
//
// The watcher is set up in the background (listing the directories of a
// large tree takes tens of milliseconds, which the explorer's first frame
// and the server's first answer must not wait for). Until it is ready the
// time rule holds; the first refresh begun after it is ready counts
// everything before as changed, so nothing done during the setup is lost.
// begin, fail and due are called by one goroutine at a time (the server
// serializes queries).
type freshness struct {
	mu     sync.Mutex
	w      *watch.Watcher // nil until ready, or for good without notifications
	why    error          // why there are no notifications (after settled)
	closed bool
	ticks  chan struct{} // forwards the watcher's Events once it is ready

	mark    uint64        // Mark() when the last refresh began: 0 before the watcher was ready
	last    time.Time     // when the last refresh began
	failed  bool          // the last refresh failed: refresh before every query until one works
	settled chan struct{} // closed when the setup has ended, either way
	done    chan struct{} // closed by close
}

// newFreshness starts watching root (the index's real root, as
// index.Root gives it: the watcher refuses a root that is a link), except
// the index directory when it lies inside the tree (its writes are the
// refresh itself).
// With watch false (no_watch in the configuration) it refreshes by time.
func newFreshness(root, indexDir string, watch bool) *freshness {
	if real, err := filepath.EvalSymlinks(indexDir); err == nil {
		indexDir = real
	}
	f := &freshness{ticks: make(chan struct{}, 1), settled: make(chan struct{}), done: make(chan struct{})}
	if !watch {
		f.why = errNoWatch
		close(f.settled)
		return f
	}
	go f.start(root, indexDir)
	return f
}

var errNoWatch = errors.New("no_watch is set")

func (f *freshness) start(root, indexDir string) {
	defer close(f.settled)
	w, err := watch.New(root, index.SkipDir, indexDir)
	if err != nil {
		f.mu.Lock()
		f.why = err
		f.mu.Unlock()
		return // no notifications: the time rule holds for good
	}
	// With a barrier a question waits until every change made before it
	// has been seen; without one (no unnamed files here) a save made a
	// moment before a query could be missed by it (synced, dueExact).
	_ = w.Barrier(indexDir)
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		w.Close()
		return
	}
	f.w = w
	f.mu.Unlock()
	f.tick() // whatever changed while the watcher was being set up
	go func() {
		for {
			select {
			case <-w.Events():
				f.tick()
			case <-f.done:
				return
			}
		}
	}()
}

func (f *freshness) tick() {
	select {
	case f.ticks <- struct{}{}:
	default:
	}
}

func (f *freshness) watcher() *watch.Watcher {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.w
}

// begin records that a refresh starts now: changes from here on make the
// next query refresh again.
func (f *freshness) begin(now time.Time) {
	f.mark, f.last, f.failed = f.Mark(), now, false
}

// fail records that the refresh begun last did not complete.
func (f *freshness) fail() { f.failed = true }

// due reports whether the next query should refresh first.
func (f *freshness) due(now time.Time) bool {
	if f.failed {
		return true
	}
	if f.watching() {
		return !f.synced() || f.Dirty(f.mark)
	}
	// No notifications, or no longer reliable ones (a build made more
	// directories than the watcher may watch): refresh by time, not on
	// every query.
	return now.Sub(f.last) > refreshEvery
}

// dueExact is due for a server whose answers must be what a pack on its
// own would print (cmd_serve.go): without notifications that see every
// change, and a barrier that says they have been seen, it refreshes
// before every question rather than by time.
func (f *freshness) dueExact() bool {
	return f.failed || !f.watching() || !f.watcher().HasBarrier() || !f.synced() || f.Dirty(f.mark)
}

// syncWait bounds how long a question waits for the watcher to catch up
// with the changes queued before it (usually tens of microseconds).
const syncWait = time.Second

// synced waits until the watcher has seen every change made before now; it
// reports false when it could not tell (then the caller refreshes). Without
// a barrier it reports true at once, as before barriers.
func (f *freshness) synced() bool {
	w := f.watcher()
	return w == nil || !w.HasBarrier() || w.Sync(syncWait)
}

// Mark and Dirty make a freshness an index.Marker, so that the changes
// source asks git again only after a change. A mark taken before the
// watcher is ready (0) always reports a change.
func (f *freshness) Mark() uint64 {
	if w := f.watcher(); w != nil {
		return w.Mark() + 1
	}
	return 0
}

// Dirty reports whether anything may have changed since mark; after close
// it cannot tell.
func (f *freshness) Dirty(mark uint64) bool {
	w := f.answering(mark)
	return w == nil || w.Dirty(mark-1)
}

// Changed makes a freshness an index.ChangeLog: the directories changed
// since mark, so that a refresh reads only those; ok is false when the
// watcher cannot say, and for a mark taken before it was ready.
func (f *freshness) Changed(mark uint64) ([]string, bool) {
	w := f.answering(mark)
	if w == nil {
		return nil, false
	}
	return w.Changed(mark - 1)
}

// answering returns the watcher that can answer for mark: nil for a mark
// taken before it was ready (0), without one, and after close.
func (f *freshness) answering(mark uint64) *watch.Watcher {
	f.mu.Lock()
	defer f.mu.Unlock()
	if mark == 0 || f.closed {
		return nil
	}
	return f.w
}

// describe says, once the setup has ended, how the index is kept fresh.
func (f *freshness) describe() string {
	<-f.settled
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.w == nil {
		return fmt.Sprintf("no file notifications (%v): the index is refreshed before a query at most every %v", f.why, refreshEvery)
	}
	n, noun := f.w.Dirs(), "directories"
	if n == 1 {
		noun = "directory"
	}
	return fmt.Sprintf("watching %s %s for changes: the index is refreshed before a query when one happened", render.Thousands(n), noun)
}

// watching reports whether the notifications see every change now (the
// watcher is ready and has not lost track).
func (f *freshness) watching() bool {
	w := f.watcher()
	return w != nil && !w.Lost()
}

// events ticks after changes under the root (and once when the watcher is
// ready); it never ticks without notifications.
func (f *freshness) events() <-chan struct{} { return f.ticks }

// close stops watching; it waits for a setup in progress.
func (f *freshness) close() {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	<-f.settled
	close(f.done)
	if w := f.watcher(); w != nil {
		w.Close()
	}
}
