package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Minimum terminal size; below it the explorer shows a message instead.
const (
	minWidth  = 60
	minHeight = 15
	// sideBySideWidth is the width from which the list and the preview sit
	// next to each other instead of one above the other.
	sideBySideWidth = 110
	queryHeight     = 1
	metersHeight    = 2
	statusHeight    = 1
	shortHelpHeight = 1
	fullHelpHeight  = 7
)

// layout is where each pane goes, computed from the terminal size alone.
type layout struct {
	width, height int
	tooSmall      bool
	side          bool // list and preview side by side
	resultsW      int
	resultsH      int
	previewW      int
	previewH      int
	helpH         int
}

// computeLayout splits the terminal: query line, meters, then the list and
// the preview (side by side when wide, stacked otherwise), the status line
// and the help. It is pure so it can be tested at any size.
func computeLayout(w, h int, showHelp bool) layout {
	l := layout{width: w, height: h, helpH: shortHelpHeight}
	if w < minWidth || h < minHeight {
		l.tooSmall = true
		return l
	}
	if showHelp {
		l.helpH = fullHelpHeight
	}
	body := h - queryHeight - metersHeight - statusHeight - l.helpH
	if w >= sideBySideWidth {
		l.side = true
		l.resultsW = w * 11 / 20
		l.previewW = w - l.resultsW
		l.resultsH, l.previewH = body, body
		return l
	}
	l.resultsW, l.previewW = w, w
	l.resultsH = max(body*3/5, 3)
	l.previewH = body - l.resultsH
	return l
}

// fitLine cuts or pads one line to exactly w cells.
func fitLine(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	return s + strings.Repeat(" ", w-sw)
}

// fitBlock cuts or pads text to exactly w×h cells.
func fitBlock(s string, w, h int) string {
	if h <= 0 {
		return ""
	}
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = fitLine(strings.TrimRight(lines[i], "\r"), w)
		} else {
			out[i] = strings.Repeat(" ", w)
		}
	}
	return strings.Join(out, "\n")
}

func spaces(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(" ", n)
}
