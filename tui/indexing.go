package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
)

// startIndexCmd runs the build in a goroutine that forwards its progress,
// stamped with the elapsed time, on a channel; waitForIndexCmd reads it one
// message at a time and Update re-arms it until indexReadyMsg. builds lets
// Run wait for the build to stop before main closes the index.
func startIndexCmd(ctx context.Context, build BuildFunc, builds *sync.WaitGroup) tea.Cmd {
	return func() tea.Msg {
		out := make(chan indexEvent, 64)
		builds.Add(1)
		go forwardBuild(ctx, build, out, builds)
		return indexStartedMsg{ch: out}
	}
}

// forwardBuild runs build and forwards its events until it returns. Once
// ctx is done (the explorer quit) nobody reads: events are dropped, but it
// still waits for build to return.
func forwardBuild(ctx context.Context, build BuildFunc, out chan<- indexEvent, builds *sync.WaitGroup) {
	defer builds.Done()
	start := time.Now()
	progress := make(chan index.Progress, 64)
	done := make(chan error, 1)
	go func() { done <- build(ctx, progress) }()
	send := func(ev indexEvent) {
		ev.elapsed = time.Since(start)
		select {
		case out <- ev:
		case <-ctx.Done():
		}
	}
	for {
		select {
		case p := <-progress:
			send(indexEvent{progress: p})
		case err := <-done:
			send(indexEvent{done: true, err: err})
			close(out)
			return
		}
	}
}

// waitForIndexCmd returns the next event, skipping to the newest progress
// report when several are waiting so the screen never lags the build.
func waitForIndexCmd(ch <-chan indexEvent) tea.Cmd {
	return func() tea.Msg {
		ev, ok := <-ch
		for ok && !ev.done {
			next, more, got := tryRecv(ch)
			if !got || !more {
				break
			}
			ev = next
		}
		if !ok {
			return indexReadyMsg{}
		}
		if ev.done {
			return indexReadyMsg{err: ev.err, elapsed: ev.elapsed}
		}
		return indexProgressMsg{progress: ev.progress, elapsed: ev.elapsed, ch: ch}
	}
}

func tryRecv(ch <-chan indexEvent) (ev indexEvent, more, got bool) {
	select {
	case ev, more = <-ch:
		return ev, more, true
	default:
		return ev, true, false
	}
}

func (m Model) handleIndexStarted(msg indexStartedMsg) (Model, tea.Cmd) {
	return m, waitForIndexCmd(msg.ch)
}

func (m Model) handleIndexProgress(msg indexProgressMsg) (Model, tea.Cmd) {
	m.progress, m.indexElapsed = msg.progress, msg.elapsed
	if !m.indexing {
		m.status.right = "indexing " + progressLine(msg.progress, msg.elapsed)
	}
	return m, waitForIndexCmd(msg.ch)
}

// handleIndexReady opens the explorer (or clears the background note) and
// runs the query against the fresh index.
func (m Model) handleIndexReady(msg indexReadyMsg) (Model, tea.Cmd) {
	m.indexing, m.upd.running = false, false
	byChange := m.upd.byChange
	m.upd.byChange = false
	m.status.right = m.summary()
	var again tea.Cmd
	if m.upd.again && (msg.err == nil || errors.Is(msg.err, ErrUnchanged)) {
		// files changed during this update: one more, and its end searches again
		m.upd.again = false
		m, again = m.startChangeBuild()
	}
	m, cmd := m.indexReady(msg, byChange)
	return m, tea.Batch(again, cmd)
}

// indexReady reports the end of an update and runs the query against the
// fresh index.
func (m Model) indexReady(msg indexReadyMsg, byChange bool) (Model, tea.Cmd) {
	if errors.Is(msg.err, ErrUnchanged) {
		if byChange {
			return m, nil // nothing the index holds changed: nothing to say or search
		}
		msg.err = nil
	}
	if errors.Is(msg.err, ErrNothingIndexed) {
		m.results.empty = strings.TrimPrefix(msg.err.Error(), ErrNothingIndexed.Error()+": ")
		return m.setStatus(m.results.empty, statusWarn)
	}
	if msg.err != nil {
		return m.setStatus(fmt.Sprintf("index: %v", msg.err), statusError)
	}
	note := "index ready in %s"
	if byChange {
		note = "files changed: index updated in %s"
	}
	m, cmd := m.setStatus(fmt.Sprintf(note, msg.elapsed.Round(time.Millisecond)), statusInfo)
	// Search again: after a first build the query has not run yet; after a
	// background update the candidates may have changed. A search in flight
	// finishes first (the first frame is not delayed), then one more runs.
	if strings.TrimSpace(m.query.Value()) == "" {
		return m, cmd
	}
	if m.cancel != nil {
		m.searchAgain = true
		return m, cmd
	}
	m.qgen++
	m, search := m.startSearch(m.qgen)
	return m, tea.Batch(cmd, search)
}

