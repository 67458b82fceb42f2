package diagnostics

import (
	"regexp"
	"strings"
)

// eslint's default "stylish" formatter: a file line, then one indented line
// per problem, "  line:col  severity  message  rule".
var (
	stylishFile  = regexp.MustCompile(`^(/|[A-Za-z]:\\|\.{0,2}/?[\w.@-])\S*\.(?:[cm]?[jt]sx?|vue|svelte|astro|json|md|html?)$`)
	stylishEntry = regexp.MustCompile(`^\s+(\d+):(\d+)\s+(error|warning)\s+(.*?)\s*$`)
	stylishRule  = regexp.MustCompile(`^(.*\S)\s{2,}(@?[\w-]+(?:/[\w-]+)*)$`)
)

// parseEslintStylish reads a file line and its problems.
func parseEslintStylish(lines []string, i int) (int, []Diagnostic) {
	file := strings.TrimSpace(lines[i])
	if i+1 >= len(lines) || indent(lines[i+1]) == 0 || indent(lines[i]) > 0 ||
		!stylishFile.MatchString(lines[i]) || !stylishEntry.MatchString(lines[i+1]) {
		return 0, nil
	}
	var out []Diagnostic
	n := 1
	for i+n < len(lines) && n < 100*lookaround {
		m := stylishEntry.FindStringSubmatch(lines[i+n])
		if m == nil {
			break
		}
		d := Diagnostic{Tool: "eslint", Severity: SeverityError, Path: file, Line: atoi(m[1]), Col: atoi(m[2]), Message: m[4]}
		if m[3] == "warning" {
			d.Severity = SeverityWarning
		}
		if r := stylishRule.FindStringSubmatch(m[4]); r != nil {
			d.Message, d.Code = r[1], r[2]
		}
		out = append(out, d)
		n++
	}
	return n, out
}
