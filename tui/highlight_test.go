package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/loupe-dev/loupe/index"
)

func TestHighlight(t *testing.T) {
	tests := []struct {
		name    string
		block   index.Block
		text    string
		noColor bool
		colored bool
	}{
		{"go by path", index.Block{Path: "a/b.go", Kind: index.KindFunction}, "func F() {\n\treturn\n}\n", false, true},
		{"hunk as diff", index.Block{Path: "Pay.java", Kind: index.KindHunk}, "@@ -1 +1 @@\n-a\n+b\n", false, true},
		{"note plain", index.Block{Path: "NOTES.md", Kind: index.KindNote}, "retries capped\n", false, false},
		{"no colour", index.Block{Path: "a.go", Kind: index.KindFunction}, "func F() {}\n", true, false},
		{"unknown file", index.Block{Path: "x.unknownext", Kind: index.KindWindow}, "stuff\n", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := highlight(tc.text, tc.block, "monokai", tc.noColor)
			if (got != ansi.Strip(got)) != tc.colored {
				t.Fatalf("coloured = %v, want %v: %q", got != ansi.Strip(got), tc.colored, got)
			}
			want := strings.ReplaceAll(tc.text, "\t", "    ")
			if ansi.Strip(got) != want {
				t.Fatalf("text changed: %q", ansi.Strip(got))
			}
		})
	}
}
