// Package tui is loupe's explorer: a Bubble Tea program in which a person
// types what they are about to do, sees the ranked candidates and how they
// were packed under the token budget, and shapes the context by hand (pin,
// drop, level, budget, shares, sources, format) before copying it or writing
// it to a file.
//
// Why it is built this way: the person's loop must feel instant, so the
// model caches the candidates of the current query and every curation key
// re-packs them through Deps.Pack in a command, without an index round
// trip; everything slow (retrieval, packing, chroma, glamour, clipboard,
// files, sessions, the index build) runs in a tea.Cmd and comes back as a
// message tagged with a generation, so stale results are dropped. The root
// model only dispatches: panes (query, results, meters, preview, status)
// are sub-models with SetSize/Update/View, and the layout is a pure
// function of the terminal size. All dependencies come through Deps, so
// tests drive the model with fakes and main wires the real engine.
//
// How main builds it:
//
//	deps := tui.Deps{Engine: eng, Pack: packing.Assemble, Counter: counter,
//		Clipboard: clipboard.WriteAll, // only when DISPLAY or WAYLAND_DISPLAY is set
//		AddNote: notes.Add, Build: build, SessionPath: path, Root: root,
//		Editor: os.Getenv("EDITOR"), Config: cfg}
//	if err := deps.Validate(); err != nil { … }
//	err := tui.Run(ctx, deps, strings.Join(args, " "))
package tui

import (
	"context"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/keymap"
)

// focus is the pane that receives keys.
type focus int

const (
	focusQuery focus = iota
	focusResults
	focusPreview
)

// Model is the explorer's root model (a tea.Model).
type Model struct {
	deps Deps
	// packCache keeps the packer's per-candidate work (near-duplicate
	// detection) across the re-packs of one retrieval.
	packCache *packing.PackCache
	// sessions orders the session saves that curation keys start;
	// sessionFile is this run's session (or the one resumed).
	sessions    *sessionWriter
	sessionFile string
	picker      *sessionPicker // the ctrl+r list, while open
	cfg         Config
	keys        keymap.KeyMap
	st          styles
	style       string // glamour style in use
	width       int
	height      int
	lay         layout
	focus       focus
	help        help.Model

	query   queryPane
	results resultsPane
	meters  metersPane
	preview previewPane
	status  statusPane

	// Retrieval: qgen tags debounce ticks and searches; cancel stops the
	// search in flight.
	qgen   int
	cancel context.CancelFunc
	cands  []engine.Candidate
	tokens map[string]int

	// Packing: cur is the person's curation; pgen tags re-packs.
	cur      curation
	pgen     int
	packing  bool // the pack on screen is not the latest state's yet
	inFlight bool // a re-pack command is running
	// pendingCopy and pendingWrite wait for the re-pack in flight, so
	// that what goes out is what the screen will show.
	pendingCopy  bool
	pendingWrite *writeRequest
	pack         *packing.Pack
	packText     string
	packErr      error

	vgen        int // preview generation
	previewKey  string
	missingPins bool   // report pins absent from the next retrieval
	unfitPins   string // the pins last reported as not fitting
	searchAgain bool   // the index changed under the search in flight

	indexing     bool
	upd          updates // background index updates (indexing.go)
	indexCtx     context.Context
	indexCancel  context.CancelFunc
	builds       *sync.WaitGroup // running index builds, for Run to wait on
	indexElapsed time.Duration
	progress     index.Progress
	quitting     bool

	started    time.Time // when New ran, for the debug log's first-frame time
	firstShown bool

	// tick arms timers (debounce, status expiry); tests make it immediate.
	tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
}

// updates is the state of the explorer's background index updates: the
// one at start, and those files changing under the root ask for
// (indexing.go) or a search finds due (refreshIfStale).
type updates struct {
	running    bool      // an update runs
	again      bool      // files changed while it ran: one more after it
	byChange   bool      // the running update was not the first
	changeGen  int       // changes seen; a settle timer fires for the newest only
	servedGen  int       // the newest change an update began after
	burstStart time.Time // the first change not yet served by an update
	lastStart  time.Time // when the last update began
}

