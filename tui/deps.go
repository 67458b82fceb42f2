package tui

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/keymap"
	"github.com/loupe-dev/loupe/render"
)

// Engine is what the explorer needs from retrieval: the candidates for what
// the person typed, and the neighbours of one candidate. engine.Engine
// implements it; tests use a fake.
type Engine interface {
	Retrieve(ctx context.Context, raw string) (*Retrieval, error)
	Expand(ctx context.Context, c engine.Candidate) ([]engine.Candidate, error)
}

// PackFunc re-packs cached candidates under a request (packing.Pack).
type PackFunc func(cands []engine.Candidate, req packing.PackRequest) (*packing.Pack, error)

// BuildFunc builds or updates the index, sending progress on the channel;
// it must not close the channel and must return when ctx is done. It
// returns ErrUnchanged when the update found nothing to change (a write
// in an ignored directory): an update the explorer ran because files
// changed then ends quietly, without a search.
type BuildFunc func(ctx context.Context, progress chan<- index.Progress) error

// ErrUnchanged is what a BuildFunc returns when the index did not change.
var ErrUnchanged = errors.New("index unchanged")

// Deps is everything the explorer talks to, injected by main (real engine,
// renderer, tokenizer, clipboard) or by tests (fakes). Every field is a
// value or a function: the TUI never reaches for globals.
type Deps struct {
	Engine Engine   // required
	Pack   PackFunc // required: packing.Assemble
	// NewFormatter builds the formatter of a format name; nil: render.New.
	NewFormatter func(format string) (packing.Formatter, error)
	// Terminal renders markdown for the screen at a width with an explicit
	// glamour style; nil: render.Terminal.
	Terminal func(markdown string, width int, style string) (string, error)
	Counter  engine.Counter // required: tokens.New(cfg.Tokenizer)
	// Clipboard writes to the system clipboard (atotto); nil when there is
	// no display: then OSC 52 is the only copy.
	Clipboard func(text string) error
	// AddNote appends a note to the project's notes file; nil hides the key.
	AddNote func(text string) error
	// Build builds the index; nil when the index is ready.
	Build BuildFunc
	// BuildInBackground shows the explorer at once while Build updates an
	// existing index (progress goes to the status line).
	BuildInBackground bool
	// Changes ticks when files under the root changed (index/watch): the
	// explorer runs Build again in the background and then the search,
	// so that an edit made while it is open is found.
	Changes <-chan struct{}
	// Watching reports whether Changes sees every change now. When it is
	// nil or false (no notifications on this platform, or a watcher that
	// lost track), a search the person starts runs Build in the background
	// too, at most every RefreshEvery, as the MCP server does.
	Watching func() bool
	// SessionDir is this repository's folder of sessions, one file each
	// (the newest maxSessions are kept); empty disables sessions.
	SessionDir string
	// Resume restores the newest session in SessionDir on start.
	Resume bool
	// Root is the repository root: editor paths and relative output files
	// are resolved against it.
	Root string
	// Editor is the command to open a block ($EDITOR); empty: "vi".
	Editor string
	// Pager shows a commit ($PAGER); empty: "less -R".
	Pager string
	// FallbackDir receives the context when the system clipboard fails;
	// empty: os.TempDir().
	FallbackDir string
	// Log receives debug lines; nil discards them (see OpenDebugLog).
	Log    *log.Logger
	Config Config
	// Notice is said once at start (the directory is not a git
	// repository, …); empty says nothing.
	Notice string
	// RecordOutput notes a file the explorer wrote, so that loupe never
	// offers its own output back as a change; nil records nothing.
	RecordOutput func(path string) error
}

