package main

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/atotto/clipboard"
	"github.com/charmbracelet/x/term"

	"github.com/loupe-dev/loupe/index/safefile"
)

// copyOutcome says where copied text went, for one honest status line.
type copyOutcome struct {
	OSC52   bool   // the OSC 52 sequence was written to the terminal
	Native  bool   // the system clipboard took it
	SavedTo string // the fallback file, when neither could be confirmed
	Problem string // why the system clipboard did not take it
}

// String is the status line for an outcome.
func (o copyOutcome) String() string {
	var via []string
	if o.Native {
		via = append(via, "system clipboard")
	}
	if o.OSC52 {
		via = append(via, "terminal (OSC 52)")
	}
	switch {
	case len(via) > 0:
		return "copied to the " + strings.Join(via, " and the ")
	case o.SavedTo != "":
		return fmt.Sprintf("clipboard unavailable (%s); the context is saved in %s", o.Problem, o.SavedTo)
	}
	return "nothing copied"
}

// copyText puts text on every clipboard it can reach: the terminal's
// (OSC 52, which also works over SSH) when tty is a terminal, and the
// system clipboard when a display is there. When neither can be confirmed
// the text is written to a file so nothing is lost.
func copyText(text string, tty io.Writer) (copyOutcome, error) {
	var out copyOutcome
	if tty != nil {
		if _, err := io.WriteString(tty, osc52(text)); err == nil {
			out.OSC52 = true
		}
	}
	if err := nativeCopy(text); err != nil {
		out.Problem = err.Error()
	} else {
		out.Native = true
	}
	if out.OSC52 || out.Native {
		return out, nil
	}
	path, err := saveFallback(text)
	if err != nil {
		return out, fmt.Errorf("copy: clipboard unavailable (%s) and saving failed: %w", out.Problem, err)
	}
	out.SavedTo = path
	return out, nil
}

// nativeCopy writes to the system clipboard through wl-copy, xclip or xsel,
// turning their opaque failures into a hint.
func nativeCopy(text string) error {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return errors.New("no display: set DISPLAY or WAYLAND_DISPLAY, or use a terminal with OSC 52")
	}
	if clipboard.Unsupported {
		return errors.New("no clipboard tool: install wl-clipboard, xclip or xsel")
	}
	if err := clipboard.WriteAll(text); err != nil {
		return fmt.Errorf("system clipboard failed (%v): is the display reachable?", err)
	}
	return nil
}

// osc52 wraps text in the terminal clipboard escape sequence.
func osc52(text string) string {
	return "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\x07"
}

// saveFallback writes text to a new file in the temp directory.
func saveFallback(text string) (string, error) {
	name := "loupe-context-" + time.Now().Format("20060102-150405.000") + ".md"
	path := filepath.Join(os.TempDir(), name)
	return path, safefile.WritePrivate(path, []byte(text))
}

// isTerminal reports whether f is a terminal. A character device is not
// enough: /dev/null is one, and OSC 52 written there copies nothing.
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }
