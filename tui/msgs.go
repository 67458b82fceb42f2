package tui

import (
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// Messages come back from commands; async results carry the generation
// they were started under, and Update drops those that are stale.

// debounceMsg fires after a pause in typing; gen is the query generation.
type debounceMsg struct{ gen int }

// searchDoneMsg carries a retrieval with each candidate's full-text tokens.
type searchDoneMsg struct {
	gen       int
	raw       string
	retrieval *Retrieval
	tokens    map[string]int
	err       error
}

// expandDoneMsg carries the neighbours of one candidate.
type expandDoneMsg struct {
	gen      int
	from     string
	fromName string
	cands    []engine.Candidate
	tokens   map[string]int
	err      error
}

// packDoneMsg carries a re-pack and its rendered text.
type packDoneMsg struct {
	gen  int
	pack *packing.Pack
	text string
	rows []row
	err  error
}

// previewRenderedMsg carries the preview pane's rendered content.
type previewRenderedMsg struct {
	gen   int
	lines []string // cut to width cells each
	width int
	err   error
}

// copiedMsg reports a copy: OSC 52 was sent; native is the system
// clipboard's result; file is where the context went when it failed.
type copiedMsg struct {
	tokens int
	format string
	native bool // a system clipboard was tried
	file   string
	err    error
}

// writtenMsg reports a file write; exists asks whether to overwrite.
type writtenMsg struct {
	path   string
	tokens int
	exists bool
	err    error
}

// noteAddedMsg reports Deps.AddNote.
type noteAddedMsg struct{ err error }

// editorDoneMsg comes back when $EDITOR exits.
type editorDoneMsg struct {
	err  error
	what string // "git show"; empty for the editor
}

// sessionLoadedMsg carries a session read from disk.
type sessionLoadedMsg struct {
	session Session
	path    string
	err     error
}

// sessionsListedMsg carries this repository's sessions, newest first.
type sessionsListedMsg struct {
	list []SessionEntry
	err  error
}

// sessionSavedMsg reports a session write (only errors are shown).
type sessionSavedMsg struct{ err error }

// statusTimeoutMsg clears the status message it was armed for.
type statusTimeoutMsg struct{ id int }

// indexStartedMsg carries the progress channel of a running build.
type indexStartedMsg struct {
	ch <-chan indexEvent
}

// indexProgressMsg is one progress report of the build.
type indexProgressMsg struct {
	progress index.Progress
	elapsed  time.Duration
	ch       <-chan indexEvent
}

// indexReadyMsg ends the build.
type indexReadyMsg struct {
	err     error
	elapsed time.Duration
}

// treeChangedMsg says files under the root changed (Deps.Changes).
type treeChangedMsg struct{}

// changeSettledMsg ends the wait after a change (changeSettle): gen is
// the change it was armed for; a later change re-arms it, unless force
// (the burst has gone on past changeMaxWait).
type changeSettledMsg struct {
	gen   int
	force bool
}

// indexEvent is what the build goroutine sends: progress, or the end.
type indexEvent struct {
	progress index.Progress
	elapsed  time.Duration
	done     bool
	err      error
}

// errMsg is an error for the status line.
type errMsg struct{ err error }

func (e errMsg) Error() string { return e.err.Error() }
