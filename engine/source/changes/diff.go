package changes

import (
	"strconv"
	"strings"
)

// FileDiff is one file's part of a unified diff as git prints it.
type FileDiff struct {
	OldPath string // "" for an added file
	NewPath string // "" for a deleted file
	Binary  bool
	Hunks   []Hunk
}

// Path is the file's current path, or its old path when it was deleted.
func (f FileDiff) Path() string {
	if f.NewPath != "" {
		return f.NewPath
	}
	return f.OldPath
}

// Hunk is one "@@ -a,b +c,d @@" section of a unified diff. Lines keep
// their ' ', '+' or '-' prefix; "\ No newline at end of file" markers are
// dropped.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Section            string // the function context git prints after "@@"
	Lines              []string
	Added, Deleted     int
}

// NewRange is the hunk's line range in the new file, 1-based and
// inclusive. A hunk that only deletes has no new lines; its range is the
// line after which the deletion happened (at least 1).
func (h Hunk) NewRange() (start, end int) {
	start = max(h.NewStart, 1)
	if h.NewLines == 0 {
		return start, start
	}
	return start, start + h.NewLines - 1
}

// Header is the hunk's "@@" line as git prints it.
func (h Hunk) Header() string {
	s := "@@ -" + rangeText(h.OldStart, h.OldLines) + " +" + rangeText(h.NewStart, h.NewLines) + " @@"
	if h.Section != "" {
		s += " " + h.Section
	}
	return s
}

