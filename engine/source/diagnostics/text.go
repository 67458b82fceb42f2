package diagnostics

import (
	"path"
	"regexp"
	"strconv"
	"strings"
)

var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)`)

// stripANSI removes colour and cursor escapes (tsc --pretty, cargo colour).
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	return ansi.ReplaceAllString(s, "")
}

// atoi parses a positive line or column number; anything else is 0.
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1<<30 {
		return 0
	}
	return n
}

func itoa(n int) string { return strconv.Itoa(n) }

// plausiblePath reports whether s can be a file path a tool printed: no
// spaces, and a directory separator or an extension.
func plausiblePath(s string) bool {
	if s == "" || len(s) > 4096 || strings.ContainsAny(s, " \t\"'<>|*?") {
		return false
	}
	return strings.Contains(s, "/") || path.Ext(s) != ""
}

// indent returns the number of leading spaces and tabs.
func indent(s string) int {
	return len(s) - len(strings.TrimLeft(s, " \t"))
}

// blank reports whether the line has nothing but spaces.
func blank(s string) bool { return strings.TrimSpace(s) == "" }

// ext returns the lowercased extension of p without the dot.
func ext(p string) string {
	return strings.ToLower(strings.TrimPrefix(path.Ext(p), "."))
}
