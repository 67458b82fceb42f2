package index

import (
	"bufio"
	"bytes"
	"path"
	"strings"
)

// ignoreRule is one line of a gitignore-style file. Patterns are kept as
// slash-separated segments so that "**" can match any number of them and
// every other segment is matched with path.Match (where "*" never crosses a
// slash, as in git).
type ignoreRule struct {
	base     string   // directory of the ignore file, relative to the root ("" at the root)
	segs     []string // pattern segments
	negate   bool     // "!pattern": re-include
	dirOnly  bool     // "pattern/": matches directories only
	anchored bool     // contains a slash before its end: relative to base
}

// parseIgnore reads gitignore syntax: comments, blank lines, "\#" and "\!"
// escapes, trailing-space trimming, negation, dir-only and anchored patterns.
func parseIgnore(base string, data []byte) []ignoreRule {
	var rules []ignoreRule
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		if r, ok := parseIgnoreLine(base, sc.Text()); ok {
			rules = append(rules, r)
		}
	}
	return rules
}

func parseIgnoreLine(base, line string) (ignoreRule, bool) {
	line = strings.TrimSuffix(line, "\r")
	line = trimTrailingSpaces(line)
	if line == "" || line[0] == '#' {
		return ignoreRule{}, false
	}
	r := ignoreRule{base: base}
	if line[0] == '!' {
		r.negate = true
		line = line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly = true
		line = strings.TrimRight(line, "/")
	}
	if line == "" {
		return ignoreRule{}, false
	}
	if i := strings.Index(line, "/"); i >= 0 {
		r.anchored = true
		line = strings.TrimPrefix(line, "/")
	}
	line = strings.ReplaceAll(line, "[!", "[^")
	r.segs = strings.Split(line, "/")
	if len(r.segs) == 1 && r.segs[0] == "**" {
		r.anchored = false
	}
	return r, true
}

// trimTrailingSpaces drops trailing spaces unless escaped with a backslash.
func trimTrailingSpaces(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-1]
	}
	return strings.ReplaceAll(s, `\ `, " ")
}

// match reports whether the rule matches rel (relative to the root).
func (r ignoreRule) match(rel string, isDir bool) bool {
	if r.dirOnly && !isDir {
		return false
	}
	if r.base != "" {
		if !strings.HasPrefix(rel, r.base+"/") {
			return false
		}
		rel = rel[len(r.base)+1:]
	}
	if !r.anchored {
		name := rel[strings.LastIndexByte(rel, '/')+1:]
		return matchSegs(r.segs, []string{name})
	}
	return matchSegs(r.segs, strings.Split(rel, "/"))
}

// matchSegs matches pattern segments against path segments; "**" matches
// zero or more whole segments.
func matchSegs(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			if len(rest) == 0 {
				return len(name) > 0
			}
			for i := 0; i <= len(name); i++ {
				if matchSegs(rest, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], name[0]); err != nil || !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// ignoreSet is the rules in force in one directory, lowest precedence first:
// the last rule that matches decides.
type ignoreSet []ignoreRule

// with returns a new set extended by rules (the receiver is shared by
// sibling directories and never modified).
func (s ignoreSet) with(rules []ignoreRule) ignoreSet {
	if len(rules) == 0 {
		return s
	}
	out := make(ignoreSet, 0, len(s)+len(rules))
	return append(append(out, s...), rules...)
}

// ignored reports whether rel is excluded.
func (s ignoreSet) ignored(rel string, isDir bool) bool {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i].match(rel, isDir) {
			return !s[i].negate
		}
	}
	return false
}
