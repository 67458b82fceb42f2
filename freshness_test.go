package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestFreshnessWithoutNotificationsGoesByTime: where no watcher can be set
// up (here: the root does not exist), a refresh is due refreshEvery after
// the last one began, and at once after a failed one.
func TestFreshnessWithoutNotificationsGoesByTime(t *testing.T) {
	f := newFreshness(filepath.Join(t.TempDir(), "gone"), "", true)
	defer f.close()
	<-f.settled
	now := time.Now()
	f.begin(now)
	if f.due(now.Add(refreshEvery / 2)) {
		t.Error("due before refreshEvery")
	}
	if !f.due(now.Add(refreshEvery + time.Millisecond)) {
		t.Error("not due after refreshEvery")
	}
	f.fail()
	if !f.due(now) {
		t.Error("not due after a failed refresh")
	}
	if d := f.describe(); !strings.HasPrefix(d, "no file notifications (") || !strings.Contains(d, "at most every 2s") {
		t.Errorf("describe: %q", d)
	}
}

// TestFreshnessWithNotificationsGoesByChanges: with a watcher, nothing is
// due on an unchanged tree however long it waits, the first refresh after
// the setup counts everything before it, and a write makes the next query
// refresh at once.
func TestFreshnessWithNotificationsGoesByChanges(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("file notifications are implemented on Linux")
	}
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.go"), []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := newFreshness(root, "", true)
	defer f.close()
	<-f.settled
	if !f.due(time.Now()) {
		t.Fatal("the first query after the setup must refresh: changes during it are unknown")
	}
	<-f.events() // the tick for the setup
	if d := f.describe(); !strings.HasPrefix(d, "watching 1 directory for changes") {
		t.Errorf("describe: %q", d)
	}
	now := time.Now()
	f.begin(now)
	if f.due(now.Add(time.Hour)) {
		t.Fatal("due on an unchanged tree")
	}
	if err := os.WriteFile(filepath.Join(root, "a.go"), []byte("package a // edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-f.events():
	case <-time.After(10 * time.Second):
		t.Fatal("no event after a write")
	}
	if !f.due(now) {
		t.Error("not due after a write")
	}
}

// TestFreshnessSeesASaveMadeJustBefore: a server question asked the moment
// after a write (no waiting for an event) is due, and one on an unchanged
// tree is not; without notifications or a barrier, every question is due.
func TestFreshnessSeesASaveMadeJustBefore(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("file notifications are implemented on Linux")
	}
	root, ixDir := t.TempDir(), t.TempDir()
	f := newFreshness(root, ixDir, true)
	defer f.close()
	<-f.settled
	f.begin(time.Now())
	for i := range 100 {
		if f.dueExact() {
			t.Fatalf("round %d: due on an unchanged tree", i)
		}
		if err := os.WriteFile(filepath.Join(root, "a.go"), []byte("package a // "+strconv.Itoa(i)+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if !f.dueExact() {
			t.Fatalf("round %d: a write made just before the question was missed", i)
		}
		for f.dueExact() { // the write's last events may come in more than one batch
			f.begin(time.Now())
			time.Sleep(5 * time.Millisecond)
		}
	}
	none := newFreshness(root, ixDir, false)
	defer none.close()
	<-none.settled
	none.begin(time.Now())
	if !none.dueExact() {
		t.Error("without notifications a server question must always refresh")
	}
}

// TestFreshnessNoWatch: with no_watch, nothing is watched and the time
// rule holds, and describe says why.
func TestFreshnessNoWatch(t *testing.T) {
	f := newFreshness(t.TempDir(), "", false)
	defer f.close()
	now := time.Now()
	f.begin(now)
	if f.watching() || f.due(now.Add(refreshEvery/2)) || !f.due(now.Add(2*refreshEvery)) {
		t.Error("no_watch: want the time rule")
	}
	if d := f.describe(); !strings.Contains(d, "no_watch is set") {
		t.Errorf("describe: %q", d)
	}
}

// TestNoWatchIsAConfigKey: through the binary, a configuration that sets
// no_watch is accepted (a misspelt key is an error).
func TestNoWatchIsAConfigKey(t *testing.T) {
	root, ix := fixture(t, "payments")
	if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte("no_watch = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, "", "pack", "retry", "--root", root, "--index-dir", ix); r.err != nil {
		t.Fatalf("pack with no_watch: %v\n%s", r.err, r.stderr)
	}
}