// Text is the hunk as unified diff text, newline-terminated.
func (h Hunk) Text() string {
	var b strings.Builder
	b.WriteString(h.Header())
	b.WriteByte('\n')
	for _, l := range h.Lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func rangeText(start, n int) string {
	if n == 1 {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(n)
}

// ParseDiff parses the output of git diff, git show or git log -p into
// files and hunks. It is lenient: lines it does not understand are skipped,
// a hunk ends at its declared size or at the next header, and it never
// panics on malformed input.
func ParseDiff(text string) []FileDiff {
	p := diffParser{}
	for _, line := range strings.Split(text, "\n") {
		p.line(strings.TrimSuffix(line, "\r"))
	}
	p.flushFile()
	return p.files
}

type diffParser struct {
	files []FileDiff
	cur   *FileDiff
	hunk  *Hunk
	// oldLeft and newLeft count the lines the current hunk still expects.
	oldLeft, newLeft int
}

func (p *diffParser) line(l string) {
	if p.hunk != nil && p.inHunk(l) {
		return
	}
	p.flushHunk()
	switch {
	case strings.HasPrefix(l, "diff --git "):
		p.flushFile()
		old, new := splitGitHeader(strings.TrimPrefix(l, "diff --git "))
		p.cur = &FileDiff{OldPath: old, NewPath: new}
	case strings.HasPrefix(l, "@@ "):
		p.startHunk(l)
	default:
		p.header(l)
	}
}

// inHunk consumes l as a body line of the current hunk when it is one.
func (p *diffParser) inHunk(l string) bool {
	if strings.HasPrefix(l, `\`) { // "\ No newline at end of file"
		return true
	}
	if p.oldLeft <= 0 && p.newLeft <= 0 {
		return false
	}
	switch {
	case strings.HasPrefix(l, "+"):
		p.newLeft--
		p.hunk.Added++
	case strings.HasPrefix(l, "-"):
		p.oldLeft--
		p.hunk.Deleted++
	case strings.HasPrefix(l, " "), l == "":
		if l == "" {
			l = " " // some tools strip the space of an empty context line
		}
		p.oldLeft--
		p.newLeft--
	default:
		return false
	}
	p.hunk.Lines = append(p.hunk.Lines, l)
	return true
}

// header handles the extended header lines between "diff --git" and the
// first hunk.
func (p *diffParser) header(l string) {
	if p.cur == nil {
		if strings.HasPrefix(l, "--- ") {
			p.cur = &FileDiff{} // a plain unified diff without git's header
		} else {
			return
		}
	}
	switch {
	case strings.HasPrefix(l, "--- "):
		p.cur.OldPath = diffPath(strings.TrimPrefix(l, "--- "), "a/")
	case strings.HasPrefix(l, "+++ "):
		p.cur.NewPath = diffPath(strings.TrimPrefix(l, "+++ "), "b/")
	case strings.HasPrefix(l, "new file mode"):
		p.cur.OldPath = ""
	case strings.HasPrefix(l, "deleted file mode"):
		p.cur.NewPath = ""
	case strings.HasPrefix(l, "rename from "):
		p.cur.OldPath = unquote(strings.TrimPrefix(l, "rename from "))
	case strings.HasPrefix(l, "rename to "):
		p.cur.NewPath = unquote(strings.TrimPrefix(l, "rename to "))
	case strings.HasPrefix(l, "Binary files "), l == "GIT binary patch":
		p.cur.Binary = true
	}
}

func (p *diffParser) startHunk(l string) {
	h, ok := parseHunkHeader(l)
	if !ok {
		return
	}
	if p.cur == nil {
		p.cur = &FileDiff{}
	}
	p.hunk = &h
	p.oldLeft, p.newLeft = h.OldLines, h.NewLines
}

func (p *diffParser) flushHunk() {
	if p.hunk != nil && p.cur != nil {
		p.cur.Hunks = append(p.cur.Hunks, *p.hunk)
	}
	p.hunk = nil
	p.oldLeft, p.newLeft = 0, 0
}

func (p *diffParser) flushFile() {
	p.flushHunk()
	if p.cur != nil && p.cur.Path() != "" {
		p.files = append(p.files, *p.cur)
	}
	p.cur = nil
}

// parseHunkHeader parses "@@ -a[,b] +c[,d] @@ section".
func parseHunkHeader(l string) (Hunk, bool) {
	rest := strings.TrimPrefix(l, "@@ ")
	end := strings.Index(rest, " @@")
	if end < 0 {
		return Hunk{}, false
	}
	ranges := strings.Fields(rest[:end])
	if len(ranges) != 2 || !strings.HasPrefix(ranges[0], "-") || !strings.HasPrefix(ranges[1], "+") {
		return Hunk{}, false
	}
	var h Hunk
	var ok1, ok2 bool
	h.OldStart, h.OldLines, ok1 = parseRange(ranges[0][1:])
	h.NewStart, h.NewLines, ok2 = parseRange(ranges[1][1:])
	if !ok1 || !ok2 {
		return Hunk{}, false
	}
	h.Section = strings.TrimSpace(rest[end+3:])
	return h, true
}

// maxRangeValue bounds line numbers and counts so that arithmetic on them
// cannot overflow on hostile input.
const maxRangeValue = 1 << 30

func parseRange(s string) (start, n int, ok bool) {
	a, b, hasCount := strings.Cut(s, ",")
	start, err := strconv.Atoi(a)
	if err != nil || start < 0 || start > maxRangeValue {
		return 0, 0, false
	}
	n = 1
	if hasCount {
		n, err = strconv.Atoi(b)
		if err != nil || n < 0 || n > maxRangeValue {
			return 0, 0, false
		}
	}
	return start, n, true
}

// diffPath turns the path of a "---" or "+++" line into a path relative to
// the root: "/dev/null" is no path, the a/ or b/ prefix goes, a C-quoted
// name is unquoted and the tab git adds after names with spaces is dropped.
func diffPath(s, prefix string) string {
	s = strings.TrimRight(s, "\t")
	if i := strings.IndexByte(s, '\t'); i >= 0 && !strings.HasPrefix(s, `"`) {
		s = s[:i] // a timestamp after the name (GNU diff)
	}
	if s == "/dev/null" {
		return ""
	}
	return strings.TrimPrefix(unquote(s), prefix)
}

// splitGitHeader splits the "a/x b/x" of a "diff --git" line. Names with
// spaces are ambiguous there; the "---"/"+++" or rename lines that follow
// override them.
func splitGitHeader(s string) (old, new string) {
	if strings.HasPrefix(s, `"`) {
		if q, err := strconv.QuotedPrefix(s); err == nil {
			old = unquote(q)
			new = unquote(strings.TrimSpace(s[len(q):]))
			return strings.TrimPrefix(old, "a/"), strings.TrimPrefix(new, "b/")
		}
	}
	if i := strings.Index(s, " b/"); i >= 0 {
		return strings.TrimPrefix(s[:i], "a/"), unquote(s[i+3:])
	}
	return "", ""
}

// unquote undoes git's C-style quoting of unusual path names
// ("\"caf\\303\\251.go\"").
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}
