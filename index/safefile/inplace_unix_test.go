//go:build unix

package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// fifo makes a FIFO in dir, or skips the test where that is not allowed.
func fifo(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	return p
}

// isType fails the test unless p (not followed) is of type want.
func isType(t *testing.T, p string, want fs.FileMode) {
	t.Helper()
	if st, err := os.Lstat(p); err != nil || st.Mode().Type() != want {
		t.Fatalf("%s is now %v (%v), want %v", p, st.Mode().Type(), err, want)
	}
}

// TestWriteToAPipeWritesInPlace: a FIFO receives the data and stays a
// FIFO. Renaming over it, as for a regular file, put a file where the pipe
// was: that is how `loupe pack -o /dev/null` once replaced /dev/null.
// With nobody reading, the write fails at once and names why.
func TestWriteToAPipeWritesInPlace(t *testing.T) {
	p := fifo(t, t.TempDir())
	// The reader opens first without waiting, so the write finds it;
	// the data fits the pipe's buffer and is read after the write closed.
	r, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := WritePrivate(p, []byte("the context\n")); err != nil {
		t.Fatalf("write: %v", err)
	}
	isType(t, p, fs.ModeNamedPipe)
	got, _ := io.ReadAll(r)
	r.Close()
	if string(got) != "the context\n" {
		t.Errorf("the reader got %q", got)
	}

	if err := WritePrivate(p, []byte("x")); !errors.Is(err, errNoReader) {
		t.Errorf("nobody reading: %v, want %v", err, errNoReader)
	}
	isType(t, p, fs.ModeNamedPipe)
}

// TestWriteReplacesALinkNeverFollowsIt: a link at the path (a repository
// can plant one where the explorer writes) is replaced by the file, even
// when it points at a pipe; what it pointed at is untouched.
func TestWriteReplacesALinkNeverFollowsIt(t *testing.T) {
	dir := t.TempDir()
	p := fifo(t, dir)
	link := filepath.Join(dir, "loupe-context.md")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	if err := WritePrivate(link, []byte("the context\n")); err != nil {
		t.Fatalf("write: %v", err)
	}
	isType(t, link, 0)
	isType(t, p, fs.ModeNamedPipe)
	if b, err := os.ReadFile(link); err != nil || string(b) != "the context\n" {
		t.Errorf("the file holds %q (%v)", b, err)
	}
}

// TestWriteToACharacterDevice: a character device made like /dev/null
// (where the system allows it) is written, and stays a device.
func TestWriteToACharacterDevice(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the device number below is Linux's null device")
	}
	p := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, int(mkdev(1, 3))); err != nil {
		t.Skipf("mknod: %v", err)
	}
	if err := Write(p, []byte("gone\n")); err != nil {
		t.Fatalf("write: %v", err)
	}
	isType(t, p, fs.ModeDevice|fs.ModeCharDevice)
}

// mkdev is Linux's device number of major and minor (small ones).
func mkdev(major, minor uint32) uint64 { return uint64(major)<<8 | uint64(minor) }

func TestWriteToADirectoryFails(t *testing.T) {
	if err := Write(t.TempDir(), []byte("x")); !errors.Is(err, errIsDir) {
		t.Errorf("writing a directory: %v, want %v", err, errIsDir)
	}
}

// TestStdStreamNames: the names of the standard output and error, however
// written, are the streams; nothing else is (another descriptor may be
// one loupe opened itself).
func TestStdStreamNames(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, "/dev/stdout")
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]*os.File{
		"/dev/stdout": os.Stdout, "//dev/./stdout": os.Stdout, rel: os.Stdout,
		"/dev/fd/1": os.Stdout, "/proc/self/fd/1": os.Stdout,
		"/dev/stderr": os.Stderr, "/dev/fd/2": os.Stderr, "/proc/self/fd/2": os.Stderr,
		"/dev/fd/0": nil, "/dev/fd/5": nil, "/dev/stdin": nil, "stdout": nil,
		filepath.Join(t.TempDir(), "dev/stdout"): nil,
	} {
		if got := stdStream(path); got != want {
			t.Errorf("stdStream(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestWriteToStdoutByName: `-o /proc/self/fd/1` (and /dev/stdout, the
// same stream behind a link) prints to the standard output. The path is
// checked to still be the link it was. /proc/self/fd/1 stands in for
// /dev/stdout here: were the name not recognised, the write would fail
// inside /proc instead of replacing the system's /dev/stdout.
func TestWriteToStdoutByName(t *testing.T) {
	const p = "/proc/self/fd/1"
	before, err := os.Lstat(p)
	if err != nil {
		t.Skipf("no %s: %v", p, err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	werr := WritePrivate(p, []byte("the context\n"))
	os.Stdout = stdout
	w.Close()
	got, _ := io.ReadAll(r)
	r.Close()
	if werr != nil || string(got) != "the context\n" {
		t.Fatalf("write: %v; the standard output got %q", werr, got)
	}
	isType(t, p, before.Mode().Type())
}
