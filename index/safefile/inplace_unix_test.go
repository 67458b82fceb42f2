//go:build unix

package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteToAPipeWritesInPlace: a FIFO, and a link to one (as
// /dev/stdout is), receive the data and stay what they were. Renaming
// over them, as for a regular file, put a file where the pipe was: that is
// how `loupe pack -o /dev/null` once replaced /dev/null.
func TestWriteToAPipeWritesInPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	link := filepath.Join(dir, "stdout")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, link} {
		got := make(chan string, 1)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- "open: " + err.Error()
				return
			}
			defer f.Close()
			b, _ := io.ReadAll(f)
			got <- string(b)
		}()
		if err := WritePrivate(p, []byte("the context\n")); err != nil {
			t.Fatalf("write %s: %v", p, err)
		}
		// Checked before waiting: a pipe replaced by a file would leave
		// the reader waiting for a writer forever.
		if st, err := os.Lstat(fifo); err != nil || st.Mode().Type() != fs.ModeNamedPipe {
			t.Fatalf("writing %s: the FIFO is now %v (%v)", p, st.Mode().Type(), err)
		}
		if st, err := os.Lstat(link); err != nil || st.Mode().Type() != fs.ModeSymlink {
			t.Fatalf("writing %s: the link is now %v (%v)", p, st.Mode().Type(), err)
		}
		if s := <-got; s != "the context\n" {
			t.Errorf("%s: the reader got %q", p, s)
		}
	}
	if err := Write(dir, []byte("x")); !errors.Is(err, errIsDir) {
		t.Errorf("writing a directory: %v, want %v", err, errIsDir)
	}
}
