package diagnostics

import (
	"regexp"
	"strings"
)

// tsc: "src/a.ts(7,9): error TS2322: msg" (plain, the default when not a
// terminal) and "src/a.ts:7:9 - error TS2322: msg" (--pretty) followed by a
// code frame and related locations.
var (
	tscParen   = regexp.MustCompile(`^(\S.*?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): (.*)$`)
	tscPretty  = regexp.MustCompile(`^(\S.*?):(\d+):(\d+) - (error|warning|message) (TS\d+): (.*)$`)
	tscRelated = regexp.MustCompile(`^\s+(\S+):(\d+):(\d+)$`)
	tscFooter  = regexp.MustCompile(`^Found \d+ errors?`)
)

func parseTscParen(lines []string, i int) (int, []Diagnostic) {
	if !strings.Contains(lines[i], " TS") || !strings.Contains(lines[i], "): ") {
		return 0, nil
	}
	m := tscParen.FindStringSubmatch(lines[i])
	if m == nil {
		return 0, nil
	}
	n := 1
	var extra []string
	for i+n < len(lines) && indent(lines[i+n]) > 0 && !blank(lines[i+n]) && n < lookaround {
		extra = append(extra, strings.TrimSpace(lines[i+n])) // chained message lines
		n++
	}
	return n, []Diagnostic{tscDiag(m, extra)}
}

func parseTscPretty(lines []string, i int) (int, []Diagnostic) {
	if !strings.Contains(lines[i], " TS") || !strings.Contains(lines[i], " - ") {
		return 0, nil
	}
	m := tscPretty.FindStringSubmatch(lines[i])
	if m == nil {
		return 0, nil
	}
	n := 1
	var extra []string
	for i+n < len(lines) && n < lookaround {
		l := lines[i+n]
		if strings.Contains(l, " TS") && tscPretty.MatchString(l) || tscFooter.MatchString(l) {
			break
		}
		extra = appendTscExtra(extra, l)
		n++
	}
	return n, []Diagnostic{tscDiag(m, extra)}
}

// appendTscExtra keeps related locations and the words under them, not the
// code frames (digits then code) or the squiggles.
func appendTscExtra(extra []string, l string) []string {
	if m := tscRelated.FindStringSubmatch(l); m != nil {
		return append(extra, "related: "+m[1]+":"+m[2]+":"+m[3])
	}
	t := strings.TrimSpace(l)
	if t == "" || indent(l) < 2 || strings.Trim(t, "~ ") == "" {
		return extra
	}
	if r, _ := firstRune(t); r >= '0' && r <= '9' {
		return extra
	}
	return append(extra, t)
}

func tscDiag(m []string, extra []string) Diagnostic {
	sev := SeverityError
	switch m[4] {
	case "warning":
		sev = SeverityWarning
	case "message":
		sev = SeverityNote
	}
	return Diagnostic{Tool: "tsc", Severity: sev, Path: m[1], Line: atoi(m[2]), Col: atoi(m[3]),
		Code: m[5], Message: m[6], Extra: extra}
}
