package index

import "testing"

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
