package notes

import (
	"regexp"
	"strings"
)

var tableHeader = regexp.MustCompile(`^\s*\[\[\s*"?([A-Za-z_-]+)"?\s*\]\]`)

// headerLine is the 1-based line of the k-th "[[table]]" header in raw, or
// 0 when the file does not use headers for it (inline arrays).
func headerLine(raw []byte, table string, k int) int {
	start, _ := entrySpan(raw, table, k)
	return start
}

// entrySpan returns the lines of the k-th entry of table: from its header to
// the last non-blank line before the next header. Zero when not found.
func entrySpan(raw []byte, table string, k int) (start, end int) {
	lines := strings.Split(string(raw), "\n")
	seen := -1
	for n, l := range lines {
		m := tableHeader.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if start > 0 {
			return start, lastFilled(lines, start, n)
		}
		if m[1] == table {
			if seen++; seen == k {
				start = n + 1
			}
		}
	}
	if start > 0 {
		return start, lastFilled(lines, start, len(lines))
	}
	return 0, 0
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
