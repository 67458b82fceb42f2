package commits

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// splitTrim cuts text to its first n lines by splitting it whole.
func splitTrim(text string, n int, what string) string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) <= n {
		return text
	}
	return strings.Join(lines[:n], "") + "… " + strconv.Itoa(len(lines)-n) + " more " + what + " lines\n"
}

// TestCappedLinesIsTrimLines: a text written piece by piece through
// cappedLines comes out as the whole text cut by its lines (splitTrim,
// what trimLines did before it wrote through cappedLines), for pieces of
// one line, several lines and empty lines, at every cap around the
// text's length; and trimLines cuts a text whose last line has no newline
// as splitTrim does.
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
			if got, want := c.text("diff"), splitTrim(whole.String(), max, "diff"); got != want {
				t.Fatalf("round %d, max %d: got %q, want %q", round, max, got, want)
			}
			open := strings.TrimSuffix(whole.String(), "\n")
			if got, want := trimLines(open, max, "body"), splitTrim(open, max, "body"); got != want {
				t.Fatalf("round %d, max %d, no last newline: got %q, want %q", round, max, got, want)
			}
		}
	}
}
