//go:build linux

package watch

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// skipVCS stands for index.SkipDir (the watcher takes the walk's rule).
func skipVCS(name string) bool { return name == ".git" || name == "node_modules" }

func mkfile(t *testing.T, p, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitDirty waits for the watcher to see a change after mark: events
// arrive asynchronously, so this waits on Events (bounded, so a missed
// change fails rather than hangs).
func waitDirty(t *testing.T, w *Watcher, mark uint64, what string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !w.Dirty(mark) {
		select {
		case <-w.Events():
		case <-deadline:
			t.Fatalf("%s: no change seen", what)
		}
	}
}

// quiet returns a mark that no event moved for a while: the previous
// step's last events (a write gives several, read in more than one batch)
// have landed, so a change seen after it is the next step's own.
func quiet(t *testing.T, w *Watcher) uint64 {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		m := w.Mark()
		time.Sleep(30 * time.Millisecond)
		if !w.Dirty(m) {
			return m
		}
	}
	t.Fatal("the watcher never fell quiet")
	return 0
}

// TestWatcherSeesEditsCreationsAndNewDirectories: a write to a file, a new
// file, a file in a directory created after the watcher started and a
// removal each make Dirty true for a mark taken before them.
func TestWatcherSeesEditsCreationsAndNewDirectories(t *testing.T) {
	root := t.TempDir()
	mkfile(t, filepath.Join(root, "a", "x.go"), "package a\n")
	w, err := New(root, skipVCS)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if m := w.Mark(); w.Dirty(m) {
		t.Fatal("dirty before any change")
	}
	steps := []struct {
		what string
		do   func()
	}{
		{"edit", func() { mkfile(t, filepath.Join(root, "a", "x.go"), "package a // edited\n") }},
		{"new file", func() { mkfile(t, filepath.Join(root, "a", "y.go"), "package a\n") }},
		{"new directory", func() { mkfile(t, filepath.Join(root, "b", "c", "z.go"), "package c\n") }},
		{"file in the new directory", func() { mkfile(t, filepath.Join(root, "b", "c", "z.go"), "package c // 2\n") }},
		{"removal", func() { os.Remove(filepath.Join(root, "a", "y.go")) }},
	}
	for _, s := range steps {
		m := quiet(t, w)
		s.do()
		waitDirty(t, w, m, s.what)
	}
	if got := w.watched(); !slices.Contains(got, "b/c") {
		t.Errorf("watched %v: the new directory b/c is not among them", got)
	}
}

