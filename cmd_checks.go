package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
	"github.com/loupe-dev/loupe/tui"
)

// The budget's bounds: the explorer's, so that a budget the config or a
// flag accepts is one the explorer accepts too.
const maxBudget = tui.MaxBudget

var maxBudgetText = render.Thousands(maxBudget)

// firstContactNotes are what a person should hear once when loupe cannot
// do all it could: nothing was indexed (an empty or all-ignored
// directory), or the directory is not in a git work tree (no changes, no
// commits). refreshed says st is a walk's: a refresh another loupe's
// writer lock turned away counted nothing, which says nothing of the tree
// (the stale note speaks for it).
func firstContactNotes(root string, st index.UpdateStats, refreshed bool, cfg Config) []string {
	var notes []string
	if refreshed && st.Files() == 0 {
		notes = append(notes, nothingIndexedNote(root, st))
	}
	if notGit(root, cfg) {
		notes = append(notes, notGitNote(root))
	}
	return notes
}

func nothingIndexedNote(root string, st index.UpdateStats) string {
	skipped := 0
	for _, n := range st.Skipped {
		skipped += n
	}
	msg := "nothing indexed in " + root + ": no text files found"
	if skipped > 0 {
		msg += fmt.Sprintf(" (%d skipped: ignored, binary or too large)", skipped)
	}
	return msg + "; is this the right directory? (--root)"
}

func notGit(root string, cfg Config) bool {
	return !index.MaybeInWorkTree(root) && (cfg.Enabled(engine.SourceChanges) || cfg.Enabled(engine.SourceCommits))
}

func notGitNote(root string) string {
	return root + " is not in a git repository: the changes and commits sources are off"
}

// changesKept maps the configured max_changes to the changes source: 0
// means none (the source's zero value would mean its default).
func changesKept(n int) int {
	if n == 0 {
		return changes.KeepNone
	}
	return n
}

// checkDiagnosticsFile refuses a --diagnostics file that cannot be what
// it should: missing, a directory, or binary. It used to give nothing, or
// a warning with the path twice, and exit 0.
func checkDiagnosticsFile(path string) error {
	if path == "" || path == "-" {
		return nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("--diagnostics %s: no such file (give the compiler or linter output saved to a file, or - for stdin)", path)
	}
	if err != nil {
		return fmt.Errorf("--diagnostics %s: %w", path, unwrapPath(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return fmt.Errorf("--diagnostics %s: is a directory, not a file of tool output", path)
	}
	head := make([]byte, 8<<10)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return fmt.Errorf("--diagnostics %s: %w", path, unwrapPath(err))
	}
	if bytes.IndexByte(head[:n], 0) >= 0 {
		return fmt.Errorf("--diagnostics %s: is a binary file, not compiler or linter output", path)
	}
	return nil
}

// unwrapPath drops the path an *fs.PathError repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
