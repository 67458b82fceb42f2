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
// /dev/null and /dev/stdout do) writes into it and leaves it a pipe. The
// atomic write renamed a file over it: `loupe pack -o /dev/null` put a
// regular file where /dev/null was.
func TestPackOutToAPipe(t *testing.T) {
	root, ix := fixture(t, "payments")
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	mustRun(t, runBin(t, "", "pack", "retry failed payments", "--root", root, "--index-dir", ix, "--out", fifo))
	if st, err := os.Lstat(fifo); err != nil || st.Mode().Type() != fs.ModeNamedPipe {
		t.Fatalf("--out %s: it is now %v (%v), want the pipe", fifo, st.Mode().Type(), err)
	}
	if s := <-got; !strings.Contains(s, "retryWithBackoff") {
		t.Errorf("the pipe's reader got %.300q", s)
	}
}
