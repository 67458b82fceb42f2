//go:build linux

package index

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/index/watch"
)

// settle waits until w has seen every change made so far: through its
// barrier (Sync), or where the file system has no unnamed files, until
// its generation has stood still for a while.
func settle(tb testing.TB, w *watch.Watcher) {
	tb.Helper()
	if w.HasBarrier() {
		if !w.Sync(10 * time.Second) {
			tb.Fatal("the watcher did not catch up")
		}
		return
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		m := w.Mark()
		time.Sleep(50 * time.Millisecond)
		if !w.Dirty(m) {
			return
		}
	}
	tb.Fatal("the watcher never fell quiet")
}

// sameWalk fails unless two walks found the same files, skips and work tree.
func sameWalk(t *testing.T, step string, got, want walkResult) {
	t.Helper()
	sortFiles(got.Files)
	sortFiles(want.Files)
	byRel := func(a, b TreeFile) int { return cmp.Compare(a.Rel, b.Rel) }
	slices.SortFunc(got.Tree.Files, byRel)
	slices.SortFunc(want.Tree.Files, byRel)
	slices.Sort(got.Tree.Nested)
	slices.Sort(want.Tree.Nested)
	if !slices.Equal(got.Files, want.Files) {
		t.Errorf("%s: files\n got %v\nwant %v", step, got.Files, want.Files)
	}
	if !slices.Equal(got.Tree.Files, want.Tree.Files) || !slices.Equal(got.Tree.Nested, want.Tree.Nested) {
		t.Errorf("%s: work tree\n got %+v\nwant %+v", step, got.Tree, want.Tree)
	}
	for k := range want.Skipped {
		if got.Skipped[k] != want.Skipped[k] {
			t.Errorf("%s: skipped %v, want %v", step, got.Skipped, want.Skipped)
			break
		}
	}
	if len(got.Skipped) != len(want.Skipped) {
		t.Errorf("%s: skipped %v, want %v", step, got.Skipped, want.Skipped)
	}
}