// New builds the explorer. initialQuery runs at once (no debounce); with
// Deps.Resume the saved session replaces it.
func New(deps Deps, initialQuery string) Model {
	deps = deps.withDefaults()
	cfg := deps.Config.withDefaults()
	dark := cfg.Style != "light"
	st := newStyles(dark, cfg.NoColor)
	m := Model{
		deps:    deps,
		cfg:     cfg,
		keys:    cfg.KeyMap,
		st:      st,
		style:   glamourStyle(cfg.Style, dark, cfg.NoColor),
		help:    newHelp(st),
		query:   newQueryPane(initialQuery, st),
		results: resultsPane{st: st},
		meters:  metersPane{st: st, budget: cfg.Budget, weights: cfg.Weights},
		preview: newPreviewPane(st),
		status:  newStatusPane(st),
		cur:     newCuration(cfg),
		tokens:  map[string]int{},
		tick:    tea.Tick,
		started: time.Now(),
		builds:  &sync.WaitGroup{},

		packCache: packing.NewPackCache(),
		sessions:  &sessionWriter{},
	}
	if deps.SessionDir != "" {
		m.sessionFile = newSessionFile(deps.SessionDir, m.started)
	}
	if deps.Notice != "" {
		m.status.set(deps.Notice, statusWarn) // stays until the next message
	}
	m.cur.query = initialQuery
	if deps.Counter != nil {
		m.meters.tokenizer = deps.Counter.Name()
	}
	m.indexing = deps.Build != nil && !deps.BuildInBackground
	m.upd.running = deps.Build != nil
	m.upd.lastStart = time.Now() // Init starts the first build
	m.indexCtx, m.indexCancel = context.WithCancel(context.Background())
	m.focus = focusQuery
	if initialQuery != "" {
		m.focus = focusResults
		m.qgen = 1
	}
	m.setFocus(m.focus)
	m.updateKeybindings()
	return m
}

// Init starts the index build, the first search or the session restore.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{}
	if m.cfg.Style == "" {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if m.deps.Build != nil {
		cmds = append(cmds, startIndexCmd(m.indexCtx, m.deps.Build, m.builds))
	}
	if m.deps.Changes != nil && m.deps.Build != nil {
		cmds = append(cmds, waitForChangeCmd(m.indexCtx, m.deps.Changes))
	}
	switch {
	case m.deps.Resume && m.deps.SessionDir != "":
		cmds = append(cmds, loadLatestSessionCmd(m.deps.SessionDir))
	case m.qgen > 0 && !m.indexing:
		gen := m.qgen
		cmds = append(cmds, func() tea.Msg { return debounceMsg{gen: gen} })
	}
	return tea.Batch(cmds...)
}

// newHelp is the help bar: keys in the accent colour, what they do in the
// text colour, dim separators; bold keys and no colour under NO_COLOR.
func newHelp(st styles) help.Model {
	h := help.New()
	h.Styles = help.DefaultStyles(st.dark)
	key, desc, sep := st.title.Bold(false), st.faint.Faint(false), st.rule
	if st.noColor {
		key, desc, sep = st.bold, lipgloss.NewStyle(), st.faint
	}
	h.Styles.ShortKey, h.Styles.FullKey = key, key
	h.Styles.ShortDesc, h.Styles.FullDesc = desc, desc
	h.Styles.ShortSeparator, h.Styles.FullSeparator, h.Styles.Ellipsis = sep, sep, sep
	return h
}

// glamourStyle resolves the glamour style: explicit, or from the
// background, and "notty" without colour.
func glamourStyle(cfg string, dark, noColor bool) string {
	switch {
	case noColor:
		return "notty"
	case cfg != "":
		return cfg
	case dark:
		return "dark"
	}
	return "light"
}

// setFocus moves the keyboard to a pane.
func (m *Model) setFocus(f focus) tea.Cmd {
	m.focus = f
	m.results.focused = f == focusResults
	m.preview.focused = f == focusPreview
	if f == focusQuery {
		return m.query.Focus()
	}
	m.query.Blur()
	return nil
}
