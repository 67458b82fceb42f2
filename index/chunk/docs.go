package chunk

import "strings"

// heading is one heading found in a document: the line it starts on
// (1-based; for a setext or reST title, the text line, or the overline),
// its level (1 is the outermost) and its text.
type heading struct {
	line  int
	level int
	text  string
	raw   string // the heading's first line as written
}

// sections turns headings into section blocks covering the whole file: a
// section runs from its heading to the line before the next heading of any
// level. Text before the first heading becomes an unnamed section. Name is
// the heading text and QualName the path of headings above it joined by
// " > " ("Payments service > Architecture > Ledger").
func sections(lines []string, hs []heading) []Block {
	var out []Block
	if len(hs) == 0 || hs[0].line > 1 {
		end := len(lines)
		if len(hs) > 0 {
			end = hs[0].line - 1
		}
		out = append(out, Block{Kind: KindSection, StartLine: 1, EndLine: end})
	}
	var stack []heading
	for i, h := range hs {
		for len(stack) > 0 && stack[len(stack)-1].level >= h.level {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, h)
		names := make([]string, len(stack))
		for j, s := range stack {
			names[j] = s.text
		}
		end := len(lines)
		if i+1 < len(hs) {
			end = hs[i+1].line - 1
		}
		out = append(out, Block{
			Kind:      KindSection,
			Name:      h.text,
			QualName:  strings.Join(names, " > "),
			Signature: h.raw,
			StartLine: h.line,
			EndLine:   end,
		})
	}
	return out
}

// markdownHeadings finds ATX ("## Title") and setext ("Title" over "===" or
// "---") headings, ignoring anything inside ``` or ~~~ fences.
func markdownHeadings(lines []string) []heading {
	var hs []heading
	var fence string // the open fence's marker, "" outside a fence
	for i := frontMatterEnd(lines); i < len(lines); i++ {
		raw := lines[i]
		l := strings.TrimRight(raw, " \t\r")
		t, indent := trimIndent(l)
		if fence != "" {
			if indent <= 3 && strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if m := fenceMarker(t); m != "" && indent <= 3 {
			fence = m
			continue
		}
		if indent > 3 {
			continue
		}
		if level, text, ok := atxHeading(t); ok {
			hs = append(hs, heading{line: i + 1, level: level, text: text, raw: validUTF8(l)})
			continue
		}
		if level := setextLevel(t); level > 0 && i > 0 && isParagraphLine(lines[i-1]) &&
			(len(hs) == 0 || hs[len(hs)-1].line != i) {
			prev := strings.TrimSpace(lines[i-1])
			hs = append(hs, heading{line: i, level: level, text: validUTF8(prev), raw: validUTF8(prev)})
		}
	}
	return hs
}

// frontMatterEnd returns the index of the first line after a YAML front
// matter block ("---" on line 1 up to a closing "---" or "..."), or 0.
func frontMatterEnd(lines []string) int {
	if len(lines) == 0 || strings.TrimRight(lines[0], " \t\r") != "---" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		if t := strings.TrimRight(lines[i], " \t\r"); t == "---" || t == "..." {
			return i + 1
		}
	}
	return 0
}

// trimIndent removes leading spaces and tabs, returning how many columns
// they took (a tab counts as four).
func trimIndent(s string) (string, int) {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return s[i:], n
		}
	}
	return "", n
}

// fenceMarker returns the run of three or more backticks or tildes that
// opens a fenced code block, or "".
func fenceMarker(t string) string {
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || (t[0] == '`' && strings.Contains(t[n:], "`")) {
		return ""
	}
	return t[:n]
}

// atxHeading parses "# Title #" (one to six #, then a space or the end).
func atxHeading(t string) (int, string, bool) {
	n := 0
	for n < len(t) && t[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(t) && t[n] != ' ' && t[n] != '\t') {
		return 0, "", false
	}
	text := strings.TrimSpace(t[n:])
	if trimmed := strings.TrimRight(text, "#"); trimmed == "" || strings.HasSuffix(trimmed, " ") {
		text = strings.TrimSpace(trimmed)
	}
	return n, validUTF8(text), true
}

// setextLevel returns 1 for a "===" underline, 2 for "---", 0 otherwise.
func setextLevel(t string) int {
	if t == "" || strings.Trim(t, string(t[0])) != "" {
		return 0
	}
	switch t[0] {
	case '=':
		return 1
	case '-':
		return 2
	}
	return 0
}

// isParagraphLine reports whether a line can be a setext heading's text:
// not blank, not indented code, not a heading, fence, list item or quote.
func isParagraphLine(raw string) bool {
	t, indent := trimIndent(strings.TrimRight(raw, " \t\r"))
	if t == "" || indent > 3 {
		return false
	}
	if _, _, ok := atxHeading(t); ok {
		return false
	}
	switch t[0] {
	case '>', '-', '*', '+', '`', '~', '|', '=':
		return false
	}
	return true
}

// rstHeadings finds reStructuredText section titles: a text line with an
// underline (and optionally an overline) of one repeated punctuation
// character at least as long as the text. Levels follow the order in which
// the styles first appear, as in docutils.
func rstHeadings(lines []string) []heading {
	var hs []heading
	var styles []string
	for i := 1; i < len(lines); i++ {
		text := strings.TrimRight(lines[i-1], " \t\r")
		under := strings.TrimRight(lines[i], " \t\r")
		if !isRSTAdornment(under) || strings.TrimSpace(text) == "" || isRSTAdornment(text) ||
			len(under) < len(strings.TrimSpace(text)) || text[0] == ' ' {
			continue
		}
		start, style := i, under[:1]
		if i >= 2 && strings.TrimRight(lines[i-2], " \t\r") == under {
			start, style = i-1, under[:1]+"/"
		}
		level := indexOf(styles, style) + 1
		if level == 0 {
			styles = append(styles, style)
			level = len(styles)
		}
		hs = append(hs, heading{line: start, level: level, text: validUTF8(strings.TrimSpace(text)), raw: validUTF8(text)})
		i++ // the underline cannot start another title
	}
	return hs
}

// isRSTAdornment reports a line of three or more of one punctuation char.
func isRSTAdornment(s string) bool {
	if len(s) < 3 || !strings.ContainsRune("=-`:'\"~^_*+#<>.", rune(s[0])) {
		return false
	}
	return strings.Trim(s, s[:1]) == ""
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}
