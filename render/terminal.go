package render

import (
	"fmt"
	"slices"

	"charm.land/glamour/v2"
)

// Styles lists the glamour styles Terminal accepts. There is no "auto":
// the caller decides dark or light once, before the terminal is taken.
func Styles() []string { return []string{"dark", "light", "notty", "ascii"} }

// minWidth is the narrowest wrap width Terminal renders at.
const minWidth = 10

// Terminal renders Markdown as ANSI text word-wrapped at width with the
// given glamour style. It builds a new renderer per call (renderers hold
// per-render buffers) and never queries the terminal.
func Terminal(markdown string, width int, style string) (string, error) {
	if !slices.Contains(Styles(), style) {
		return "", fmt.Errorf("render: unknown style %q (want one of %v)", style, Styles())
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(max(width, minWidth)))
	if err != nil {
		return "", fmt.Errorf("render: terminal renderer: %w", err)
	}
	out, err := r.Render(markdown)
	if err != nil {
		return "", fmt.Errorf("render: terminal: %w", err)
	}
	return out, nil
}