// phaseNotes say what the phases an Update reports without file counts
// are doing ("commits: 0 of 0 files" told nothing).
var phaseNotes = map[string]string{index.PhaseWalk: "listing the files", index.PhaseCommits: "reading the git history"}

// progressLine is "1,234 of 5,678 files · 8.2 MB/s · 12s left".
func progressLine(p index.Progress, elapsed time.Duration) string {
	if note, ok := phaseNotes[p.Phase]; ok && p.FilesTotal == 0 {
		return note
	}
	s := fmt.Sprintf("%s of %s files", render.Thousands(p.FilesDone), render.Thousands(p.FilesTotal))
	if p.Phase != "" {
		s = p.Phase + ": " + s
	}
	secs := elapsed.Seconds()
	if secs <= 0 || p.BytesDone <= 0 {
		return s
	}
	rate := float64(p.BytesDone) / secs
	s += fmt.Sprintf(" · %.1f MB/s", rate/1e6)
	if p.BytesTotal > p.BytesDone {
		left := time.Duration(float64(p.BytesTotal-p.BytesDone) / rate * float64(time.Second))
		s += fmt.Sprintf(" · %s left", left.Round(time.Second))
	}
	return s
}

// changeSettle is how long the explorer waits after a change under the
// root before it updates the index: saving a file, a formatter and a
// checkout each come as bursts of events, and one update serves a burst.
// A burst that never settles (a log written inside the tree every few
// milliseconds) is served every changeMaxWait anyway.
const (
	changeSettle  = 300 * time.Millisecond
	changeMaxWait = 2 * time.Second
)

// waitForChangeCmd waits for the next change under the root; it returns
// nothing once the explorer quits.
func waitForChangeCmd(ctx context.Context, ch <-chan struct{}) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-ch:
			return treeChangedMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// handleTreeChanged arms the settle timer (a later change re-arms it) and
// waits for the next change.
func (m Model) handleTreeChanged() (Model, tea.Cmd) {
	m.upd.changeGen++
	gen := m.upd.changeGen
	if m.upd.burstStart.IsZero() {
		m.upd.burstStart = time.Now()
	}
	// A burst that has waited long enough is served even if more comes.
	force := time.Since(m.upd.burstStart) > changeMaxWait
	settle := m.tick(changeSettle, func(time.Time) tea.Msg { return changeSettledMsg{gen: gen, force: force} })
	if m.deps.Changes == nil {
		return m, settle
	}
	return m, tea.Batch(settle, waitForChangeCmd(m.indexCtx, m.deps.Changes))
}

// handleChangeSettled updates the index once the burst of changes is
// over; handleIndexReady then runs the search again. A change during an
// update is served by one more update after it.
func (m Model) handleChangeSettled(msg changeSettledMsg) (Model, tea.Cmd) {
	if msg.gen <= m.upd.servedGen || msg.gen != m.upd.changeGen && !msg.force || m.quitting {
		return m, nil // an update began after this change, or a later one re-armed the wait
	}
	m.upd.burstStart = time.Time{}
	if m.upd.running {
		m.upd.again = true
		return m, nil
	}
	return m.startChangeBuild()
}

func (m Model) startChangeBuild() (Model, tea.Cmd) {
	m.upd.running, m.upd.byChange, m.upd.lastStart = true, true, time.Now()
	m.upd.servedGen = m.upd.changeGen // its walk sees every change so far
	return m, startIndexCmd(m.indexCtx, m.deps.Build, m.builds)
}

// RefreshEvery bounds how stale the explorer lets its index get without
// file notifications: a search the person starts later than this after
// the last update starts another in the background (its end searches
// again when it changed something).
const RefreshEvery = 2 * time.Second

// refreshIfStale starts a background update when no notifications cover
// the tree and the last update began over RefreshEvery ago.
func (m Model) refreshIfStale() (Model, tea.Cmd) {
	if m.deps.Build == nil || m.upd.running || m.deps.Watching != nil && m.deps.Watching() {
		return m, nil
	}
	if time.Since(m.upd.lastStart) <= RefreshEvery {
		return m, nil
	}
	return m.startChangeBuild()
}
