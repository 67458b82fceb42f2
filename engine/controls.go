package engine

import (
	"strings"
	"unicode/utf8"
)

// Control characters in a repository's files never reach the context as
// they are: an escape sequence in a file (a colour capture, or a hostile
// `\x1b]52;c;…` that sets the clipboard) would act on the terminal that
// prints `loupe pack`, or on whoever pastes the context into one. Each C0
// control but tab, newline and a CR that ends a line becomes its Unicode
// control picture (ESC → ␛), DEL becomes ␡, and a C1 control U+FFFD. The
// count of lines stays, so line numbers do too; a model loses nothing it
// could read.

// neutralize returns s with its control characters made visible.
func neutralize(s string) string {
	if !hasControl(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, r := range s {
		switch {
		case r == '\t' || r == '\n':
			b.WriteRune(r)
		case r == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				b.WriteRune(r)
			} else {
				b.WriteRune('\u240d')
			}
		case r < 0x20:
			b.WriteRune(0x2400 + r)
		case r == 0x7f:
			b.WriteRune('\u2421')
		case r >= 0x80 && r < 0xa0, r == utf8.RuneError:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hasControl reports whether s holds a character neutralize changes.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t' || c == '\n':
		case c == '\r':
			if i+1 >= len(s) || s[i+1] != '\n' {
				return true
			}
		case c < 0x20 || c == 0x7f:
			return true
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] < 0xa0:
			return true
		}
	}
	return false
}

// neutralizeCandidate neutralizes everything of c that may be printed.
func neutralizeCandidate(c Candidate) Candidate {
	c.Text = neutralize(c.Text)
	c.Block.Signature = neutralize(c.Block.Signature)
	c.Block.Doc = neutralize(c.Block.Doc)
	c.Reason = neutralize(c.Reason)
	if len(c.Meta) > 0 {
		meta := make(map[string]string, len(c.Meta))
		for k, v := range c.Meta {
			meta[k] = neutralize(v)
		}
		c.Meta = meta
	}
	return c
}
