package changes

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// addHunk makes a hunk of n added lines at new line start.
func addHunk(start, n int) Hunk {
	h := Hunk{OldStart: start - 1, NewStart: start, NewLines: n, Added: n}
	for i := range n {
		h.Lines = append(h.Lines, fmt.Sprintf("+line %d", start+i))
	}
	return h
}

func TestFileChangeRangeFollowsWhatItShows(t *testing.T) {
	tests := []struct {
		name       string
		hunks      []Hunk
		start, end int
		lines      int    // lines of text
		tail       string // last line of text
	}{
		{"fits", []Hunk{addHunk(5, 3), addHunk(40, 2)}, 5, 41, 7, "+line 41"},
		{"second hunk cut", []Hunk{addHunk(1, 50), addHunk(200, 20)}, 1, 206, maxCommittedLines, "… 13 more lines"},
		{"second hunk left out", []Hunk{addHunk(1, 58), addHunk(200, 20)}, 1, 58, maxCommittedLines, "… 1 more hunks"},
		{"long first hunk cut", []Hunk{addHunk(1, 253)}, 1, 58, maxCommittedLines, "… 195 more lines"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := fileChange(FileDiff{NewPath: "f.go", Hunks: tc.hunks}, time.Time{})
			lines := strings.Split(strings.TrimSuffix(c.text, "\n"), "\n")
			if c.start != tc.start || c.end != tc.end || len(lines) != tc.lines || lines[len(lines)-1] != tc.tail {
				t.Errorf("range %d-%d, %d lines ending %q; want %d-%d, %d lines ending %q",
					c.start, c.end, len(lines), lines[len(lines)-1], tc.start, tc.end, tc.lines, tc.tail)
			}
		})
	}
}
