package index

import (
	"math/rand/v2"
	"path"
	"strings"
	"testing"
)

func TestIgnoreRules(t *testing.T) {
	tests := []struct {
		name  string
		base  string
		lines string
		path  string
		dir   bool
		want  bool
	}{
		{"basename anywhere", "", "*.log", "a/b/c.log", false, true},
		{"no match", "", "*.log", "a/b/c.go", false, false},
		{"negation", "", "*.log\n!keep.log", "x/keep.log", false, false},
		{"negation order", "", "!keep.log\n*.log", "x/keep.log", false, true},
		{"dir only on file", "", "build/", "build", false, false},
		{"dir only on dir", "", "build/", "a/build", true, true},
		{"anchored root", "", "/todo.txt", "todo.txt", false, true},
		{"anchored not nested", "", "/todo.txt", "a/todo.txt", false, false},
		{"middle slash anchors", "", "doc/*.txt", "doc/a.txt", false, true},
		{"middle slash not deeper", "", "doc/*.txt", "x/doc/a.txt", false, false},
		{"star no slash", "", "doc/*.txt", "doc/sub/a.txt", false, false},
		{"leading double star", "", "**/foo", "a/b/foo", false, true},
		{"leading double star root", "", "**/foo", "foo", false, true},
		{"trailing double star", "", "abc/**", "abc/x/y", false, true},
		{"trailing double star not self", "", "abc/**", "abc", true, false},
		{"middle double star", "", "a/**/b", "a/x/y/b", false, true},
		{"middle double star zero", "", "a/**/b", "a/b", false, true},
		{"nested base", "sub", "*.tmp", "sub/x/y.tmp", false, true},
		{"nested base outside", "sub", "*.tmp", "other/y.tmp", false, false},
		{"nested anchored", "sub", "/gen", "sub/gen", true, true},
		{"nested anchored deeper", "sub", "/gen", "sub/x/gen", true, false},
		{"comment", "", "# *.go", "a.go", false, false},
		{"escaped hash", "", `\#x`, "#x", false, true},
		{"char class negated", "", "[!a]b", "cb", false, true},
		{"char class negated no", "", "[!a]b", "ab", false, false},
		{"trailing spaces", "", "x.go   ", "x.go", false, true},
		{"bad pattern never matches", "", "[", "[", false, false},
		{"crlf", "", "y.go\r", "y.go", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := ignoreSet(nil).with(parseIgnore(tc.base, []byte(tc.lines)))
			if got := s.ignored(tc.path, tc.dir); got != tc.want {
				t.Fatalf("ignored(%q) = %v, want %v (rules %+v)", tc.path, got, tc.want, s)
			}
		})
	}
}

// TestIgnoreCompiledMatchesReference checks the compiled segment matchers
// against the reference semantics (every segment through path.Match, the
// path split per rule, as before compiling) on generated patterns and
// paths: literal, suffix, prefix, glob, malformed and "**" segments,
// anchored or not, dir-only, negated, under nested bases.
func TestIgnoreCompiledMatchesReference(t *testing.T) {
	segs := []string{"a", "b.go", "*", "*.go", "a*", "**", "[ab]", "?", `\*`, "[", "x?y", "*.", "b*.go", "[!a]*",
		"[568vq].out", "*.[568vq]", "_cgo_export.*", "*.cgo1.go", "a]", "x[ab]y", "*~", "[a-c]*.go", "?.go", "a[!b]"}
	names := []string{"a", "b.go", "c.go", "ab", "x1y", "*", "[", "go", "a.go", "bb.go", ".go",
		"6.out", "x.6", "_cgo_export.c", "p.cgo1.go", "a]", "xay", "f~", "c1.go", "ac", "a"}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 4000 {
		var line strings.Builder
		if rng.IntN(5) == 0 {
			line.WriteByte('!')
		}
		if rng.IntN(4) == 0 {
			line.WriteByte('/')
		}
		for j := range 1 + rng.IntN(3) {
			if j > 0 {
				line.WriteByte('/')
			}
			line.WriteString(segs[rng.IntN(len(segs))])
		}
		if rng.IntN(4) == 0 {
			line.WriteByte('/')
		}
		base := []string{"", "a", "a/b.go"}[rng.IntN(3)]
		r, ok := parseIgnoreLine(base, line.String())
		if !ok {
			continue
		}
		for range 20 {
			parts := make([]string, 1+rng.IntN(4))
			for k := range parts {
				parts[k] = names[rng.IntN(len(names))]
			}
			rel, isDir := strings.Join(parts, "/"), rng.IntN(2) == 0
			if got, want := r.match(rel, isDir), refIgnoreMatch(base, line.String(), rel, isDir); got != want {
				t.Fatalf("base %q line %q path %q dir %v: compiled %v, reference %v", base, line.String(), rel, isDir, got, want)
			}
		}
	}
}

// refIgnoreMatch is the uncompiled matcher the walk used before.
func refIgnoreMatch(base, line, rel string, isDir bool) bool {
	r, ok := parseIgnoreLine(base, line)
	if !ok || (r.dirOnly && !isDir) {
		return false
	}
	pat := make([]string, len(r.segs))
	for i, s := range r.segs {
		pat[i] = s.pat
		if s.kind == segLiteral {
			pat[i] = s.lit
		}
	}
	if base != "" {
		if !strings.HasPrefix(rel, base+"/") {
			return false
		}
		rel = rel[len(base)+1:]
	}
	if !r.anchored {
		return refMatchSegs(pat, []string{rel[strings.LastIndexByte(rel, '/')+1:]})
	}
	return refMatchSegs(pat, strings.Split(rel, "/"))
}