// TestRewalkIsTheWalk: a resident index with file notifications reads
// again only the directories they name, and what it plans with is what a
// walk of the whole tree finds, after edits, new and removed files, a
// file behind a symlink, ignored files, a mode change and a nested
// repository; a changed ignore file or a new directory makes it walk the
// whole tree. The index answers for every change.
func TestRewalkIsTheWalk(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":        "*.log\nignored/\n",
		"main.go":           "package main\n",
		"a/b/x.go":          "package b\n\nfunc Alpha() {}\n",
		"a/y.go":            "package a\n",
		"c/target.go":       "package c\n",
		"c/.loupeignore":    "skip.go\n",
		"ignored/i.go":      "package ignored\n",
		"n/.git/HEAD":       "ref: refs/heads/main\n",
		"n/inner.go":        "package n\n",
		"d/e/f/g/deep.go":   "package g\n",
		".git/info/exclude": "# nothing yet\n",
		"notes.md":          "# Notes\n",
	})
	if err := os.Symlink("c/target.go", filepath.Join(root, "link.go")); err != nil {
		t.Fatal(err)
	}
	opts := DefaultOptions()
	opts.IndexDir, opts.WorkTree = t.TempDir(), true
	ix, err := Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	w, err := watch.New(ix.Root(), SkipDir, opts.IndexDir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	_ = w.Barrier(opts.IndexDir) // without one, settle waits for quiet
	ix.TrustNotifications(w)
	ctx := context.Background()
	update := func(step string) (UpdateStats, *walkState, *walkState) {
		t.Helper()
		settle(t, w)
		ix.mu.RLock()
		before := ix.last
		ix.mu.RUnlock()
		st, err := ix.Update(ctx, nil)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		ix.mu.RLock()
		after := ix.last
		ix.mu.RUnlock()
		want, err := walkUnsorted(ctx, ix.root, ix.dir, ix.opts)
		if err != nil {
			t.Fatal(err)
		}
		got := after.walk.result()
		sameWalk(t, step, got, want)
		if before == nil {
			return st, nil, after.walk
		}
		return st, before.walk, after.walk
	}
	// rewalked reports whether the update kept the scan of a directory
	// nothing touched (the deep one) rather than reading it again.
	rewalked := func(before, after *walkState) bool {
		return before != nil && before.dirs["d/e/f/g"] == after.dirs["d/e/f/g"]
	}
	update("first")
	steps := []struct {
		what    string
		do      func()
		rewalk  bool
		changed int // files added, changed or removed in the index
	}{
		{"an edit", func() { writeTree(t, root, map[string]string{"a/b/x.go": "package b\n\nfunc Alpha() { beta() }\n"}) }, true, 1},
		{"a new file", func() { writeTree(t, root, map[string]string{"c/new.go": "package c\n"}) }, true, 1},
		{"a removed file", func() { must(t, os.Remove(filepath.Join(root, "a", "y.go"))) }, true, 1},
		{"a link's target", func() { writeTree(t, root, map[string]string{"c/target.go": "package c // longer now\n"}) }, true, 2},
		{"an ignored file", func() {
			writeTree(t, root, map[string]string{"a/debug.log": "x\n", "ignored/j.go": "package ignored\n"})
		}, true, 0},
		{"a file its directory's ignore file names", func() { writeTree(t, root, map[string]string{"c/skip.go": "package c\n"}) }, true, 0},
		{"a mode", func() { must(t, os.Chmod(filepath.Join(root, "main.go"), 0o755)) }, true, 0},
		{"a file of the nested repository", func() { writeTree(t, root, map[string]string{"n/inner.go": "package n // 2\n"}) }, true, 1},
		{"the repository's excludes", func() {
			writeTree(t, root, map[string]string{".git/info/exclude": "*.md\n", "a/b/x.go": "package b\n\nfunc Alpha() { beta() } // 3\n"})
		}, false, 2}, // x.go and notes.md
		{"an ignore file", func() { writeTree(t, root, map[string]string{".gitignore": "ignored/\n"}) }, false, 2}, // itself and a/debug.log
		{"a new directory", func() { writeTree(t, root, map[string]string{"a/new/z.go": "package new\n"}) }, false, 1},
		{"a removed directory", func() { must(t, os.RemoveAll(filepath.Join(root, "a", "new"))) }, false, 1},
		{"nothing", func() {}, true, 0},
		{"another process's update", func() {
			writeTree(t, root, map[string]string{"a/b/x.go": "package b\n\nfunc Alpha() { beta() } // theirs\n"})
			other, err := Open(root, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer other.Close()
			if _, err := other.Update(ctx, nil); err != nil {
				t.Fatal(err)
			}
		}, false, 0}, // it indexed the change; this one walks, since it cannot know what that one found
		{"after it", func() { writeTree(t, root, map[string]string{"main.go": "package main // 2\n"}) }, true, 1},
	}
	for _, s := range steps {
		s.do()
		st, before, after := update(s.what)
		if got := rewalked(before, after); got != s.rewalk {
			t.Errorf("%s: read only the named directories = %v, want %v", s.what, got, s.rewalk)
		}
		if n := st.Added + st.Changed + st.Removed; n != s.changed {
			t.Errorf("%s: %d files added, changed or removed (%+v), want %d", s.what, n, st, s.changed)
		}
	}
	hits, err := ix.Search(ctx, Query{Text: "beta"})
	if err != nil || len(hits) == 0 || !strings.HasSuffix(hits[0].Block.Path, "x.go") {
		t.Errorf("the edit is not searchable: %v, %v", hits, err)
	}
}

// BenchmarkUpdateOneFile re-indexes one edited file (net/http/server.go,
// or LOUPE_BENCH_FILE)
// as a one-shot process's Update does (walk: the whole tree) and as a
// resident process's does (watched: with file notifications, whose change
// log lets it read only the edited file's directory). It works on a copy
// of the Go tree it builds an index for, or in place on LOUPE_BENCH_SRC
// with the index LOUPE_BENCH_INDEX already built for it (the file is
// restored at the end):
//
//	go test ./index -run '^$' -bench UpdateOneFile -benchtime 20x
//	LOUPE_BENCH_SRC=/tmp/go-git LOUPE_BENCH_INDEX=/tmp/ix go test ./index -run '^$' -bench UpdateOneFile -benchtime 20x -count 3
func BenchmarkUpdateOneFile(b *testing.B) {
	root, dir := os.Getenv("LOUPE_BENCH_SRC"), os.Getenv("LOUPE_BENCH_INDEX")
	if dir == "" || root == "" {
		root = benchTree(b)
		dir = filepath.Join(b.TempDir(), "idx")
		buildOnce(b, root, dir)
	}
	file := cmp.Or(os.Getenv("LOUPE_BENCH_FILE"), "net/http/server.go")
	p := filepath.Join(root, filepath.FromSlash(file))
	orig, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	defer os.WriteFile(p, orig, 0o644)
	for _, watched := range []bool{false, true} {
		b.Run(map[bool]string{false: "walk", true: "watched"}[watched], func(b *testing.B) {
			opts := benchOpts(b, dir)
			opts.WorkTree = true
			ix, err := Open(root, opts)
			if err != nil {
				b.Fatal(err)
			}
			defer ix.Close()
			var w *watch.Watcher
			if watched {
				if w, err = watch.New(ix.Root(), SkipDir, dir); err != nil {
					b.Fatal(err)
				}
				defer w.Close()
				_ = w.Barrier(dir)
				ix.TrustNotifications(w)
			}
			if _, err := ix.Update(context.Background(), nil); err != nil { // the walk the next ones start from
				b.Fatal(err)
			}
			benchUpdateOne(b, ix, p, func() {
				if w != nil {
					settle(b, w)
				}
			})
		})
	}
}
