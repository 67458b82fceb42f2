package diagnostics

import (
	"regexp"
	"sort"
	"strings"
)

// Severity is how bad a diagnostic is.
type Severity string

// Severities, from the worst.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityNote    Severity = "note"
)

// rank orders severities: errors first.
func (s Severity) rank() int {
	switch s {
	case SeverityError:
		return 0
	case SeverityWarning:
		return 1
	default:
		return 2
	}
}

// Diagnostic is one error, warning or note reported by a tool. Line and Col
// are 1-based; 0 means the tool did not say.
type Diagnostic struct {
	Tool     string   `json:"tool"` // "go", "go test", "gcc", "clang", "rustc", "tsc", "eslint", "ruff", "flake8", "mypy", "pylint", "pytest", "python"
	Severity Severity `json:"severity"`
	Path     string   `json:"path"` // as the tool printed it
	Line     int      `json:"line"`
	Col      int      `json:"col,omitempty"`
	Code     string   `json:"code,omitempty"` // E0308, TS2322, no-undef, F401, -Wunused-variable, …
	Message  string   `json:"message"`
	Extra    []string `json:"extra,omitempty"` // notes, help, stack frames
	Count    int      `json:"count"`           // how many identical reports were merged (≥ 1)
}

// parseFunc looks at lines[i]. If it starts a diagnostic the parser knows, it
// returns how many lines it consumed (≥ 1) and what it found (possibly
// nothing: a recognised line that reports no problem). n == 0 means the line
// is not the parser's.
type parseFunc func(lines []string, i int) (n int, found []Diagnostic)

// parsers returns the line parsers, most specific first.
func parsers(h hints) []parseFunc {
	return []parseFunc{
		parseGoPanic,
		parsePyTraceback,
		parseArrow,
		parseTscParen,
		parseTscPretty,
		parseEslintStylish,
		parseGoTest,
		parsePytestLocation,
		h.parsePositional,
	}
}

// Parse extracts the diagnostics of any supported tool from text. It never
// fails: lines it does not understand are skipped. The result is merged and
// ordered (errors, warnings, notes; each in the tool's order).
func Parse(text string) []Diagnostic {
	text = stripANSI(strings.ReplaceAll(text, "\r\n", "\n"))
	lines := strings.Split(text, "\n")
	ps := parsers(detectHints(text))
	var out []Diagnostic
	for i := 0; i < len(lines); {
		n, found := parseAt(ps, lines, i)
		for _, d := range found {
			out = attachOrAppend(out, d)
		}
		i += max(n, 1)
	}
	return order(merge(out))
}

func parseAt(ps []parseFunc, lines []string, i int) (int, []Diagnostic) {
	for _, p := range ps {
		n, found := p(lines, i)
		if n > 0 {
			return min(n, len(lines)-i), found
		}
	}
	return 0, nil
}

// attachOrAppend folds a note into the diagnostic before it when the same
// tool printed both (gcc's "note: declared here", mypy's notes).
func attachOrAppend(out []Diagnostic, d Diagnostic) []Diagnostic {
	if d.Severity == SeverityNote && len(out) > 0 && notesFollow(d.Tool) {
		prev := &out[len(out)-1]
		if prev.Tool == d.Tool && prev.Severity != SeverityNote {
			prev.Extra = append(prev.Extra, "note: "+location(d)+": "+d.Message)
			prev.Extra = append(prev.Extra, d.Extra...)
			return out
		}
	}
	if d.Count == 0 {
		d.Count = 1
	}
	return append(out, d)
}

// notesFollow reports whether a tool prints notes as follow-ups of the
// diagnostic before them (pylint's conventions are diagnostics of their own).
func notesFollow(tool string) bool {
	switch tool {
	case "gcc", "clang", "mypy", "rustc":
		return true
	}
	return false
}

// merge folds identical reports (a header included twice, a loop reporting
// the same line) into one, keeping the first and counting the rest.
func merge(ds []Diagnostic) []Diagnostic {
	seen := make(map[string]int, len(ds))
	out := ds[:0:0]
	for _, d := range ds {
		k := strings.Join([]string{d.Tool, string(d.Severity), d.Path, itoa(d.Line), itoa(d.Col), d.Code, d.Message}, "\x00")
		if j, ok := seen[k]; ok {
			out[j].Count += d.Count
			continue
		}
		seen[k] = len(out)
		out = append(out, d)
	}
	return out
}

// order puts errors before warnings before notes, stably.
func order(ds []Diagnostic) []Diagnostic {
	sort.SliceStable(ds, func(a, b int) bool { return ds[a].Severity.rank() < ds[b].Severity.rank() })
	return ds
}

// location renders path:line[:col].
func location(d Diagnostic) string {
	s := d.Path
	if d.Line > 0 {
		s += ":" + itoa(d.Line)
		if d.Col > 0 {
			s += ":" + itoa(d.Col)
		}
	}
	return s
}

// hints are facts about the whole text that decide ambiguous lines.
type hints struct {
	clang bool // "N errors generated." is clang's summary; gcc has none
}

var clangSummary = regexp.MustCompile(`(?m)^\d+ (?:errors?|warnings?)(?: and \d+ (?:errors?|warnings?))? generated\.$`)

func detectHints(text string) hints {
	return hints{clang: clangSummary.MatchString(text)}
}
