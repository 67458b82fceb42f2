package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFramesAreWhole: at every size from the minimum up, in every state
// with frames (list and preview, all keys, sessions), the screen is
// exactly the terminal's size and each framed line starts and ends with a
// border: no frame is cut or pushed off by a line one cell too wide.
func TestFramesAreWhole(t *testing.T) {
	sizes := [][2]int{{60, 15}, {61, 16}, {67, 19}, {73, 20}, {80, 24}, {99, 31}, {120, 40}, {139, 41}, {140, 40}, {211, 57}}
	states := map[string][]string{"list": nil, "context": {"v"}, "keys": {"?"}, "dropped": {"j", "x"}}
	for _, sz := range sizes {
		for name, keys := range states {
			t.Run(fmt.Sprintf("%dx%d/%s", sz[0], sz[1], name), func(t *testing.T) {
				h := newHarness(t, 30)
				view := h.keys(h.ready(sz[0], sz[1]), keys...).View().Content
				checkSize(t, view, sz[0], sz[1])
				checkFrames(t, ansi.Strip(view))
			})
		}
	}
}

// checkFrames checks that every line between a frame's top and bottom
// border begins and ends with a vertical border, and that every top
// border has its bottom.
func checkFrames(t *testing.T, screen string) {
	t.Helper()
	open := 0
	for i, line := range strings.Split(screen, "\n") {
		r := []rune(line)
		first, last := string(r[0]), string(r[len(r)-1])
		switch {
		case first == "╭" || first == "┏":
			if open != 0 {
				t.Fatalf("line %d: a frame opens inside another:\n%s", i, screen)
			}
			open = 1
			if last != "╮" && last != "┓" {
				t.Fatalf("line %d: top border not closed: %q\n%s", i, line, screen)
			}
		case first == "╰" || first == "┗":
			open = 0
			if last != "╯" && last != "┛" {
				t.Fatalf("line %d: bottom border not closed: %q", i, line)
			}
		case open == 1 && ((first != "│" && first != "┃") || (last != "│" && last != "┃")):
			t.Fatalf("line %d: a framed line without its borders: %q\n%s", i, line, screen)
		}
	}
	if open != 0 {
		t.Fatalf("a frame is never closed:\n%s", screen)
	}
}
