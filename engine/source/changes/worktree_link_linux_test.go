package changes

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/loupe-dev/loupe/engine/source/changes/gittest"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/gitindex"
)

// link makes path a symbolic link to target in r, replacing what is
// there, and dates the link itself (not its target) at mtime.
func link(t *testing.T, r *gittest.Repo, path, target string, mtime time.Time) {
	t.Helper()
	full := filepath.Join(r.Dir, filepath.FromSlash(path))
	os.Remove(full)
	if err := os.Symlink(target, full); err != nil {
		t.Fatal(err)
	}
	tv := []unix.Timeval{unix.NsecToTimeval(mtime.UnixNano()), unix.NsecToTimeval(mtime.UnixNano())}
	if err := unix.Lutimes(full, tv); err != nil {
		t.Fatal(err)
	}
}

// TestViewTreeComparesLinks: a tracked link whose own stat data are what
// git recorded is not asked about (it was, on every pack, in a repository
// with links); one pointed elsewhere is; an untracked link is not offered
// as an untracked file.
func TestViewTreeComparesLinks(t *testing.T) {
	r := gittest.New(t)
	old := time.Now().Add(-time.Hour)
	r.Write("a.go", "package a\n", old)
	r.Write("b.go", "package b\n", old)
	link(t, r, "same", "a.go", old)
	link(t, r, "moved", "a.go", old)
	r.Commit(old, "two links")
	link(t, r, "moved", "b.go", old.Add(time.Minute))
	link(t, r, "new", "a.go", old.Add(time.Minute))

	g, err := readGitIndex(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	v := viewTree(g, walkOf(t, r.Dir))
	if !slices.Equal(v.maybe, []string{"moved"}) || len(v.untracked) != 0 {
		t.Errorf("git diff asked about %v, untracked %+v; want [moved] and none", v.maybe, v.untracked)
	}
}

// TestSameStatOfLinks: a link entry is the same only as a link with its
// stat data, whatever the exec bit; a regular entry never is a link.
func TestSameStatOfLinks(t *testing.T) {
	f := index.TreeFile{Rel: "l", Size: 4, Mtime: 5e9, Ctime: 6e9, Ino: 7, Link: true}
	e := gitindex.Entry{Path: "l", Mode: linkMode, Size: 4, Ino: 7, MtimeSec: 5, CtimeSec: 6}
	if !sameStat(&e, &f) {
		t.Fatal("a link with the stat data git recorded differs")
	}
	if f.Exec = true; !sameStat(&e, &f) {
		t.Error("a link's exec bit counts")
	}
	for _, mode := range []uint32{regularMode, execMode} {
		if e := (gitindex.Entry{Path: "l", Mode: mode, Size: 4, Ino: 7, MtimeSec: 5, CtimeSec: 6}); sameStat(&e, &f) {
			t.Errorf("a %o entry is the same as a link", mode)
		}
	}
	f.Link, f.Exec = false, false
	if sameStat(&e, &f) {
		t.Error("a link entry is the same as a regular file")
	}
}

// TestModTimeStaysInTheRoot: a change's age is a link's own time, not its
// target's (a link out of the root must not tell the age of what it
// points to), and a deleted file under a linked directory takes the
// link's time, not the outside directory's.
func TestModTimeStaysInTheRoot(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	target := filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(target, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{target, outside} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	for name, to := range map[string]string{"l": target, "d": outside} {
		if err := os.Symlink(to, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, p := range []string{"l", "d/gone.txt"} {
		if got := modTime(r, p); got.Equal(old) || got.IsZero() {
			t.Errorf("modTime(%q) = %v: the outside target's time, or none", p, got)
		}
	}
}
