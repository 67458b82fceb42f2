package notes

import (
	"regexp"
	"strings"
)

var tableHeader = regexp.MustCompile(`^\s*\[\[\s*"?([A-Za-z_-]+)"?\s*\]\]`)

// span is the 1-based, inclusive line range of one entry in the file.
type span struct{ start, end int }

// entrySpans finds, in one pass, every "[[table]]" entry's lines: from its
// header to the last non-blank, non-comment line before the next header.
// Entries written as inline arrays have no header and no span.
func entrySpans(raw []byte) map[string][]span {
	lines := strings.Split(string(raw), "\n")
	out := map[string][]span{}
	table, start := "", 0
	closeOpen := func(next int) {
		if start > 0 {
			out[table] = append(out[table], span{start, lastFilled(lines, start, next)})
		}
	}
	for n, l := range lines {
		if !strings.Contains(l, "[[") {
			continue
		}
		if m := tableHeader.FindStringSubmatch(l); m != nil {
			closeOpen(n)
			table, start = m[1], n+1
		}
	}
	closeOpen(len(lines))
	return out
}

// headerLine is the line of the k-th entry of table, or 0.
func headerLine(raw []byte, table string, k int) int {
	if s := entrySpans(raw)[table]; k < len(s) {
		return s[k].start
	}
	return 0
}

// lastFilled is the last non-blank, non-comment line in lines[from-1:to).
func lastFilled(lines []string, from, to int) int {
	for n := to; n > from; n-- {
		t := strings.TrimSpace(lines[n-1])
		if t != "" && !strings.HasPrefix(t, "#") {
			return n
		}
	}
	return from
}
