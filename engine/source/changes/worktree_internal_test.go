package changes

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine/source/changes/gittest"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/gitindex"
)

// walkOf walks dir as a one-shot pack does and returns what it saw.
func walkOf(t *testing.T, dir string) index.WorkTree {
	t.Helper()
	opts := index.DefaultOptions()
	opts.IndexDir, opts.WorkTree = t.TempDir(), true
	ix, err := index.OpenForUpdate(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	tree, ok := ix.WorkTree(context.Background())
	if !ok {
		t.Skip("no work tree from the walk on this platform")
	}
	return tree
}

// TestViewTreeNamesOnlyWhatMayHaveChanged: of forty tracked files git
// diff is asked about the ones whose stat data moved (edited, deleted,
// touched, made executable) and the one git recorded in its racy window;
// the untracked file comes from the walk.
func TestViewTreeNamesOnlyWhatMayHaveChanged(t *testing.T) {
	r := gittest.New(t)
	old := time.Now().Add(-time.Hour)
	for i := range 40 {
		r.Write(fmt.Sprintf("a/f%02d.go", i), fmt.Sprintf("package a\n\nvar v%d = %d\n", i, i), old)
	}
	r.Write("late.go", "package main\n", time.Now().Add(24*time.Hour)) // written "after" git records it
	r.Commit(old, "forty files")
	r.Write("a/f01.go", "package a\n\nvar v1 = 100\n", time.Time{})
	if err := os.Remove(filepath.Join(r.Dir, "a", "f02.go")); err != nil {
		t.Fatal(err)
	}
	r.Touch("a/f03.go", time.Now())
	if err := os.Chmod(filepath.Join(r.Dir, "a", "f04.go"), 0o755); err != nil {
		t.Fatal(err)
	}
	r.Write("a/new.go", "package a\n", time.Time{})
	r.Git("init", "-q", "sub")
	r.Write("sub/own.go", "package sub\n", time.Time{})

	g, err := readGitIndex(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	v := viewTree(g, walkOf(t, r.Dir))
	slices.Sort(v.maybe)
	if want := []string{"a/f01.go", "a/f02.go", "a/f03.go", "a/f04.go", "late.go"}; !slices.Equal(v.maybe, want) {
		t.Errorf("git diff asked about %v, want %v", v.maybe, want)
	}
	var added []string
	for _, f := range v.untracked {
		added = append(added, f.path)
	}
	if want := []string{"a/new.go"}; !slices.Equal(added, want) {
		t.Errorf("untracked %v, want %v (not the nested repository's file)", added, want)
	}
}

// TestViewTreeBelowTheTop: a root below the work tree's top sees its own
// files, relative to itself.
func TestViewTreeBelowTheTop(t *testing.T) {
	r := gittest.New(t)
	old := time.Now().Add(-time.Hour)
	r.Write("top.go", "package top\n", old)
	r.Write("pay/pay.go", "package pay\n", old)
	r.Commit(old, "two files")
	r.Write("top.go", "package top // edited\n", time.Time{})
	r.Write("pay/pay.go", "package pay // edited\n", time.Time{})
	r.Write("pay/new.go", "package pay\n", time.Time{})
	root := filepath.Join(r.Dir, "pay")
	g, err := readGitIndex(root)
	if err != nil {
		t.Fatal(err)
	}
	v := viewTree(g, walkOf(t, root))
	if !slices.Equal(v.maybe, []string{"pay.go"}) || len(v.untracked) != 1 || v.untracked[0].path != "new.go" {
		t.Errorf("maybe %v, untracked %+v; want pay.go and new.go", v.maybe, v.untracked)
	}
}

// TestSameStatAndRacy: each field git's check compares, and the racy
// window, on their own.
func TestSameStatAndRacy(t *testing.T) {
	mtime := time.Date(2026, 5, 1, 10, 0, 0, 123456789, time.UTC).UnixNano()
	ctime := mtime + 5
	f := index.TreeFile{Rel: "a.go", Size: 1<<33 + 7, Mtime: mtime, Ctime: ctime, Ino: 1<<40 | 42}
	e := gitindex.Entry{Path: "a.go", Mode: regularMode, Size: 7, Ino: 42,
		MtimeSec: uint32(mtime / 1e9), MtimeNsec: 123456789, CtimeSec: uint32(ctime / 1e9), CtimeNsec: 123456794}
	if !sameStat(&e, &f) {
		t.Fatal("the same stat data, truncated to 32 bits as git keeps them, differ")
	}
	for name, change := range map[string]func(*gitindex.Entry){
		"size":  func(e *gitindex.Entry) { e.Size++ },
		"mtime": func(e *gitindex.Entry) { e.MtimeNsec++ },
		"ctime": func(e *gitindex.Entry) { e.CtimeSec-- },
		"inode": func(e *gitindex.Entry) { e.Ino++ },
		"exec":  func(e *gitindex.Entry) { e.Mode = execMode },
		"link":  func(e *gitindex.Entry) { e.Mode = 0o120000 },
	} {
		moved := e
		change(&moved)
		if sameStat(&moved, &f) {
			t.Errorf("%s moved and sameStat says the same", name)
		}
	}
	if sameStat(&e, nil) {
		t.Error("a file the walk did not see is the same")
	}
	written := time.Unix(0, mtime)
	if !racy(&e, written) || !racy(&e, written.Add(-time.Nanosecond)) || racy(&e, written.Add(time.Nanosecond)) {
		t.Error("an entry is racy when git wrote its index no later than the file's mtime, and only then")
	}
}