// Config is the explorer's starting state and behaviour.
type Config struct {
	Budget     int
	BudgetStep int // tokens added or removed by budget up/down
	Reserves   packing.Reserves
	Weights    map[engine.Source]float64 // nil: engine.DefaultWeights()
	Format     string                    // "md", "xml", "plain" (json is for scripts)
	// Style is the glamour style: "dark", "light", "notty" or "ascii";
	// empty: chosen from the terminal background (tea.BackgroundColorMsg).
	Style   string
	NoColor bool // NO_COLOR: no colours anywhere
	KeyMap  keymap.KeyMap
	// Debounce is the pause after typing before the query runs.
	Debounce time.Duration
	// StatusTimeout is how long a status message stays.
	StatusTimeout time.Duration
	// WriteName is the default file name offered by "write to file".
	WriteName string
}

// DefaultConfig is the configuration main starts from.
func DefaultConfig() Config {
	return Config{
		Budget:        8000,
		BudgetStep:    1000,
		Format:        "md",
		KeyMap:        keymap.Default(),
		Debounce:      150 * time.Millisecond,
		StatusTimeout: 6 * time.Second,
		WriteName:     "loupe-context.md",
	}
}

// Errors returned by Validate; test with errors.Is.
var (
	ErrMissingDep = errors.New("tui: missing dependency")
	ErrBadConfig  = errors.New("tui: bad configuration")
)

// cycleFormats are the formats the format key cycles through.
func cycleFormats() []string { return []string{"md", "xml", "plain"} }

// ErrNothingIndexed is returned (wrapped, with what to check) by a
// BuildFunc that found no file to index: the explorer says so instead of
// an empty list that looks like a query without matches.
var ErrNothingIndexed = errors.New("nothing indexed")

// Validate reports a missing dependency or an unusable configuration.
func (d Deps) Validate() error {
	switch {
	case d.Engine == nil:
		return fmt.Errorf("%w: Engine", ErrMissingDep)
	case d.Pack == nil:
		return fmt.Errorf("%w: Pack", ErrMissingDep)
	case d.Counter == nil:
		return fmt.Errorf("%w: Counter", ErrMissingDep)
	}
	return d.Config.Validate()
}

// Validate reports an unusable configuration.
func (c Config) Validate() error {
	if c.Budget <= 0 || c.BudgetStep <= 0 {
		return fmt.Errorf("%w: budget %d and step %d must be positive", ErrBadConfig, c.Budget, c.BudgetStep)
	}
	if c.Format != "json" && formatIndex(c.Format) < 0 {
		return fmt.Errorf("%w: format %q (md, xml, plain, json)", ErrBadConfig, c.Format)
	}
	switch c.Style {
	case "", "dark", "light", "notty", "ascii":
	default:
		return fmt.Errorf("%w: style %q (dark, light, notty, ascii)", ErrBadConfig, c.Style)
	}
	return nil
}

func formatIndex(f string) int {
	for i, g := range cycleFormats() {
		if g == f {
			return i
		}
	}
	return -1
}

// withDefaults fills the zero functions with the real renderer.
func (d Deps) withDefaults() Deps {
	if d.NewFormatter == nil {
		d.NewFormatter = renderFormatter
	}
	if d.Terminal == nil {
		d.Terminal = render.Terminal
	}
	return d
}

// renderFormatter adapts render.New to the engine's Formatter.
func renderFormatter(format string) (packing.Formatter, error) {
	f, err := render.New(format)
	if err != nil {
		return nil, fmt.Errorf("tui: %w", err)
	}
	return f, nil
}

// withDefaults fills the zero fields of a configuration.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.Budget <= 0 {
		c.Budget = d.Budget
	}
	if c.BudgetStep <= 0 {
		c.BudgetStep = d.BudgetStep
	}
	if c.Format == "" {
		c.Format = d.Format
	}
	if c.KeyMap.Global.Quit.Help().Key == "" {
		c.KeyMap = d.KeyMap
	}
	if c.Debounce <= 0 {
		c.Debounce = d.Debounce
	}
	if c.StatusTimeout <= 0 {
		c.StatusTimeout = d.StatusTimeout
	}
	if c.WriteName == "" {
		c.WriteName = d.WriteName
	}
	if c.Weights == nil {
		c.Weights = engine.DefaultWeights()
	}
	return c
}
