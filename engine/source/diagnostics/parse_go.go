package diagnostics

import (
	"regexp"
	"strings"
)

// Go test output: "--- FAIL: TestX (0.00s)" and, indented below it (or,
// with -v, between "=== RUN TestX" and the verdict), "x_test.go:12: msg".
var (
	goTestLine    = regexp.MustCompile(`^(\s+)([^\s:]+\.go):(\d+): (.*)$`)
	goTestContext = regexp.MustCompile(`^\s*(--- FAIL|--- PASS|--- SKIP|=== RUN|=== CONT|=== PAUSE|=== NAME):?\s+(\S+)`)
	goVerdict     = regexp.MustCompile(`^\s*--- (FAIL|PASS|SKIP): (\S+)`)
)

// lookaround bounds how far a parser looks back or ahead for context.
const lookaround = 400

// parseGoTest reads one test log line reported through t.Error and friends,
// with its continuation lines (indented deeper).
func parseGoTest(lines []string, i int) (int, []Diagnostic) {
	if indent(lines[i]) == 0 || !strings.Contains(lines[i], ".go:") {
		return 0, nil
	}
	m := goTestLine.FindStringSubmatch(lines[i])
	if m == nil {
		return 0, nil
	}
	depth := len(m[1])
	n := 1
	var extra []string
	for i+n < len(lines) && indent(lines[i+n]) > depth && !blank(lines[i+n]) && n < lookaround {
		extra = append(extra, strings.TrimSpace(lines[i+n]))
		n++
	}
	test, failed := goTestName(lines, i)
	if !failed {
		return n, nil // a t.Log of a passing test
	}
	msg := m[4]
	if test != "" {
		msg = test + ": " + msg
	}
	return n, []Diagnostic{{
		Tool: "go test", Severity: SeverityError, Path: m[2], Line: atoi(m[3]),
		Message: msg, Extra: extra,
	}}
}

// goTestName finds the test a log line belongs to and whether it failed:
// the nearest context line above; for "=== RUN" the verdict below.
func goTestName(lines []string, i int) (string, bool) {
	for j := i - 1; j >= 0 && i-j < lookaround; j-- {
		m := goTestContext.FindStringSubmatch(lines[j])
		if m == nil {
			continue
		}
		switch m[1] {
		case "--- FAIL":
			return m[2], true
		case "--- PASS", "--- SKIP":
			return m[2], false
		}
		return m[2], goTestVerdict(lines, i, m[2])
	}
	return "", true
}

// goTestVerdict looks below line i for the verdict of test; none found
// counts as failed (the run crashed or timed out).
func goTestVerdict(lines []string, i int, test string) bool {
	for j := i + 1; j < len(lines) && j-i < lookaround; j++ {
		if m := goVerdict.FindStringSubmatch(lines[j]); m != nil && m[2] == test {
			return m[1] == "FAIL"
		}
	}
	return true
}

// Go panics: "panic: msg" (or "fatal error: msg"), then goroutine traces of
// function lines each followed by "\t/path/file.go:123 +0x1d".
var (
	goPanicLine = regexp.MustCompile(`^(panic|fatal error): (.*)$`)
	goFrameFile = regexp.MustCompile(`^\t(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?$`)
	goRoutine   = regexp.MustCompile(`^goroutine \d+ \[[^\]]*\]:$`)
)

// parseGoPanic reads a panic and its traces; the location is the first
// frame outside the runtime and testing packages.
func parseGoPanic(lines []string, i int) (int, []Diagnostic) {
	if !strings.HasPrefix(lines[i], "panic: ") && !strings.HasPrefix(lines[i], "fatal error: ") {
		return 0, nil
	}
	m := goPanicLine.FindStringSubmatch(lines[i])
	if m == nil {
		return 0, nil
	}
	frames, n := goFrames(lines, i+1)
	if len(frames) == 0 && !strings.HasPrefix(m[0], "panic: ") {
		return 0, nil // "fatal error:" without a trace is someone else's
	}
	d := Diagnostic{Tool: "go", Severity: SeverityError, Message: m[0]}
	if test := failedTestAbove(lines, i); test != "" {
		d.Tool, d.Message = "go test", test+": "+m[0]
	}
	if f, ok := userFrame(frames); ok {
		d.Path, d.Line = f.path, f.line
	}
	for k, f := range frames {
		if k == 10 {
			d.Extra = append(d.Extra, "…")
			break
		}
		d.Extra = append(d.Extra, f.fn+" at "+f.path+":"+itoa(f.line))
	}
	return 1 + n, []Diagnostic{d}
}

type goFrame struct {
	fn, path string
	line     int
}

// goFrames reads the traces after a panic line; it returns the frames and
// the number of lines consumed.
func goFrames(lines []string, start int) ([]goFrame, int) {
	var frames []goFrame
	j := start
	for j < len(lines) && j-start < 4*lookaround {
		l := lines[j]
		if blank(l) || goRoutine.MatchString(l) {
			j++
			continue
		}
		if j+1 < len(lines) && !strings.HasPrefix(l, "\t") {
			if fm := goFrameFile.FindStringSubmatch(lines[j+1]); fm != nil {
				frames = append(frames, goFrame{fn: l, path: fm[1], line: atoi(fm[2])})
				j += 2
				continue
			}
		}
		break
	}
	return frames, j - start
}

// userFrame is the first frame that is not the runtime's or testing's.
func userFrame(frames []goFrame) (goFrame, bool) {
	for _, f := range frames {
		fn := f.fn
		if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "testing.") ||
			strings.HasPrefix(fn, "panic(") || strings.HasPrefix(fn, "created by ") ||
			strings.Contains(f.path, "/src/runtime/") || strings.Contains(f.path, "/src/testing/") {
			continue
		}
		return f, true
	}
	if len(frames) > 0 {
		return frames[0], true
	}
	return goFrame{}, false
}

// failedTestAbove returns the test whose "--- FAIL" line directly precedes
// a panic, if any.
func failedTestAbove(lines []string, i int) string {
	for j := i - 1; j >= 0 && i-j <= 3; j-- {
		if m := goVerdict.FindStringSubmatch(lines[j]); m != nil && m[1] == "FAIL" {
			return m[2]
		}
	}
	return ""
}
