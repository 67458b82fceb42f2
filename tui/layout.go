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
	sideBySideWidth = 140
	queryHeight     = 1
	metersHeight    = 2
	// shortHeight is the height below which the meters take one line.
	shortHeight     = 20
	statusHeight    = 1
	shortHelpHeight = 1
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
	metersH       int  // the meters: two lines, one on short terminals
	helpH         int  // the short help line
	statusH       int  // the status lines: one, more while a long message shows
	fullHelp      bool // all keys replace the list and the preview
}

// computeLayout splits the terminal: query line, meters, then the list and
// the preview (side by side when wide, stacked otherwise), the status line
// and the short help. With showHelp, all keys take the body's place and the
// panes keep their sizes (so toggling help re-renders nothing). It is pure
// so it can be tested at any size.
func computeLayout(w, h int, showHelp bool, statusH int) layout {
	l := layout{width: w, height: h, helpH: shortHelpHeight, fullHelp: showHelp, statusH: max(statusH, statusHeight)}
	if w < minWidth || h < minHeight {
		l.tooSmall = true
		return l
	}
	l.metersH = metersHeight
	if h < shortHeight {
		l.metersH = 1
	}
	body := h - queryHeight - l.metersH - l.statusH - l.helpH
	if w >= sideBySideWidth {
		l.side = true
		l.resultsW = w * 3 / 5
		l.previewW = w - l.resultsW
		l.resultsH, l.previewH = body, body
		return l
	}
	l.resultsW, l.previewW = w, w
	l.resultsH = max(body*3/5, 4)
	l.previewH = body - l.resultsH
	return l
}

// cellWidth is the width of s in cells; plain ASCII (the common case for
// names, paths and code) skips grapheme segmentation.
func cellWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c < 0x20 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

func ansiStrip(s string) string { return ansi.Strip(s) }

// fitLine cuts or pads one line to exactly w cells.
func fitLine(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := cellWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = cellWidth(s)
	}
	return s + strings.Repeat(" ", w-sw)
}

// centerLine pads one line on both sides to w cells (cut when wider).
func centerLine(s string, w int) string {
	sw := cellWidth(ansiStrip(s))
	if sw >= w {
		return fitLine(s, w)
	}
	left := (w - sw) / 2
	return spaces(left) + s + spaces(w-sw-left)
}

// fitBlock cuts or pads text to exactly w×h cells.
func fitBlock(s string, w, h int) string {
	if h <= 0 {
		return ""
	}
	lines := splitLines(s)
	if len(lines) > h {
		lines = lines[:h]
	}
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = fitLine(lines[i], w)
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

// joinColumns puts two blocks of equal height side by side, line by line;
// both are already exactly as wide as their columns.
func joinColumns(left, right string) string {
	l, r := strings.Split(left, "\n"), strings.Split(right, "\n")
	n := max(len(l), len(r))
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(l) {
			b.WriteString(l[i])
		}
		if i < len(r) {
			b.WriteString(r[i])
		}
	}
	return b.String()
}

// splitLines splits text into lines without a trailing empty one, dropping
// carriage returns.
func splitLines(s string) []string {
	s = strings.ReplaceAll(strings.TrimRight(s, "\n"), "\r", "")
	return strings.Split(s, "\n")
}
