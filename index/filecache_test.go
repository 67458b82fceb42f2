package index

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writeWithMtime writes s to p and sets its modification time to mt.
func writeWithMtime(t *testing.T, p, s string, mt time.Time) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mt, mt); err != nil {
		t.Fatal(err)
	}
}

// TestFileCacheNeverServesARacyFile rewrites a file with the same size and
// mtime: a file that was fresh when read is read again, an old one is
// served from the cache.
func TestFileCacheNeverServesARacyFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.go")
	write := func(s string, mt time.Time) { t.Helper(); writeWithMtime(t, p, s, mt) }
	c := newFileCache()
	now := time.Now()
	write("aaaa\n", now)
	if f, _ := c.read(filepath.Dir(p), "a.go"); string(f.data) != "aaaa\n" {
		t.Fatalf("first read %q", f.data)
	}
	write("bbbb\n", now) // same size, same mtime, within the racy window
	if f, _ := c.read(filepath.Dir(p), "a.go"); string(f.data) != "bbbb\n" {
		t.Fatalf("a racily clean file was served from the cache: %q", f.data)
	}
	old := now.Add(-time.Hour)
	write("cccc\n", old)
	c.read(filepath.Dir(p), "a.go")
	write("dddd\n", old) // an edit that hides from size and mtime: the cache cannot see it
	if f, _ := c.read(filepath.Dir(p), "a.go"); string(f.data) != "cccc\n" {
		t.Fatalf("an old, unchanged-looking file should come from the cache, got %q", f.data)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if _, err := c.read(filepath.Dir(p), "a.go"); err == nil {
		t.Fatal("a deleted file was served from the cache")
	}
}

// TestFileCacheBoundsWhatItHolds: the cache counts the bytes it holds,
// replacing a file's entry replaces its bytes, and a file that would pass
// the bound (of bytes or of files) clears it first.
func TestFileCacheBoundsWhatItHolds(t *testing.T) {
	c := newFileCache()
	c.maxBytes, c.maxFiles = 100, 3
	file := func(n int) cachedFile { return cachedFile{data: make([]byte, n)} }
	c.store("a", file(40))
	c.store("b", file(40))
	c.store("a", file(10)) // replaced: 50 bytes held
	if len(c.files) != 2 || c.bytes != 50 {
		t.Fatalf("after replacing a: %d files, %d bytes; want 2, 50", len(c.files), c.bytes)
	}
	c.store("c", file(60)) // 110 > 100: cleared first
	if len(c.files) != 1 || c.bytes != 60 {
		t.Fatalf("past the byte bound: %d files, %d bytes; want 1, 60", len(c.files), c.bytes)
	}
	c.forget("c")
	c.store("d", file(1))
	c.store("e", file(1))
	c.store("f", file(1))
	c.store("g", file(1)) // a fourth file: cleared first
	if len(c.files) != 1 || c.bytes != 1 {
		t.Fatalf("past the file bound: %d files, %d bytes; want 1, 1", len(c.files), c.bytes)
	}
}

// fakeMarker is a Marker whose changes the test makes.
type fakeMarker struct{ gen uint64 }

func (m *fakeMarker) Mark() uint64           { return m.gen }
func (m *fakeMarker) Dirty(mark uint64) bool { return m.gen != mark }

// TestFileCacheTrustsNotifications: with a Marker, a file read since the
// last change is served without a stat, even when it changed on disk
// unseen (the notifications vouch for it); after a change, or with a mark
// the Marker cannot vouch for, it is checked again.
func TestFileCacheTrustsNotifications(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.go")
	old := time.Now().Add(-time.Hour)
	write := func(s string) { t.Helper(); writeWithMtime(t, p, s, old) }
	c := newFileCache()
	m := &fakeMarker{gen: 1}
	c.setWatch(m)
	write("aaaa\n")
	c.read(dir, "a.go")
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if f, err := c.read(dir, "a.go"); err != nil || string(f.data) != "aaaa\n" {
		t.Fatalf("no change was reported, so the cached file is served without a stat: %q, %v", f.data, err)
	}
	m.gen++ // the deletion is reported
	if _, err := c.read(dir, "a.go"); err == nil {
		t.Fatal("a deleted file was served after the change was reported")
	}
	write("bbbbbb\n")
	m.gen++
	if f, _ := c.read(dir, "a.go"); string(f.data) != "bbbbbb\n" {
		t.Fatalf("after a reported change: %q", f.data)
	}
	m.gen = 0 // a Marker that cannot vouch (the watcher is not ready)
	write("cc\n")
	if f, _ := c.read(dir, "a.go"); string(f.data) != "cc\n" {
		t.Fatalf("mark 0 must not be trusted: %q", f.data)
	}
}