// TestWatcherStaysInsideAndSkips: a symlink to a directory outside the
// root, the directories skipDir refuses (but .git itself, flat) and the
// skipped index directory are not watched.
func TestWatcherStaysInsideAndSkips(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	mkfile(t, filepath.Join(outside, "secret", "s.txt"), "x")
	mkfile(t, filepath.Join(root, "src", "m.go"), "package src\n")
	mkfile(t, filepath.Join(root, ".git", "objects", "o"), "x")
	mkfile(t, filepath.Join(root, "node_modules", "dep", "i.js"), "x")
	mkfile(t, filepath.Join(root, ".loupe", "index", "seg"), "x")
	if err := os.Symlink(filepath.Join(outside, "secret"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	w, err := New(root, skipVCS, filepath.Join(root, ".loupe", "index"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	got := w.watched()
	slices.Sort(got)
	want := []string{".", ".git", ".loupe", "src"} // .git/refs/heads does not exist here
	if !slices.Equal(got, want) {
		t.Errorf("watched %v, want %v", got, want)
	}
	// .git is watched flat: a directory git makes in it (a rebase's state)
	// is not watched, while one made in the tree is.
	m := quiet(t, w)
	mkfile(t, filepath.Join(root, ".git", "rebase-merge", "done"), "x")
	waitDirty(t, w, m, ".git/rebase-merge")
	m = quiet(t, w)
	mkfile(t, filepath.Join(root, "src", "sub", "n.go"), "package sub\n")
	waitDirty(t, w, m, "src/sub")
	quiet(t, w)
	if got := w.watched(); slices.Contains(got, ".git/rebase-merge") || !slices.Contains(got, "src/sub") {
		t.Errorf("watched %v: want src/sub and not .git/rebase-merge", got)
	}
}

// TestWatcherTooManyDirectories: past the bound (MaxDirs), New fails with
// ErrTooMany rather than taking the user's every watch.
func TestWatcherTooManyDirectories(t *testing.T) {
	defer func(n int) { maxDirs = n }(maxDirs)
	maxDirs = 5
	root := t.TempDir()
	for _, d := range []string{"a/b/c", "d/e", "f"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w, err := New(root, skipVCS)
	if err == nil {
		w.Close()
		t.Fatalf("watched %d directories, past the bound of 5", 7)
	}
	if err != ErrTooMany {
		t.Fatalf("err %v, want ErrTooMany", err)
	}
}

// TestWatcherLostPastTheBound: a directory made after the start that takes
// the watcher past its bound marks it lost: Dirty is true from then on.
func TestWatcherLostPastTheBound(t *testing.T) {
	defer func(n int) { maxDirs = n }(maxDirs)
	maxDirs = 3
	root := t.TempDir()
	w, err := New(root, skipVCS)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	m := w.Mark()
	if err := os.MkdirAll(filepath.Join(root, "a", "b", "c", "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for !w.Lost() {
		select {
		case <-w.Events():
		case <-deadline:
			t.Fatal("not lost past the bound")
		}
	}
	if !w.Dirty(m) || !w.Dirty(w.Mark()) {
		t.Error("a lost watcher must report a change for every mark")
	}
}

// TestSyncSeesAnEditMadeJustBefore: an edit followed at once by Sync is
// seen when Sync returns (no waiting on Events), and Sync on its own is
// not a change. A query asked right after a save must search the save.
func TestSyncSeesAnEditMadeJustBefore(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	mkfile(t, filepath.Join(root, "a.go"), "package a\n")
	w, err := New(root, skipVCS)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if w.Sync(time.Second) {
		t.Fatal("Sync without a barrier reported true")
	}
	if err := w.Barrier(outside); err != nil {
		t.Fatal(err)
	}
	mark := quiet(t, w)
	for i := range 50 {
		if !w.Sync(10 * time.Second) {
			t.Fatal("Sync timed out")
		}
		if w.Dirty(mark) {
			t.Fatalf("round %d: Sync alone counted as a change", i)
		}
	}
	for i := range 60 {
		mark = w.Mark()
		mkfile(t, filepath.Join(root, "a.go"), "package a // "+string(rune('a'+i%26))+"\n")
		if !w.Sync(10 * time.Second) {
			t.Fatal("Sync timed out")
		}
		if !w.Dirty(mark) {
			t.Fatalf("round %d: an edit made before Sync was not seen when it returned", i)
		}
		quiet(t, w)
	}
}

// TestBarrierLeavesNothingBehind: the barrier is an unnamed file, so the
// directory holding it stays empty, and a second watcher's barrier in the
// same directory is its own (each Sync waits for its own touch).
func TestBarrierLeavesNothingBehind(t *testing.T) {
	root, dir := t.TempDir(), t.TempDir()
	var ws []*Watcher
	for range 2 {
		w, err := New(root, skipVCS)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		if err := w.Barrier(dir); err != nil {
			t.Skipf("no unnamed files here: %v", err)
		}
		ws = append(ws, w)
	}
	for range 20 {
		for _, w := range ws {
			if !w.Sync(10 * time.Second) {
				t.Fatal("Sync timed out")
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("the barrier left %d entries in its directory", len(entries))
	}
}

// TestChangedNamesTheDirectories: after edits to files, Changed lists
// the directories whose entries changed, each once, and nothing for a
// mark taken after them; a directory made or removed, an attribute of a
// directory changed, or a mark older than the log says it cannot tell.
func TestChangedNamesTheDirectories(t *testing.T) {
	root := t.TempDir()
	mkfile(t, filepath.Join(root, "a", "x.go"), "package a\n")
	mkfile(t, filepath.Join(root, "b", "c", "y.go"), "package c\n")
	mkfile(t, filepath.Join(root, "top.go"), "package top\n")
	w, err := New(root, skipVCS)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	changed := func(m uint64) ([]string, bool) {
		t.Helper()
		waitDirty(t, w, m, "an edit")
		quiet(t, w)
		return w.Changed(m)
	}
	m := quiet(t, w)
	mkfile(t, filepath.Join(root, "a", "x.go"), "package a // edited\n")
	mkfile(t, filepath.Join(root, "b", "c", "new.go"), "package c\n")
	mkfile(t, filepath.Join(root, "top.go"), "package top // edited\n")
	if err := os.Remove(filepath.Join(root, "a", "x.go")); err != nil {
		t.Fatal(err)
	}
	if got, ok := changed(m); !ok || !slices.Equal(got, []string{"", "a", "b/c"}) {
		t.Errorf("Changed = %q, %v; want the root, a and b/c", got, ok)
	}
	if got, ok := w.Changed(w.Mark()); !ok || len(got) != 0 {
		t.Errorf("Changed(now) = %q, %v; want nothing", got, ok)
	}
	for _, s := range []struct {
		what string
		do   func() error
	}{
		{"a new directory", func() error { return os.Mkdir(filepath.Join(root, "d"), 0o755) }},
		{"a directory removed", func() error { return os.Remove(filepath.Join(root, "d")) }},
		{"a directory's mode", func() error { return os.Chmod(filepath.Join(root, "b"), 0o700) }},
	} {
		m := quiet(t, w)
		if err := s.do(); err != nil {
			t.Fatal(err)
		}
		if got, ok := changed(m); ok {
			t.Errorf("%s: Changed = %q, true; want false", s.what, got)
		}
		after := w.Mark()
		mkfile(t, filepath.Join(root, "a", "z.go"), "package a // "+s.what+"\n")
		if got, ok := changed(after); !ok || !slices.Equal(got, []string{"a"}) {
			t.Errorf("%s, then an edit: Changed = %q, %v; want a", s.what, got, ok)
		}
	}
	// The log is bounded: past maxLog entries a mark before the dropped
	// ones cannot be answered, a later one still can.
	m = quiet(t, w)
	for range maxLog + 1 {
		w.logChanges([]string{"a"}, false)
	}
	if got, ok := w.Changed(m); ok {
		t.Errorf("a mark older than the log: Changed = %d directories, true; want false", len(got))
	}
	if got, ok := w.Changed(w.Mark() - 1); !ok || !slices.Equal(got, []string{"a"}) {
		t.Errorf("a recent mark: Changed = %q, %v; want a", got, ok)
	}
}
