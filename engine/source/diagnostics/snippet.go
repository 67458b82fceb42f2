package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/index"
)

// Code shown around a diagnostic's line.
const (
	aroundLines = 8  // lines either side when no enclosing block is known
	maxBody     = 40 // an enclosing block longer than this is trimmed
	keepHead    = 3  // lines of its signature kept when trimmed
	keepNear    = 6  // lines either side of a reported line when trimmed
)

// region is the code shown for a line of a file of n lines: the enclosing
// block when it contains the line, else ±aroundLines. ok is false when the
// line is not in the file.
func region(n, line int, encl *index.Block) (start, end int, ok bool) {
	if line < 1 || line > n {
		return 0, 0, false
	}
	if encl != nil && encl.StartLine <= line && line <= encl.EndLine {
		return max(1, encl.StartLine), min(n, encl.EndLine), true
	}
	return max(1, line-aroundLines), min(n, line+aroundLines), true
}

// renderCode numbers lines start..end, marks the reported ones with ">",
// and, when trim is set and the region is long, keeps only its head, the
// lines near each mark and its last line, with "⋮" for the gaps.
func renderCode(lines []string, start, end int, marks []int, trim bool) string {
	ranges := [][2]int{{start, end}}
	if trim && end-start+1 > maxBody {
		ranges = trimmed(start, end, marks)
	}
	width := len(fmt.Sprint(end))
	var b strings.Builder
	for k, r := range ranges {
		if k > 0 {
			fmt.Fprintf(&b, " %*s ⋮\n", width, "")
		}
		for n := r[0]; n <= r[1]; n++ {
			mark := " "
			if slices.Contains(marks, n) {
				mark = ">"
			}
			fmt.Fprintf(&b, "%s%*d | %s\n", mark, width, n, strings.TrimRight(lines[n-1], "\r"))
		}
	}
	return b.String()
}

// trimmed keeps a long block's head, the lines near each mark and its last
// line, merging ranges that touch.
func trimmed(start, end int, marks []int) [][2]int {
	parts := [][2]int{{start, start + keepHead - 1}}
	sorted := slices.Sorted(slices.Values(marks))
	for _, m := range sorted {
		parts = append(parts, [2]int{max(start, m-keepNear), min(end, m+keepNear)})
	}
	parts = append(parts, [2]int{end, end})
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
