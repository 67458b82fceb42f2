package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/index/safefile"
	"github.com/loupe-dev/loupe/render"
)

// copy sends the packed text to the terminal's clipboard (OSC 52) and, in
// the same batch, to the system clipboard off the loop.
func (m Model) copy() (Model, tea.Cmd) {
	if m.packing {
		m.pendingCopy = true
		return m, nil
	}
	if m.pack == nil || m.packText == "" {
		return m.setStatus("nothing to copy yet", statusWarn)
	}
	native := nativeCopyCmd(m.deps.Clipboard, m.packText, m.pack.TokenCount, m.cur.format, m.fallbackDir())
	return m, tea.Batch(tea.SetClipboard(m.packText), native)
}

func (m Model) fallbackDir() string {
	if m.deps.FallbackDir != "" {
		return m.deps.FallbackDir
	}
	return os.TempDir()
}

// nativeCopyCmd writes the system clipboard. OSC 52 cannot be confirmed
// (terminals do not answer it), so when there is no system clipboard or it
// fails, the context also goes to a file: nothing is lost.
func nativeCopyCmd(clip func(string) error, text string, tokens int, format, dir string) tea.Cmd {
	return func() tea.Msg {
		msg := copiedMsg{tokens: tokens, format: format, native: clip != nil}
		if clip != nil {
			if msg.err = clip(text); msg.err == nil {
				return msg
			}
			msg.err = fmt.Errorf("tui: system clipboard: %w", msg.err)
		}
		name := fmt.Sprintf("loupe-context-%s%s", time.Now().Format("20060102-150405"), formatExt(format))
		path := filepath.Join(dir, name)
		werr := os.MkdirAll(dir, 0o755)
		if werr == nil {
			werr = safefile.Write(path, []byte(text))
		}
		if werr != nil {
			msg.err = errors.Join(msg.err, werr)
			return msg
		}
		msg.file = path
		return msg
	}
}

func formatExt(format string) string {
	switch format {
	case "xml":
		return ".xml"
	case "plain":
		return ".txt"
	case "json":
		return ".json"
	}
	return ".md"
}

// formatLabel is a format's name in status messages.
func formatLabel(format string) string {
	switch format {
	case "md":
		return "markdown"
	case "xml":
		return "XML"
	case "plain":
		return "plain text"
	}
	return format
}

func (m Model) handleCopied(msg copiedMsg) (Model, tea.Cmd) {
	what := fmt.Sprintf("copied %s tokens (%s), %s", render.Thousands(msg.tokens), m.meters.tokenizer, formatLabel(msg.format))
	switch {
	case msg.native && msg.err == nil:
		return m.setStatus(what, statusInfo)
	case msg.native && msg.file != "":
		return m.setStatus(fmt.Sprintf("%s via OSC 52; the system clipboard failed (%v), saved to %s",
			what, errors.Unwrap(msg.err), msg.file), statusWarn)
	case msg.file != "":
		return m.setStatus(fmt.Sprintf("%s via OSC 52 (no system clipboard here), also saved to %s", what, msg.file), statusInfo)
	}
	return m.setStatus(fmt.Sprintf("%s via OSC 52 only: %v", what, msg.err), statusError)
}

// writeRequest is a write waiting for the re-pack in flight.
type writeRequest struct {
	path      string
	overwrite bool
}

// write writes the current context, or waits for the re-pack in flight.
func (m Model) write(w writeRequest) (Model, tea.Cmd) {
	if m.packing {
		m.pendingWrite = &w
		return m, nil
	}
	if m.packText == "" {
		return m.setStatus("nothing to write yet", statusWarn)
	}
	return m, writeFileCmd(w.path, m.packText, m.packTokens(), w.overwrite, m.deps.RecordOutput)
}

// writeFileCmd writes the context atomically; without overwrite it reports
// an existing file instead of replacing it.
func writeFileCmd(path, text string, tokens int, overwrite bool, record func(string) error) tea.Cmd {
	return func() tea.Msg {
		if !overwrite {
			if _, err := os.Stat(path); err == nil {
				return writtenMsg{path: path, exists: true}
			} else if !errors.Is(err, fs.ErrNotExist) {
				return writtenMsg{path: path, err: fmt.Errorf("tui: stat %s: %w", path, err)}
			}
		}
		if err := safefile.Write(path, []byte(text)); err != nil {
			return writtenMsg{path: path, err: writeError(path, err)}
		}
		if record != nil {
			_ = record(path) // the file is written; a missing ledger entry only costs a stray change
		}
		return writtenMsg{path: path, tokens: tokens}
	}
}

// writeError names the file a person asked for, not the temporary file
// the atomic write failed on: "cannot write /x/ctx.md: permission denied".
func writeError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot write %s: %w", path, err)
}

func (m Model) handleWritten(msg writtenMsg) (Model, tea.Cmd) {
	switch {
	case msg.exists:
		m.status.target = msg.path
		return m.openPrompt(promptOverwrite, fmt.Sprintf("%s exists; overwrite? (y/n) ", msg.path), "")
	case msg.err != nil:
		return m.setStatus(msg.err.Error(), statusError)
	}
	return m.setStatus(fmt.Sprintf("wrote %s tokens (%s), %s to %s", render.Thousands(msg.tokens),
		m.meters.tokenizer, formatLabel(m.cur.format), msg.path), statusInfo)
}

// defaultWriteName is the name offered by the write prompt, with the
// extension of the current format.
func (m Model) defaultWriteName() string {
	name := m.cfg.WriteName
	ext := filepath.Ext(name)
	return name[:len(name)-len(ext)] + formatExt(m.cur.format)
}

// resolvePath makes a typed path absolute against the repository root.
func (m Model) resolvePath(p string) string {
	if filepath.IsAbs(p) || m.deps.Root == "" {
		return p
	}
	return filepath.Join(m.deps.Root, p)
}
