package gitindex

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

// TestTreeIsWhatGitWouldWrite: Tree is the root of git's cache-tree while
// git holds it (after a commit), "" as soon as an entry changes (an add, a
// removal), and the new root once a commit writes it again; at every step
// it is "" or the tree git writes from that index, never another; in SHA-1
// and SHA-256 repositories alike.
func TestTreeIsWhatGitWouldWrite(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		t.Run(format, func(t *testing.T) {
			dir := newRepo(t, "--object-format="+format)
			write(t, dir, "a.go", "package a\n", 0o644)
			write(t, dir, "sub/b.go", "package sub\n", 0o644)
			git(t, dir, "add", "-A")
			git(t, dir, "commit", "-q", "-m", "one")
			// tree checks the soundness rule at this step and returns Tree.
			tree := func(step string) string {
				idx, err := ParseAny(readIndex(t, dir))
				if err != nil {
					t.Fatal(err)
				}
				// write-tree may refresh the cache-tree: read first.
				if written := strings.TrimSpace(git(t, dir, "write-tree")); idx.Tree != "" && idx.Tree != written {
					t.Errorf("%s: Tree %q, but git writes %q", step, idx.Tree, written)
				}
				return idx.Tree
			}
			head := func() string { return strings.TrimSpace(git(t, dir, "rev-parse", "HEAD^{tree}")) }
			if got, want := tree("a commit"), head(); got != want {
				t.Fatalf("after a commit: Tree %q, want HEAD's tree %q", got, want)
			}
			write(t, dir, "sub/b.go", "package sub // staged\n", 0o644)
			git(t, dir, "add", "sub/b.go")
			if got := tree("git add"); got != "" {
				t.Errorf("after git add of a change: Tree %q, want none", got)
			}
			git(t, dir, "reset", "-q")
			tree("git reset")
			write(t, dir, "new.go", "package a\n", 0o644)
			git(t, dir, "add", "-N", "new.go")
			tree("git add -N")
			git(t, dir, "rm", "-q", "--cached", "new.go")
			git(t, dir, "rm", "-q", "a.go")
			tree("git rm")
			git(t, dir, "commit", "-q", "-m", "two")
			if got, want := tree("the second commit"), head(); got != want {
				t.Errorf("after the second commit: Tree %q, want HEAD's tree %q", got, want)
			}
		})
	}
}

// TestRootTreeRefusesWhatItCannotTrust: a root entry that is forgotten,
// malformed, cut short or covering another number of entries gives no
// tree, never a panic.
func TestRootTreeRefusesWhatItCannotTrust(t *testing.T) {
	id := bytes.Repeat([]byte{0xab}, 20)
	want := hex.EncodeToString(id)
	cases := []struct {
		name string
		body []byte
		tree string
	}{
		{"valid", append([]byte("\x003 1\n"), id...), want},
		{"forgotten", []byte("\x00-1 1\nsub\x001 0\n"), ""},
		{"another count", append([]byte("\x004 1\n"), id...), ""},
		{"not the root", append([]byte("a\x003 1\n"), id...), ""},
		{"no newline", []byte("\x003 1"), ""},
		{"no space", append([]byte("\x003\n"), id...), ""},
		{"not numbers", append([]byte("\x00x 1\n"), id...), ""},
		{"subtrees not a number", append([]byte("\x003 y\n"), id...), ""},
		{"id cut short", append([]byte("\x003 1\n"), id[:19]...), ""},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		if got := rootTree(c.body, 20, 3); got != c.tree {
			t.Errorf("%s: rootTree = %q, want %q", c.name, got, c.tree)
		}
	}
}
