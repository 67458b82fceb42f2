package diagnostics

import (
	"regexp"
	"strings"
	"unicode"
)

// The common shape "path:line[:col]: rest", shared by Go, gcc, clang,
// rustc --error-format=short, mypy, ruff, flake8, pylint and eslint's unix
// formatter; rest decides which tool spoke.
var (
	positional   = regexp.MustCompile(`^([^\s:()][^:()]*?):(\d+):(?:(\d+):)?\s+(.*)$`)
	severityRest = regexp.MustCompile(`^(fatal error|error|warning|note|remark|info|help)(?:\[([^\]]+)\])?:\s*(.*)$`)
	codeRest     = regexp.MustCompile(`^([A-Z]{1,4}\d{2,4})(:?)\s+(?:(\[\*\])\s+)?(.*)$`)
	eslintUnix   = regexp.MustCompile(`^(.*?)\s*\[(Error|Warning)(?:/([^\]]+))?\]$`)
	gccFlag      = regexp.MustCompile(`\s*\[(-W[^\]]+)\]$`)
	mypyCode     = regexp.MustCompile(`\s{2}\[([a-z0-9-]+)\]$`)
	sourceEcho   = regexp.MustCompile(`^\s*\d*\s*\|`)
)

// parsePositional reads one "path:line[:col]: rest" line and the source
// echo lines gcc and clang print under it.
func (h hints) parsePositional(lines []string, i int) (int, []Diagnostic) {
	l, vet := strings.CutPrefix(lines[i], "vet: ") // go vet's type-check failures
	if c := strings.IndexByte(l, ':'); c <= 0 || c+1 >= len(l) || l[c+1] < '0' || l[c+1] > '9' {
		return 0, nil
	}
	m := positional.FindStringSubmatch(l)
	if m == nil || !plausiblePath(m[1]) {
		return 0, nil
	}
	d := Diagnostic{Path: m[1], Line: atoi(m[2]), Col: atoi(m[3])}
	if d.Line == 0 {
		return 0, nil
	}
	if !h.classify(&d, m[4]) {
		return 0, nil
	}
	if vet {
		d.Tool = "go vet"
	}
	n := 1
	for i+n < len(lines) && sourceEcho.MatchString(lines[i+n]) && n < lookaround {
		n++
	}
	return n, []Diagnostic{d}
}

// classify fills tool, severity, code and message from the rest of a
// positional line; false means the line is not a diagnostic.
func (h hints) classify(d *Diagnostic, rest string) bool {
	if m := severityRest.FindStringSubmatch(rest); m != nil {
		h.severityForm(d, m[1], m[2], m[3])
		return true
	}
	if m := eslintUnix.FindStringSubmatch(rest); m != nil {
		d.Tool, d.Message, d.Code = "eslint", m[1], m[3]
		d.Severity = SeverityError
		if m[2] == "Warning" {
			d.Severity = SeverityWarning
		}
		return true
	}
	if m := codeRest.FindStringSubmatch(rest); m != nil && isPython(d.Path) {
		pythonLintForm(d, m[1], m[2] != "", m[3] != "", m[4])
		return true
	}
	if isPython(d.Path) {
		return false // pytest's "x.py:5: AssertionError" and frames are not lint
	}
	d.Tool, d.Severity, d.Message = "", SeverityError, rest
	if ext(d.Path) == "go" {
		d.Tool = "go"
	}
	return rest != ""
}

// severityForm handles "error: msg", "warning[code]: msg" and friends.
func (h hints) severityForm(d *Diagnostic, sev, code, msg string) {
	d.Severity, d.Code, d.Message = severityOf(sev), code, msg
	switch e := ext(d.Path); {
	case e == "rs":
		d.Tool = "rustc"
	case isPython(d.Path):
		d.Tool = "mypy"
		if m := mypyCode.FindStringSubmatch(msg); m != nil {
			d.Code, d.Message = m[1], strings.TrimSpace(msg[:len(msg)-len(m[0])])
		}
	case e == "go":
		d.Tool = "go"
	default:
		d.Tool = "gcc"
		if h.clang {
			d.Tool = "clang"
		}
		if m := gccFlag.FindStringSubmatch(msg); m != nil {
			d.Code, d.Message = m[1], msg[:len(msg)-len(m[0])]
		}
	}
}

func severityOf(s string) Severity {
	switch s {
	case "error", "fatal error":
		return SeverityError
	case "warning":
		return SeverityWarning
	default:
		return SeverityNote
	}
}

// pythonLintForm handles flake8 ("E501 line too long"), ruff ("F401 [*]
// `os` imported but unused") and pylint ("C0114: Missing … (symbol)").
func pythonLintForm(d *Diagnostic, code string, colon, fixable bool, msg string) {
	d.Code, d.Message = code, msg
	if colon && len(code) == 5 && strings.HasSuffix(msg, ")") {
		d.Tool, d.Severity = "pylint", pylintSeverity(code[0])
		d.Col++ // pylint counts columns from 0
		return
	}
	d.Tool, d.Severity = "flake8", flakeSeverity(code)
	first, _ := firstRune(msg)
	if fixable || strings.Contains(msg, "`") || unicode.IsUpper(first) {
		d.Tool = "ruff"
	}
}

func pylintSeverity(c byte) Severity {
	switch c {
	case 'E', 'F':
		return SeverityError
	case 'W':
		return SeverityWarning
	default:
		return SeverityNote
	}
}

// flakeSeverity: syntax errors and undefined names break the program; the
// rest is style.
func flakeSeverity(code string) Severity {
	if strings.HasPrefix(code, "E9") || strings.HasPrefix(code, "F82") || strings.HasPrefix(code, "F63") || code == "F821" {
		return SeverityError
	}
	return SeverityWarning
}

func firstRune(s string) (rune, bool) {
	for _, r := range s {
		return r, true
	}
	return 0, false
}

func isPython(p string) bool {
	e := ext(p)
	return e == "py" || e == "pyi"
}
