package commits

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCappedLinesIsTrimLines: a text written piece by piece through
// cappedLines comes out as trimLines cuts the whole text, for pieces of
// one line, several lines and empty lines, at every cap around the
// text's length.
func TestCappedLinesIsTrimLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"", "a", "--- x.go", "@@ -1,2 +1,3 @@ func f()", "+\tx := 1", " ", "-y"}
	for round := range 300 {
		var whole strings.Builder
		var pieces []string
		var lines []bool // true: written with addLine
		for range rng.IntN(12) {
			if rng.IntN(2) == 0 {
				l := words[rng.IntN(len(words))]
				pieces, lines = append(pieces, l), append(lines, true)
				whole.WriteString(l + "\n")
				continue
			}
			var p strings.Builder
			for range 1 + rng.IntN(3) {
				p.WriteString(words[rng.IntN(len(words))] + "\n")
			}
			pieces, lines = append(pieces, p.String()), append(lines, false)
			whole.WriteString(p.String())
		}
		n := strings.Count(whole.String(), "\n")
		for max := range n + 2 {
			c := cappedLines{max: max}
			for i, p := range pieces {
				if lines[i] {
					c.addLine(p)
				} else {
					c.add(p)
				}
			}
			if got, want := c.text("diff"), trimLines(whole.String(), max, "diff"); got != want {
				t.Fatalf("round %d, max %d: got %q, want %q", round, max, got, want)
			}
		}
	}
}
