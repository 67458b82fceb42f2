package diagnostics

import (
	"regexp"
	"strings"
)

// Python tracebacks, plain or from pytest --tb=native:
//
//	Traceback (most recent call last):
//	  File "/src/app.py", line 3, in f
//	    return {}["k"]
//	KeyError: 'k'
var (
	pyTraceback = regexp.MustCompile(`^\s*Traceback \(most recent call last\):\s*$`)
	pyFrame     = regexp.MustCompile(`^\s+File "(.+)", line (\d+)(?:, in (.+))?$`)
	pyException = regexp.MustCompile(`^([A-Za-z_][\w.]*)(?::\s*(.*))?$`)
	pytestTitle = regexp.MustCompile(`^_{3,} (.+?) _{3,}$`)
)

type pyFrameAt struct {
	path, fn string
	line     int
}

// parsePyTraceback reads one traceback; the location is the innermost
// frame that is not in an installed library.
func parsePyTraceback(lines []string, i int) (int, []Diagnostic) {
	if !strings.Contains(lines[i], "Traceback") || !pyTraceback.MatchString(lines[i]) {
		return 0, nil
	}
	var frames []pyFrameAt
	n := 1
	for i+n < len(lines) && n < 4*lookaround {
		l := lines[i+n]
		if m := pyFrame.FindStringSubmatch(l); m != nil {
			frames = append(frames, pyFrameAt{path: m[1], line: atoi(m[2]), fn: m[3]})
		} else if indent(l) == 0 && !blank(l) {
			break
		}
		n++
	}
	if i+n >= len(lines) || len(frames) == 0 {
		return n, nil
	}
	exc := pyException.FindStringSubmatch(lines[i+n])
	if exc == nil {
		return n, nil
	}
	d := pyTracebackDiag(lines, i, frames, exc)
	n++
	for i+n < len(lines) && indent(lines[i+n]) > 0 && !pyFrame.MatchString(lines[i+n]) && n < 5*lookaround {
		d.Extra = append(d.Extra, strings.TrimSpace(lines[i+n]))
		n++
	}
	return n, []Diagnostic{d}
}

func pyTracebackDiag(lines []string, i int, frames []pyFrameAt, exc []string) Diagnostic {
	f := frames[len(frames)-1]
	for k := len(frames) - 1; k >= 0; k-- {
		if !libraryPath(frames[k].path) {
			f = frames[k]
			break
		}
	}
	d := Diagnostic{Tool: "python", Severity: SeverityError, Path: f.path, Line: f.line, Code: exc[1], Message: exc[0]}
	if i > 0 {
		if t := pytestTitle.FindStringSubmatch(lines[i-1]); t != nil {
			d.Tool, d.Message = "pytest", t[1]+": "+exc[0]
		}
	}
	if f.fn != "" {
		d.Extra = append(d.Extra, "in "+f.fn)
	}
	return d
}

func libraryPath(p string) bool {
	return strings.Contains(p, "site-packages") || strings.Contains(p, "dist-packages") ||
		strings.HasPrefix(p, "<") || strings.Contains(p, "/lib/python")
}

// pytest's long tracebacks end each failure with "path.py:N: ExcName"
// after the "E   " lines that explain it; intermediate frames end in
// "path.py:N: " or "path.py:N: in fn".
var (
	pytestLocation = regexp.MustCompile(`^(\S+\.py):(\d+): ?(.*)$`)
	pytestExcName  = regexp.MustCompile(`^[A-Za-z_][\w.]*$`)
)

func parsePytestLocation(lines []string, i int) (int, []Diagnostic) {
	if !strings.Contains(lines[i], ".py:") {
		return 0, nil
	}
	m := pytestLocation.FindStringSubmatch(lines[i])
	if m == nil {
		return 0, nil
	}
	rest := strings.TrimSpace(m[3])
	if rest == "" || strings.HasPrefix(rest, "in ") {
		return 1, nil // an intermediate frame
	}
	if !pytestExcName.MatchString(rest) {
		return 0, nil
	}
	d := Diagnostic{Tool: "pytest", Severity: SeverityError, Path: m[1], Line: atoi(m[2]), Code: rest, Message: rest}
	title, elines := pytestContext(lines, i)
	if len(elines) > 0 {
		first := elines[0]
		if !strings.HasPrefix(first, rest) {
			first = rest + ": " + first
		}
		d.Message, d.Extra = first, elines[1:]
	}
	if title != "" {
		d.Message = title + ": " + d.Message
	}
	return 1, []Diagnostic{d}
}

// pytestContext collects the "E" lines of the failure above line i and its
// title ("____ test_add ____").
func pytestContext(lines []string, i int) (string, []string) {
	var elines []string
	for j := i - 1; j >= 0 && i-j < lookaround; j-- {
		l := lines[j]
		if t := pytestTitle.FindStringSubmatch(l); t != nil {
			return t[1], elines
		}
		if strings.HasPrefix(l, "E ") || l == "E" {
			elines = append([]string{strings.TrimSpace(l[1:])}, elines...)
		}
		if strings.HasPrefix(l, "_ _ _") && len(elines) > 0 {
			return pytestTitleAbove(lines, j), elines
		}
	}
	return "", elines
}

func pytestTitleAbove(lines []string, j int) string {
	for k := j - 1; k >= 0 && j-k < lookaround; k-- {
		if t := pytestTitle.FindStringSubmatch(lines[k]); t != nil {
			return t[1]
		}
	}
	return ""
}
