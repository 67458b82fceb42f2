package diagnostics

import (
	"regexp"
	"strings"
)

// rustc's human format (and ruff's newer full format) puts the message
// first and the location on an arrow line below it:
//
//	error[E0308]: mismatched types
//	 --> src/main.rs:2:18
//	  |
//	2 |     let x: i32 = "five";
//	  |                  ^^^^^^ expected `i32`, found `&str`
var (
	rustHeader = regexp.MustCompile(`^(error|warning)(?:\[(\w+)\])?: (.*)$`)
	ruffHeader = regexp.MustCompile(`^([A-Z]{1,4}\d{2,4})(?: \[\*\])? (.*)$`)
	arrowLine  = regexp.MustCompile(`^\s*--> (.+?):(\d+):(\d+)$`)
	caretLabel = regexp.MustCompile(`^\s*\d*\s*\|\s*[-\^~ |]*\^+\s+(\S.*)$`)
	noteLine   = regexp.MustCompile(`^\s*(?:= )?(note|help): (.*)$`)
)

// parseArrow reads one header with its arrow line and the block under it,
// up to the blank line that ends it.
func parseArrow(lines []string, i int) (int, []Diagnostic) {
	if !arrowNear(lines, i) {
		return 0, nil
	}
	d, ok := arrowHeader(lines[i])
	if !ok {
		return 0, nil
	}
	a := -1
	for j := i + 1; j < len(lines) && j <= i+2; j++ {
		if arrowLine.MatchString(lines[j]) {
			a = j
			break
		}
	}
	if a < 0 {
		return 0, nil
	}
	m := arrowLine.FindStringSubmatch(lines[a])
	d.Path, d.Line, d.Col = m[1], atoi(m[2]), atoi(m[3])
	n := a + 1 - i
	for i+n < len(lines) && !blank(lines[i+n]) && n < lookaround {
		d.Extra = appendLabel(d.Extra, lines[i+n])
		n++
	}
	return n, []Diagnostic{d}
}

// arrowNear is a cheap test for an arrow line under line i.
func arrowNear(lines []string, i int) bool {
	for j := i + 1; j < len(lines) && j <= i+2; j++ {
		if strings.Contains(lines[j], "--> ") {
			return true
		}
	}
	return false
}

func arrowHeader(l string) (Diagnostic, bool) {
	if m := rustHeader.FindStringSubmatch(l); m != nil {
		return Diagnostic{Tool: "rustc", Severity: severityOf(m[1]), Code: m[2], Message: m[3]}, true
	}
	if m := ruffHeader.FindStringSubmatch(l); m != nil {
		return Diagnostic{Tool: "ruff", Severity: flakeSeverity(m[1]), Code: m[1], Message: m[2]}, true
	}
	return Diagnostic{}, false
}

// appendLabel keeps what a block line says in words: the primary label
// under the carets, notes and help; the code itself is read from the file.
func appendLabel(extra []string, l string) []string {
	if m := noteLine.FindStringSubmatch(l); m != nil {
		return append(extra, m[1]+": "+m[2])
	}
	if m := caretLabel.FindStringSubmatch(l); m != nil && len(extra) < 8 {
		return append(extra, strings.TrimSpace(m[1]))
	}
	return extra
}
