package index

import (
	"bufio"
	"bytes"
	"path"
	"slices"
	"strings"
)

// ignoreRule is one line of a gitignore-style file. Patterns are kept as
// slash-separated segments so that "**" can match any number of them and
// every other segment is matched with path.Match semantics (where "*" never
// crosses a slash, as in git). Segments are compiled when the line is
// parsed (see segMatcher): the walk asks every rule in force about every
// entry, and splitting the path and running path.Match per rule per entry
// was 45 % of a pack's CPU on a tree with 175 .gitignore files.
type ignoreRule struct {
	base     string       // directory of the ignore file, relative to the root ("" at the root)
	segs     []segMatcher // pattern segments
	negate   bool         // "!pattern": re-include
	dirOnly  bool         // "pattern/": matches directories only
	anchored bool         // contains a slash before its end: relative to base
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
	parts := strings.Split(line, "/")
	if len(parts) == 1 && parts[0] == "**" {
		r.anchored = false
	}
	r.segs = make([]segMatcher, len(parts))
	for i, p := range parts {
		r.segs[i] = compileSeg(p)
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

// ignoreEntry is a path being matched, with what every rule needs of it
// computed once: its base name and, when an anchored rule asks, its
// segments below each rule's base.
type ignoreEntry struct {
	rel   string
	name  string
	isDir bool
	segs  []string // strings.Split(rel, "/"), filled on first use
}

func newIgnoreEntry(rel string, isDir bool) *ignoreEntry {
	return &ignoreEntry{rel: rel, name: rel[strings.LastIndexByte(rel, '/')+1:], isDir: isDir}
}

// segsBelow returns the segments of the entry's path below base.
func (e *ignoreEntry) segsBelow(base string) []string {
	if e.segs == nil {
		e.segs = strings.Split(e.rel, "/")
	}
	if base == "" {
		return e.segs
	}
	return e.segs[strings.Count(base, "/")+1:]
}

// match reports whether the rule matches rel (relative to the root).
func (r ignoreRule) match(rel string, isDir bool) bool {
	return r.matchEntry(newIgnoreEntry(rel, isDir))
}

func (r *ignoreRule) matchEntry(e *ignoreEntry) bool {
	if r.dirOnly && !e.isDir {
		return false
	}
	if r.base != "" && !(len(e.rel) > len(r.base) && e.rel[len(r.base)] == '/' && strings.HasPrefix(e.rel, r.base)) {
		return false
	}
	if !r.anchored {
		if len(r.segs) == 1 {
			return r.segs[0].match(e.name)
		}
		return matchSegs(r.segs, []string{e.name})
	}
	if first := r.segs[0]; first.kind == segLiteral {
		below := e.rel
		if r.base != "" {
			below = e.rel[len(r.base)+1:]
		}
		if !strings.HasPrefix(below, first.lit) || len(below) > len(first.lit) && below[len(first.lit)] != '/' {
			return false // the first segment differs: no need to split the path
		}
	}
	return matchSegs(r.segs, e.segsBelow(r.base))
}

// matchSegs matches pattern segments against path segments; "**" matches
// zero or more whole segments (at least one when it ends the pattern).
// With one "**" the direct recursion below is quadratic at worst; with
// several it tries every way to split the path among them, exponential in
// their number: a 60-byte .gitignore ("**/a/**/a/…/b", twelve of them)
// over a 40-deep directory held `loupe index` for good. So a pattern with
// more than one is matched by matchSegsTable, in time pattern × path.
func matchSegs(pat []segMatcher, name []string) bool {
	stars := 0
	for i := range pat {
		if pat[i].kind == segDoubleStar {
			stars++
		}
	}
	if stars > 1 {
		return matchSegsTable(pat, name)
	}
	return matchSegsDirect(pat, name)
}

func matchSegsDirect(pat []segMatcher, name []string) bool {
	for len(pat) > 0 {
		if pat[0].kind == segDoubleStar {
			rest := pat[1:]
			if len(rest) == 0 {
				return len(name) > 0
			}
			for i := 0; i <= len(name); i++ {
				if matchSegsDirect(rest, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 || !pat[0].match(name[0]) {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// matchSegsTable is matchSegsDirect by dynamic programming: next[j] says
// whether pat[i+1:] matches name[j:], computed from the last segment back.
func matchSegsTable(pat []segMatcher, name []string) bool {
	n := len(name)
	next := make([]bool, n+1) // the empty pattern matches only the empty path
	next[n] = true
	cur := make([]bool, n+1)
	for i := len(pat) - 1; i >= 0; i-- {
		switch {
		case pat[i].kind == segDoubleStar && i == len(pat)-1:
			for j := 0; j <= n; j++ {
				cur[j] = j < n
			}
		case pat[i].kind == segDoubleStar:
			any := false // some k >= j with next[k]
			for j := n; j >= 0; j-- {
				any = any || next[j]
				cur[j] = any
			}
		default:
			for j := 0; j <= n; j++ {
				cur[j] = j < n && next[j+1] && pat[i].match(name[j])
			}
		}
		next, cur = cur, next
	}
	return next[0]
}

// segKind is how a pattern segment is matched: most lines of real ignore
// files are a name, "*.ext" or "name*", which need no glob machinery.
type segKind uint8

const (
	segGlob       segKind = iota // anything else: path.Match
	segLiteral                   // no metacharacter: equality
	segSuffix                    // "*" then a literal: a suffix ("*.log"; "*" alone is the empty one)
	segPrefix                    // a literal then "*": a prefix ("build*")
	segDoubleStar                // "**": any number of segments
)

// segMatcher is one compiled pattern segment.
type segMatcher struct {
	kind segKind
	lit  string // the literal part (segLiteral, segSuffix, segPrefix)
	pat  string // the segment as written (segGlob)
	// head and tail are the literal text a segGlob starts and ends with
	// ("[568vq].out" ends with ".out"), mid its longest literal run
	// (".tfstate" in "*.tfstate*"): a name without them cannot match, and
	// path.Match need not run.
	head, tail, mid string
}

func compileSeg(p string) segMatcher {
	const meta = `*?[\`
	switch {
	case p == "**":
		return segMatcher{kind: segDoubleStar, pat: p}
	case !strings.ContainsAny(p, meta):
		return segMatcher{kind: segLiteral, lit: p, pat: p}
	case p[0] == '*' && !strings.ContainsAny(p[1:], meta):
		return segMatcher{kind: segSuffix, lit: p[1:], pat: p}
	case p[len(p)-1] == '*' && !strings.ContainsAny(p[:len(p)-1], meta):
		return segMatcher{kind: segPrefix, lit: p[:len(p)-1], pat: p}
	}
	m := segMatcher{kind: segGlob, pat: p}
	if !strings.ContainsRune(p, '\\') { // escapes make the literal ends harder to read: no shortcut
		m.head = p[:strings.IndexAny(p, "*?[")]
		m.tail = p[strings.LastIndexAny(p, "*?]")+1:] // after the last wildcard or class
		m.mid = longestLiteral(p)
	}
	return m
}

// classEnd returns the index of the ']' closing the class opened at
// p[i] ('['), or -1: as in path.Match, a '^' may open it and a ']' right
// after that is a member, not the end.
func classEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && p[j] == '^' {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	if k := strings.IndexByte(p[j:], ']'); k >= 0 {
		return j + k
	}
	return -1
}

// longestLiteral returns the longest run of p outside wildcards and
// character classes (p has no escapes).
func longestLiteral(p string) string {
	best, start := "", 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '*' && p[i] != '?' && p[i] != '[' {
			continue
		}
		if i-start > len(best) {
			best = p[start:i]
		}
		if i < len(p) && p[i] == '[' {
			if i = classEnd(p, i); i < 0 {
				return "" // a malformed class: path.Match rejects the pattern anyway
			}
		}
		start = i + 1
	}
	return best
}

// match reports whether one path segment (no slash) matches, as
// path.Match(pat, name) would; a malformed pattern never matches.
func (m segMatcher) match(name string) bool {
	switch m.kind {
	case segLiteral:
		return name == m.lit
	case segSuffix:
		return strings.HasSuffix(name, m.lit)
	case segPrefix:
		return strings.HasPrefix(name, m.lit)
	}
	if !strings.HasPrefix(name, m.head) || !strings.HasSuffix(name, m.tail) || len(name) < len(m.head)+len(m.tail) || !strings.Contains(name, m.mid) {
		return false
	}
	ok, err := path.Match(m.pat, name)
	return err == nil && ok
}

// ignoreSet is the rules in force in one directory, lowest precedence
// first: the last rule that matches decides. It is immutable (shared by
// sibling directories); with returns a new one.
//
// Most lines of real ignore files name a file or an extension anywhere
// below them ("node_modules/", "*.log"); those rules are found by the
// entry's name and extension in two maps, as git's and ripgrep's matchers
// do, and only the others (anchored, globs, "**") are tried one by one.
// A tree with 175 .gitignore files and 1,479 rules spent a third of a
// pack's CPU trying every rule in force on every entry.
type ignoreSet = *ruleSet

type ruleSet struct {
	rules  []ignoreRule
	byName map[string][]int32 // unanchored rules that are one literal name
	byExt  map[string][]int32 // unanchored "*.ext" rules, by ".ext"
	// byTop holds the anchored rules whose first segment is a literal
	// ("/bin", "cmd/loki/loki"), by their base and that segment: an
	// entry only tries those of its own first directory below each base.
	byTop map[topKey][]int32
	bases []string // the bases of byTop's rules, each once
	other []int32  // every other rule, in order
}

// topKey files an anchored rule by its ignore file's directory and the
// literal first segment of its pattern.
type topKey struct{ base, first string }

// with returns a new set extended by rules (the receiver is never
// modified).
func (s *ruleSet) with(rules []ignoreRule) ignoreSet {
	if len(rules) == 0 {
		return s
	}
	var old []ignoreRule
	if s != nil {
		old = s.rules
	}
	out := &ruleSet{rules: make([]ignoreRule, 0, len(old)+len(rules)),
		byName: map[string][]int32{}, byExt: map[string][]int32{}, byTop: map[topKey][]int32{}}
	for _, list := range [][]ignoreRule{old, rules} {
		for _, r := range list {
			out.add(r)
		}
	}
	return out
}

// add appends r and files it under its name, its extension or the others.
func (s *ruleSet) add(r ignoreRule) {
	i := int32(len(s.rules))
	s.rules = append(s.rules, r)
	switch key, kind := r.bucket(); kind {
	case segLiteral:
		s.byName[key] = append(s.byName[key], i)
	case segSuffix:
		s.byExt[key] = append(s.byExt[key], i)
	case segPrefix: // anchored, literal first segment
		k := topKey{r.base, key}
		if !slices.Contains(s.bases, r.base) {
			s.bases = append(s.bases, r.base)
		}
		s.byTop[k] = append(s.byTop[k], i)
	default:
		s.other = append(s.other, i)
	}
}

// bucket says how a rule can be looked up: by a literal name
// (segLiteral), by an extension ".ext" (segSuffix), by the literal first
// segment of an anchored pattern (segPrefix), or not (segGlob).
func (r *ignoreRule) bucket() (string, segKind) {
	if r.anchored && len(r.segs) > 0 && r.segs[0].kind == segLiteral {
		return r.segs[0].lit, segPrefix
	}
	if r.anchored || len(r.segs) != 1 {
		return "", segGlob
	}
	m := r.segs[0]
	switch {
	case m.kind == segLiteral:
		return m.lit, segLiteral
	case m.kind == segSuffix && len(m.lit) > 1 && strings.LastIndexByte(m.lit, '.') >= 0:
		// a name ending in ".cgo1.go" has the extension ".go"
		return m.lit[strings.LastIndexByte(m.lit, '.'):], segSuffix
	}
	return "", segGlob
}

// ignored reports whether rel is excluded.
func (s *ruleSet) ignored(rel string, isDir bool) bool {
	return ignoredBy(newIgnoreEntry(rel, isDir), s)
}

// last returns the index of the last rule of s that matches e, or -1.
func (s *ruleSet) last(e *ignoreEntry) int32 {
	if s == nil {
		return -1
	}
	best := int32(-1)
	try := func(ids []int32) {
		for k := len(ids) - 1; k >= 0 && ids[k] > best; k-- {
			if s.rules[ids[k]].matchEntry(e) {
				best = ids[k]
				return
			}
		}
	}
	try(s.byName[e.name])
	if dot := strings.LastIndexByte(e.name, '.'); dot >= 0 {
		try(s.byExt[e.name[dot:]])
	}
	for _, b := range s.bases {
		below := e.rel
		if b != "" {
			if len(e.rel) <= len(b) || e.rel[len(b)] != '/' || !strings.HasPrefix(e.rel, b) {
				continue
			}
			below = e.rel[len(b)+1:]
		}
		if i := strings.IndexByte(below, '/'); i >= 0 {
			below = below[:i]
		}
		try(s.byTop[topKey{b, below}])
	}
	try(s.other)
	return best
}

// ignoredBy reports whether e is excluded by the rules of sets, in
// increasing precedence (as if they were one set): the last rule that
// matches decides.
func ignoredBy(e *ignoreEntry, sets ...ignoreSet) bool {
	for k := len(sets) - 1; k >= 0; k-- {
		if i := sets[k].last(e); i >= 0 {
			return !sets[k].rules[i].negate
		}
	}
	return false
}
