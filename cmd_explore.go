package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/spf13/cobra"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/engine/source/notes"
	"github.com/loupe-dev/loupe/engine/tokens"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/keymap"
	"github.com/loupe-dev/loupe/render"
	"github.com/loupe-dev/loupe/tui"
)

type exploreFlags struct {
	req    requestFlags
	resume bool
	style  string
}

// addExploreFlags makes the root command open the explorer.
func addExploreFlags(root *cobra.Command, g *globalFlags) {
	f := &exploreFlags{}
	bindRequestFlags(root.Flags(), &f.req, DefaultDeadline)
	root.Flags().BoolVar(&f.resume, "resume", false, "bring back the last session of this repository (query, budget, pins, drops, levels)")
	root.Flags().StringVar(&f.style, "style", "", "preview style: auto, dark, light or notty (NO_COLOR means notty)")
	root.Args = cobra.ArbitraryArgs
	root.RunE = func(cmd *cobra.Command, args []string) error { return runExplore(cmd, g, f, args) }
}

func runExplore(cmd *cobra.Command, g *globalFlags, f *exploreFlags, args []string) error {
	if err := mistypedCommand(cmd, args); err != nil {
		return err
	}
	if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
		return errors.New(`the explorer needs a terminal; for scripts use: loupe pack "what you are working on"`)
	}
	root, err := resolveRoot(g.root)
	if err != nil {
		return err
	}
	cfg, err := resolveConfig(cmd, root, &f.req)
	if err != nil {
		return err
	}
	if f.style != "" { // one validation for the flag and the config file
		cfg.Style = f.style
		if err := cfg.Validate(); err != nil {
			return usageError{err}
		}
	}
	deps, closeFn, err := exploreDeps(cmd.Context(), root, g.indexDir, cfg, f.resume)
	if err != nil {
		return err
	}
	defer closeFn()
	return tui.Run(cmd.Context(), deps, strings.Join(args, " "))
}

// exploreDeps opens the index and wires the explorer to the real engine,
// renderer, tokenizer, clipboard, notes and session file. A new index is
// built in the foreground (the explorer shows a progress bar); an existing
// one is updated in the background.
func exploreDeps(ctx context.Context, root, indexDir string, cfg Config, resume bool) (tui.Deps, func(), error) {
	opts, err := indexOptions(root, indexDir, cfg)
	if err != nil {
		return tui.Deps{}, nil, err
	}
	opts.Logf = nil      // the explorer owns the terminal
	opts.WorkTree = true // the changes source reads the tree from its refreshes (index.WorkTree)
	dir := opts.IndexDir
	if dir == "" {
		d, err := index.DefaultDir(root)
		if err != nil {
			return tui.Deps{}, nil, err
		}
		dir = d
	}
	_, statErr := os.Stat(dir)
	fresh := errors.Is(statErr, os.ErrNotExist)
	ix, err := index.Open(root, opts)
	if err != nil {
		return tui.Deps{}, nil, err
	}
	counter, err := tokensFor(cfg)
	if err != nil {
		ix.Close()
		return tui.Deps{}, nil, err
	}
	km := keymap.Default()
	if err := km.Apply(cfg.Keys); err != nil {
		ix.Close()
		return tui.Deps{}, nil, usageError{err}
	}
	logger, logCloser, err := tui.OpenDebugLog()
	if err != nil {
		ix.Close()
		return tui.Deps{}, nil, err
	}
	log.SetOutput(logger.Writer()) // the libraries' lines too (see quietLibraries)
	m, err := newModel(cfg.Model, ix, nil)
	if err != nil {
		ix.Close()
		return tui.Deps{}, nil, err
	}
	watcher := newFreshness(ix.Root(), ix.Dir(), !cfg.NoWatch)
	ix.TrustNotifications(watcher)
	eng, diag := buildEngine(root, ix, cfg, nil, m, watcher)
	preloadDiagnostics(ctx, diag)
	deps := tui.Deps{
		Engine:            eng,
		Pack:              packing.Assemble,
		NewFormatter:      func(name string) (packing.Formatter, error) { return render.New(name) },
		Terminal:          render.Terminal,
		Counter:           counter,
		Build:             buildFunc(ix, root),
		BuildInBackground: !fresh,
		Changes:           watcher.events(),
		Watching:          watcher.watching,
		SessionDir:        sessionDir(root),
		Resume:            resume,
		Root:              root,
		Editor:            os.Getenv("EDITOR"),
		Pager:             os.Getenv("PAGER"),
		Log:               logger,
		AddNote:           func(text string) error { return addNoteText(root, text) },
		Config:            tuiConfig(cfg, km),
		RecordOutput:      func(path string) error { return changes.RecordOutput(root, path) },
	}
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		deps.Clipboard = nativeCopy
	}
	if m != nil {
		deps.Engine = modelEngine{eng: eng, m: m}
		deps.Build = withSemanticSync(deps.Build, m)
	}
	if notGit(root, cfg) {
		deps.Notice = notGitNote(root)
	}
	closeAll := func() {
		watcher.close()
		m.close()
		if diag != nil {
			diag.Close()
		}
		ix.Close()
		logCloser.Close()
	}
	return deps, closeAll, nil
}