func refMatchSegs(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			if len(rest) == 0 {
				return len(name) > 0
			}
			for i := 0; i <= len(name); i++ {
				if refMatchSegs(rest, name[i:]) {
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

// TestIgnoredByPrecedence: the walk asks the directory's rules and the
// options' extra rules without joining them; the extra rules still come
// last and win.
func TestIgnoredByPrecedence(t *testing.T) {
	rules := ignoreSet(nil).with(parseIgnore("", []byte("*.log\n!keep.log\nbuild/\n")))
	extra := ignoreSet(nil).with(extraRules([]string{"keep.log", "!build"}))
	for _, tc := range []struct {
		rel   string
		isDir bool
		want  bool
	}{
		{"x/a.log", false, true},
		{"x/keep.log", false, true}, // extra re-ignores what the repository re-included
		{"build", true, false},      // extra re-includes
		{"x/a.go", false, false},
	} {
		if got := ignoredBy(newIgnoreEntry(tc.rel, tc.isDir), rules, extra); got != tc.want {
			t.Errorf("ignoredBy(%q) = %v, want %v", tc.rel, got, tc.want)
		}
		if got := rules.with(extra.rules).ignored(tc.rel, tc.isDir); got != tc.want {
			t.Errorf("joined set: ignored(%q) = %v, want %v", tc.rel, got, tc.want)
		}
	}
}

// TestIgnoreSetMatchesReference: a set finds its rules by name and
// extension; the verdict must be the last matching rule's, as if every
// rule were tried in order.
func TestIgnoreSetMatchesReference(t *testing.T) {
	segs := []string{"a", "b.go", "*", "*.go", "*.tar.gz", "*go", "a*", "**", "[ab]", "?", "x?y", "c.tar.gz", "*.", "x1y/a", "/a/ab", "*.tfstate*",
		"*.cgo1.go", "[568vq].out", "*.[568vq]", "a/b.go", "a/*.go"}
	names := []string{"a", "b.go", "c.go", "ab", "x1y", "go", "a.go", "c.tar.gz", "d.gz", "bgo", "x.",
		"p.cgo1.go", "6.out", "x.q"}
	rng := rand.New(rand.NewPCG(3, 5))
	for range 1500 {
		type line struct{ base, text string }
		var lines []line
		s := ignoreSet(nil)
		for range 1 + rng.IntN(8) {
			var b strings.Builder
			if rng.IntN(4) == 0 {
				b.WriteByte('!')
			}
			if rng.IntN(5) == 0 {
				b.WriteByte('/')
			}
			for j := range 1 + rng.IntN(2) {
				if j > 0 && rng.IntN(2) == 0 {
					b.WriteByte('/')
				} else if j > 0 {
					continue
				}
				b.WriteString(segs[rng.IntN(len(segs))])
			}
			if rng.IntN(5) == 0 {
				b.WriteByte('/')
			}
			l := line{[]string{"", "", "a"}[rng.IntN(3)], b.String()}
			lines = append(lines, l)
			s = s.with(parseIgnore(l.base, []byte(l.text)))
		}
		for range 20 {
			parts := make([]string, 1+rng.IntN(3))
			for k := range parts {
				parts[k] = names[rng.IntN(len(names))]
			}
			rel, isDir := strings.Join(parts, "/"), rng.IntN(2) == 0
			want := false
			for i := len(lines) - 1; i >= 0; i-- {
				if refIgnoreMatch(lines[i].base, lines[i].text, rel, isDir) {
					want = !strings.HasPrefix(lines[i].text, "!")
					break
				}
			}
			if got := s.ignored(rel, isDir); got != want {
				t.Fatalf("rules %q, path %q dir %v: set %v, reference %v", lines, rel, isDir, got, want)
			}
		}
	}
}

func TestLongestLiteral(t *testing.T) {
	for p, want := range map[string]string{
		"*.tfstate*": ".tfstate", "host-*.json": "host-", "[568vq].out": ".out", "a[]x]bcd*": "bcd",
		"[^]a]": "", "x[^]ab]yz": "yz", "*": "", "[": "", "ab[cd": "",
	} {
		if got := longestLiteral(p); got != want {
			t.Errorf("longestLiteral(%q) = %q, want %q", p, got, want)
		}
	}
}

// The table matcher agrees with the direct one on random patterns of up to
// four "**" among literals, "*" and globs, and on random paths; and a
// pattern of twelve "**" over a 40-deep path (exponential for the direct
// matcher) is answered.
func TestMatchSegsTableAgreesWithDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	segs := []string{"**", "a", "b", "*", "a*", "*b", "[ab]"}
	names := []string{"a", "b", "ab", "ba", "c"}
	for range 20000 {
		pat := make([]segMatcher, 1+rng.IntN(7))
		for i := range pat {
			pat[i] = compileSeg(segs[rng.IntN(len(segs))])
		}
		name := make([]string, rng.IntN(7))
		for i := range name {
			name[i] = names[rng.IntN(len(names))]
		}
		if got, want := matchSegsTable(pat, name), matchSegsDirect(pat, name); got != want {
			t.Fatalf("pattern %v, path %v: table %v, direct %v", pat, name, got, want)
		}
	}
	var pat []segMatcher
	for range 12 {
		pat = append(pat, compileSeg("**"), compileSeg("a"))
	}
	pat = append(pat, compileSeg("b"))
	deep := make([]string, 40)
	for i := range deep {
		deep[i] = "a"
	}
	if matchSegs(pat, deep) {
		t.Error("matched a path without b")
	}
	if !matchSegs(pat, append(deep, "b")) {
		t.Error("did not match a path ending in b")
	}
}
