package render

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
)

// Styles lists the glamour styles Terminal accepts. There is no "auto":
// the caller decides dark or light once, before the terminal is taken.
// "dark-plain" and "light-plain" are dark and light without syntax
// highlighting of code blocks, which is most of glamour's time (an 8k-token
// pack: about 250 ms highlighted, 15 ms plain, on a loaded 2-core machine).
func Styles() []string {
	return []string{"dark", "light", "notty", "ascii", "dark-plain", "light-plain"}
}

// styleOption picks a built-in glamour style, or a copy of dark or light
// without chroma highlighting for the "-plain" styles.
func styleOption(style string) glamour.TermRendererOption {
	base, plain := strings.CutSuffix(style, "-plain")
	if !plain {
		return glamour.WithStandardStyle(style)
	}
	var cfg ansi.StyleConfig
	if base == "light" {
		cfg = styles.LightStyleConfig
	} else {
		cfg = styles.DarkStyleConfig
	}
	cfg.CodeBlock.Chroma = nil
	return glamour.WithStyles(cfg)
}

// minWidth is the narrowest wrap width Terminal renders at.
const minWidth = 10

// Terminal renders Markdown as ANSI text word-wrapped at width with the
// given glamour style. It builds a new renderer per call (renderers hold
// per-render buffers) and never queries the terminal.
func Terminal(markdown string, width int, style string) (string, error) {
	if !slices.Contains(Styles(), style) {
		return "", fmt.Errorf("render: unknown style %q (want one of %v)", style, Styles())
	}
	r, err := glamour.NewTermRenderer(styleOption(style), glamour.WithWordWrap(max(width, minWidth)))
	if err != nil {
		return "", fmt.Errorf("render: terminal renderer: %w", err)
	}
	out, err := r.Render(markdown)
	if err != nil {
		return "", fmt.Errorf("render: terminal: %w", err)
	}
	return out, nil
}
