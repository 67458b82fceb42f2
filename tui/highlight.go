package tui

import (
	"fmt"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
	"github.com/alecthomas/chroma/v2/lexers"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// tabWidth is how many spaces a tab becomes on screen (cells must be
// countable for the layout).
const tabWidth = 4

// highlight colours a block's text for the terminal with chroma: by file
// name for code, as a diff for hunks and commits, not at all for notes and
// diagnostics; with no colour, or no lexer, it returns the text as is.
func highlight(text string, b index.Block, style string, noColor bool) string {
	text = strings.ReplaceAll(text, "\t", strings.Repeat(" ", tabWidth))
	if noColor {
		return text
	}
	var lexer chroma.Lexer
	switch b.Kind {
	case index.KindHunk, index.KindCommit:
		lexer = lexers.Get("diff")
	case index.KindNote, index.KindDiagnostic:
		return text
	default:
		lexer = lexers.Match(b.Path)
		if lexer == nil && b.Lang != "" {
			lexer = lexers.Get(b.Lang)
		}
	}
	if lexer == nil {
		return text
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, text)
	if err != nil {
		return text
	}
	var out strings.Builder
	if err := formatters.TTY256.Format(&out, chromastyles.Get(style), it); err != nil {
		return text
	}
	return out.String()
}

// explain writes a block's explanation: the reason, each named signal and
// what a degraded level left out.
func explain(c engine.Candidate, item *packing.Item) string {
	var b strings.Builder
	fmt.Fprintf(&b, "score %.2f", c.Score)
	if c.Reason != "" {
		fmt.Fprintf(&b, " · %s", c.Reason)
	}
	b.WriteByte('\n')
	for _, s := range c.Signals {
		fmt.Fprintf(&b, "  %+6.2f %-12s %s\n", s.Value, s.Name, s.Detail)
	}
	if item != nil && item.Note != "" {
		fmt.Fprintf(&b, "  %s\n", item.Note)
	}
	if c.Stale {
		b.WriteString("  stale: the file changed since indexing\n")
	}
	if c.Deleted {
		b.WriteString("  deleted: the file is gone; stored text shown\n")
	}
	return b.String()
}
