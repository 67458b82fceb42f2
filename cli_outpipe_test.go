//go:build unix

package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestPackOutToAPipe: through the binary, --out naming a pipe (as
// /dev/null names a device) writes into it and leaves it a pipe. The
// atomic write renamed a file over it: `loupe pack -o /dev/null` put a
// regular file where /dev/null was. A link at the --out path is replaced,
// never written through.
func TestPackOutToAPipe(t *testing.T) {
	root, ix := fixture(t, "payments")
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// The reader opens first without waiting; a 2,000-token context fits
	// the pipe's buffer and is read once loupe has closed it.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pack := func(out string) {
		t.Helper()
		mustRun(t, runBin(t, "", "pack", "retry failed payments", "--root", root, "--index-dir", ix,
			"--budget", "2000", "--out", out))
	}
	pack(fifo)
	if st, err := os.Lstat(fifo); err != nil || st.Mode().Type() != fs.ModeNamedPipe {
		t.Fatalf("--out %s: it is now %v (%v), want the pipe", fifo, st.Mode().Type(), err)
	}
	if b, _ := io.ReadAll(r); !strings.Contains(string(b), "retryWithBackoff") {
		t.Errorf("the pipe's reader got %.300q", b)
	}

	link := filepath.Join(dir, "context.md")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	pack(link)
	if st, err := os.Lstat(link); err != nil || !st.Mode().IsRegular() {
		t.Fatalf("--out %s (a link to the pipe): it is now %v (%v), want a file", link, st.Mode().Type(), err)
	}
}

// TestPackOutToStdoutByName: through the binary, --out naming the
// standard output prints the context there, as leaving --out away does.
// /dev/stdout is a link, and links are replaced: run as root, `-o
// /dev/stdout` put a file where the system's link was. /dev/fd/1 (a link
// into /proc) stands in for it, so that a regression fails here instead of
// replacing /dev/stdout on the machine running the tests.
func TestPackOutToStdoutByName(t *testing.T) {
	const p = "/dev/fd/1"
	if _, err := os.Lstat(p); err != nil {
		t.Skipf("no %s: %v", p, err)
	}
	root, ix := fixture(t, "payments")
	r := mustRun(t, runBin(t, "", "pack", "retry failed payments", "--root", root, "--index-dir", ix,
		"--budget", "2000", "--out", p))
	if !strings.Contains(r.stdout, "retryWithBackoff") {
		t.Errorf("--out %s: the standard output holds %.300q", p, r.stdout)
	}
}