// buildFunc adapts index updates to the explorer's progress channel.
func buildFunc(ix *index.Index, root string) tui.BuildFunc {
	return func(ctx context.Context, progress chan<- index.Progress) error {
		st, err := ix.Refresh(ctx, func(p index.Progress) {
			select {
			case progress <- p:
			default: // the explorer is busy drawing: drop this tick, the next one comes
			}
		})
		var stale *index.StaleError
		if errors.As(err, &stale) {
			return nil // another loupe is writing: search its last snapshot
		}
		if err == nil && st.Files() == 0 {
			return fmt.Errorf("%w: %s", tui.ErrNothingIndexed, nothingIndexedNote(root, st))
		}
		if err == nil && !st.Moved {
			return tui.ErrUnchanged
		}
		return err
	}
}

// tuiConfig maps the shared configuration onto the explorer's.
func tuiConfig(cfg Config, km keymap.KeyMap) tui.Config {
	c := tui.DefaultConfig()
	c.Budget = cfg.Budget
	c.Reserves = cfg.Reserves()
	c.Weights = cfg.EngineWeights()
	if cfg.Format != "json" {
		c.Format = cfg.Format
	}
	c.KeyMap = km
	c.NoColor = os.Getenv("NO_COLOR") != ""
	c.Style = previewStyle(cfg.Style, c.NoColor)
	return c
}

// previewStyle resolves "auto" before the program starts: glamour must
// never query the terminal while Bubble Tea owns it.
func previewStyle(style string, noColor bool) string {
	switch {
	case noColor:
		return "notty"
	case style != "auto" && style != "":
		return style
	}
	if dark, ok := tui.DarkFromColorFGBG(os.Getenv("COLORFGBG")); ok {
		if dark {
			return "dark"
		}
		return "light"
	}
	if lipgloss.HasDarkBackground(os.Stdin, os.Stdout) {
		return "dark"
	}
	return "light"
}

// addNoteText adds a free-text fact to the project's notes.
func addNoteText(root, text string) error {
	e, err := notes.ParseEntry("fact", map[string]string{"text": text})
	if err != nil {
		return err
	}
	_, err = appendNote(root, e)
	return err
}

// sessionDir is where the explorer keeps this repository's sessions: the
// user state directory (XDG_STATE_HOME, default ~/.local/state), never the
// repository.
func sessionDir(root string) string {
	base := os.Getenv("XDG_STATE_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		base = filepath.Join(home, ".local", "state")
	}
	sum := sha256.Sum256([]byte(root))
	name := filepath.Base(root) + "-" + hex.EncodeToString(sum[:6])
	return filepath.Join(base, "loupe", "sessions", name)
}

// tokensFor builds the configured token counter and warms its vocabulary
// in the background, off the first query's path.
func tokensFor(cfg Config) (engine.Counter, error) {
	c, err := tokens.New(cfg.Tokenizer)
	if err != nil {
		return nil, fmt.Errorf("tokenizer: %w", err)
	}
	tokens.Warm(c)
	return c, nil
}
