package diagnostics

import (
	"fmt"
	"strings"

	"github.com/loupe-dev/loupe/index"
)

// Code shown around a diagnostic's line.
const (
	aroundLines = 8  // lines either side when no enclosing block is known
	maxBody     = 40 // an enclosing block longer than this is trimmed
	keepHead    = 3  // lines of its signature kept when trimmed
	keepNear    = 6  // lines either side of the reported line when trimmed
)

// snippet is the code shown for a diagnostic: lines [start, end] of the
// file, with gaps where a long function was trimmed.
type snippet struct {
	start, end int
	text       string
}

// codeAround renders the enclosing block (trimmed around line if long) or
// ±aroundLines, numbering lines and marking the reported one with ">".
func codeAround(lines []string, line int, encl *index.Block) (snippet, bool) {
	if line < 1 || line > len(lines) {
		return snippet{}, false
	}
	start, end := max(1, line-aroundLines), min(len(lines), line+aroundLines)
	if encl != nil && encl.StartLine <= line && line <= encl.EndLine {
		start, end = max(1, encl.StartLine), min(len(lines), encl.EndLine)
	}
	ranges := [][2]int{{start, end}}
	if encl != nil && end-start+1 > maxBody {
		ranges = trimmed(start, end, line)
	}
	width := len(fmt.Sprint(end))
	var b strings.Builder
	for k, r := range ranges {
		if k > 0 {
			fmt.Fprintf(&b, " %*s ⋮\n", width, "")
		}
		for n := r[0]; n <= r[1]; n++ {
			mark := " "
			if n == line {
				mark = ">"
			}
			fmt.Fprintf(&b, "%s%*d | %s\n", mark, width, n, strings.TrimRight(lines[n-1], "\r"))
		}
	}
	return snippet{start: start, end: end, text: b.String()}, true
}

// trimmed keeps a long block's head, the lines near line and its last line.
func trimmed(start, end, line int) [][2]int {
	parts := [][2]int{
		{start, start + keepHead - 1},
		{max(start, line-keepNear), min(end, line+keepNear)},
		{end, end},
	}
	out := parts[:1]
	for _, p := range parts[1:] {
		last := &out[len(out)-1]
		if p[0] <= last[1]+1 {
			last[1] = max(last[1], p[1])
			continue
		}
		out = append(out, p)
	}
	return out
}
