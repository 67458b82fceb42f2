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

// writeWith writes path atomically; a new file gets perm. A path that
// names a device or a pipe (-o /dev/null, /dev/stdout, a FIFO) is written
// in place: renaming over it would put a file where the device was, and
// every later write to /dev/null would fill that file.
func writeWith(path string, perm fs.FileMode, write func(io.Writer) error) (err error) {
	if st, err := os.Stat(path); err == nil {
		switch {
		case st.IsDir():
			return fmt.Errorf("write %s: %w", path, errIsDir)
		case !st.Mode().IsRegular():
			return writeInPlace(path, write)
		}
		perm = st.Mode().Perm() // an existing file keeps its mode
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

var errIsDir = errors.New("is a directory")

// writeInPlace writes to a device or a pipe as a shell redirection would;
// there is nothing to rename.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
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
