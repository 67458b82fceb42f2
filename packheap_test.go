//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestNextPackHeap(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		backed     int
		grew, free int64
		want       int
	}{
		{32 * mb, 0, 0, 32 * mb},            // used exactly what it had
		{32 * mb, 0, 20 * mb, 12 * mb},      // 20 MB backed for nothing
		{32 * mb, 5 * mb, 0, 38 * mb},       // grew 5 MB beyond: rounded up to a huge page
		{0, 3 * mb, 0, 4 * mb},              // nothing backed, grew 3 MB
		{4 * mb, 0, 30 * mb, 0},             // init's pages sufficed: nothing
		{32 * mb, 400 * mb, 0, packHeapMax}, // a pack that rebuilt its index
		{32 * mb, -8 * mb, 0, 32 * mb},      // the heap shrank: no growth
		{0, 0, 0, 0},
	} {
		if got := nextPackHeap(c.backed, c.grew, c.free); got != c.want {
			t.Errorf("nextPackHeap(%d, %d, %d) = %d, want %d", c.backed, c.grew, c.free, got, c.want)
		}
	}
}

// TestReadPackHeap: a figure is used only when it is a number within
// bounds in a regular file; anything else is no figure, at once (a pipe
// in its place must not block).
func TestReadPackHeap(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, packHeapFile)
	if got := readPackHeap(dir); got != -1 {
		t.Errorf("no file: %d, want -1", got)
	}
	if got := readPackHeap(""); got != -1 {
		t.Errorf("no directory: %d, want -1", got)
	}
	for content, want := range map[string]int{
		"6291456\n":                           6291456,
		"0":                                   0,
		"-2097152\n":                          -1,
		strconv.Itoa(packHeapMax + 1):         -1,
		"lots\n":                              -1,
		"12345678901234567890123456789012345": -1,
	} {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := readPackHeap(dir); got != want {
			t.Errorf("%q: %d, want %d", content, got, want)
		}
	}
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no fifo here:", err)
	}
	if got := readPackHeap(dir); got != -1 { // a blocked open hangs here
		t.Errorf("a pipe: %d, want -1", got)
	}
}

// TestPackLearnsItsHeap: through the binary, a pack of a small repository
// leaves the next pack a backing below the default (it used far less than
// packHeap), and a damaged figure neither fails a pack nor survives it.
func TestPackLearnsItsHeap(t *testing.T) {
	root := filepath.Join(t.TempDir(), "payments")
	writeFiles(t, root, map[string]string{
		"retry.go": "package payments\n\n// Retry runs f until it succeeds, waiting longer each time.\nfunc Retry(f func() error) error {\n\treturn f()\n}\n",
	})
	ix := filepath.Join(t.TempDir(), "index")
	pack := func() {
		t.Helper()
		r := runBin(t, "", "pack", "retry with backoff", "--root", root, "--index-dir", ix, "--no-server", "--budget", "2000")
		if r.err != nil || !strings.Contains(r.stdout, "Retry") {
			t.Fatalf("pack: %v\n%s\n%s", r.err, r.stdout, r.stderr)
		}
	}
	pack() // builds the index
	pack()
	got := readPackHeap(ix)
	if got < 0 || got >= packHeap {
		t.Fatalf("after packs of a one-file repository the next backing is %d, want at least 0 and below the default %d", got, packHeap)
	}
	if err := os.WriteFile(filepath.Join(ix, packHeapFile), []byte("not a size"), 0o644); err != nil {
		t.Fatal(err)
	}
	pack()
	if got := readPackHeap(ix); got < 0 {
		t.Errorf("a damaged figure was left in place")
	}
}
