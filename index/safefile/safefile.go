// Package safefile writes files so that a reader, a crash or a full disk
// never leaves half of one: the data goes to a temporary file beside the
// target, is synced, and is renamed over it. loupe writes the user's
// contexts, sessions and outputs this way (invariant 4: nothing the user
// made is lost).
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// DefaultPerm is the mode of a new file: readable by others, like a file an
// editor creates. An existing file keeps its own mode.
const DefaultPerm fs.FileMode = 0o644

// Write replaces path with data atomically. On failure the old file is
// untouched and no temporary file is left behind.
func Write(path string, data []byte) error {
	return WriteWith(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// PrivatePerm is the mode of a new file that may hold a context (code,
// notes, perhaps secrets): readable by its owner only.
const PrivatePerm fs.FileMode = 0o600

// WritePrivate is Write for a file that may hold a context: a new file is
// created PrivatePerm; an existing one keeps its mode.
func WritePrivate(path string, data []byte) error {
	return writeWith(path, PrivatePerm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteWith is Write for content produced by write, which must write the
// whole file to w; an error from it leaves the old file as it was.
func WriteWith(path string, write func(io.Writer) error) error {
	return writeWith(path, DefaultPerm, write)
}

// writeWith writes path atomically; a new file gets perm. A path that is
// itself a character device or a FIFO (-o /dev/null, a pipe a person
// made) is written in place: renaming over it would put a file where the
// device was, and every later write to /dev/null would fill that file. A
// link is never followed, only replaced like a file: a link a repository
// planted at a name loupe writes (loupe-context.md → /dev/sda) must not
// take the context out of the root, let alone onto a disk. The names of
// the standard output and error are the one exception (stdStream).
func writeWith(path string, perm fs.FileMode, write func(io.Writer) error) (err error) {
	if f := stdStream(path); f != nil {
		if err := write(f); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		return nil
	}
	if st, err := os.Lstat(path); err == nil {
		m := st.Mode()
		switch {
		case m&fs.ModeCharDevice != 0 || m&fs.ModeNamedPipe != 0:
			return writeInPlace(path, m&fs.ModeNamedPipe != 0, write)
		case m.IsDir():
			return fmt.Errorf("write %s: %w", path, errIsDir)
		case m&(fs.ModeDevice|fs.ModeSocket|fs.ModeIrregular) != 0:
			return fmt.Errorf("write %s: %w (%s)", path, errNotAFile, m.Type())
		case m.IsRegular():
			perm = m.Perm() // an existing file keeps its mode
		}
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	werr := write(f)
	merr := f.Chmod(perm)
	serr := f.Sync()
	if err := errors.Join(werr, merr, serr, f.Close()); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// stdStream is the standard output or error that path names, or nil.
// /dev/stdout is a link (to /proc/self/fd/1), and links are replaced, never
// followed: `-o /dev/stdout`, the usual way to say "print it", replaced
// the system's link with a file when run as root. These names mean this
// process's own streams by definition, so they are written as streams; no
// other descriptor is (a /dev/fd/N loupe opened itself may be its index).
func stdStream(path string) *os.File {
	abs, err := filepath.Abs(path) // cleaned: "../../dev/stdout" from /work/x
	if err != nil {
		return nil
	}
	switch filepath.ToSlash(abs) {
	case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return os.Stdout
	case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2":
		return os.Stderr
	}
	return nil
}

var (
	errIsDir    = errors.New("is a directory")
	errNotAFile = errors.New("not a file, a character device or a pipe")
	errNoReader = errors.New("no process reads the pipe")
)

// writeInPlace writes to a character device or a pipe as a shell
// redirection would; there is nothing to rename. A pipe is opened without
// waiting: with nobody reading it, the write fails at once instead of
// hanging (a FIFO an archive held, under the name of the file the
// explorer writes).
func writeInPlace(path string, pipe bool, write func(io.Writer) error) error {
	flags := os.O_WRONLY
	if pipe {
		flags |= syscall.O_NONBLOCK
	}
	f, err := os.OpenFile(path, flags, 0)
	if errors.Is(err, syscall.ENXIO) && pipe {
		err = errNoReader
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := errors.Join(write(f), f.Close()); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// syncDir makes the rename itself durable. It reports nothing: the file's
// data is synced and renamed into place by then, and some systems cannot
// sync a directory at all; calling the save failed would be untrue.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
