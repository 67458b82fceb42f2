package index

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// naiveBlock is lines start..end of s by the definition: the data cut
// after every newline, a newline ending the data starting no line, empty
// data one empty line; out-of-range ends clamped.
func naiveBlock(s string, start, end int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	start, end = max(start, 1), min(end, len(lines))
	if start > end {
		return ""
	}
	return strings.Join(lines[start-1:end], "")
}

// TestLineIndex checks every block of small and long texts (long enough
// for several marks, with empty lines and no final newline) against
// naiveBlock, and the line count against its definition.
func TestLineIndex(t *testing.T) {
	texts := []string{"", "a", "\n", "a\n", "a\nb", "\n\n", "a\n\nb\n", "x\r\ny\r\n", "no newline at all"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		var b strings.Builder
		for range rng.IntN(200) {
			b.WriteString(strings.Repeat("x", rng.IntN(4)))
			b.WriteByte('\n')
		}
		if rng.IntN(2) == 0 {
			b.WriteString("tail")
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		x := indexLines([]byte(s))
		if want := len(strings.SplitAfter(s, "\n")); (strings.HasSuffix(s, "\n") && x.lines != want-1) || (!strings.HasSuffix(s, "\n") && x.lines != want) {
			t.Fatalf("indexLines(%q).lines = %d", s, x.lines)
		}
		for start := 0; start <= x.lines+2; start++ {
			for end := start - 1; end <= x.lines+2; end++ {
				if got, want := string(x.block([]byte(s), start, end)), naiveBlock(s, start, end); got != want {
					t.Fatalf("block(%q, %d, %d) = %q, want %q", s, start, end, got, want)
				}
			}
		}
	}
}
