// Package inroot reads and writes the files of a repository through
// os.Root (and, for opens on Linux, openat2 with RESOLVE_BENEATH, which
// does the same walk in one call), so that no read and no write ever
// leaves the repository's root, whatever its symbolic links say at the
// moment of the call: a link (or a directory on the way) that points
// outside is refused by the kernel-level walk, not by a check made a
// moment earlier. Links inside the
// root still work. Reads never wait on a FIFO, socket or device either
// (regular.go): a repository from an archive can hold one, and a FIFO
// opened for reading waits for a writer forever.
//
// Every read of repository content in loupe (the index's walk and
// freshness reads, diagnostics snippets, the notes file, the repository's
// .loupe.toml) goes through here.
package inroot

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutside is returned for a path that is not below the root.
var ErrOutside = errors.New("path escapes the repository root")

// Rel returns abs relative to root (slash-separated) when abs is below
// root lexically; a relative path is returned as it is, cleaned.
func Rel(root, p string) (string, error) {
	if filepath.IsAbs(p) {
		r, err := filepath.Rel(root, p)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return "", fmt.Errorf("%s: %w", p, ErrOutside)
		}
		p = r
	}
	p = filepath.Clean(p)
	if p == ".." || strings.HasPrefix(p, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s: %w", p, ErrOutside)
	}
	return p, nil
}

// open opens root and turns p (absolute below root, or relative to it)
// into a path os.Root accepts.
func open(root, p string) (*os.Root, string, error) {
	rel, err := Rel(root, p)
	if err != nil {
		return nil, "", err
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, "", err
	}
	return r, rel, nil
}

// ReadFile reads the file p (absolute below root, or relative to it).
// A path that leaves the root, through ".." or any symbolic link, fails;
// so does one that is not a regular file (ErrNotRegular), without waiting.
func ReadFile(root, p string) ([]byte, error) {
	f, st, err := OpenFile(root, p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, sizeHint(st))
}

// OpenFile opens the regular file p (absolute below root, or relative to
// it) for reading, without blocking, and returns it with what the open
// file said it is: a caller that keeps what it read can tell from the
// size and modification time whether to read it again, with no second
// walk to the file. It fails as ReadFile does.
func OpenFile(root, p string) (*os.File, os.FileInfo, error) {
	return openKind(root, p, false)
}

// ReadOpen reads f, opened by OpenFile with st, to its end.
func ReadOpen(f *os.File, st os.FileInfo) ([]byte, error) {
	return readAll(f, sizeHint(st))
}

// openKind opens p inside root when it is a regular file (or, with dirOK,
// a directory): through openat2 where the kernel has it, else os.Root.
func openKind(root, p string, dirOK bool) (*os.File, os.FileInfo, error) {
	rel, err := Rel(root, p)
	if err != nil {
		return nil, nil, err
	}
	if f, ok, err := openBeneath(root, rel, openFlags); ok {
		return keepKind(f, err, rel, dirOK)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	return openIn(r, rel, dirOK)
}

// Open opens the file or directory p for reading, inside root; anything
// else (a FIFO, a device) fails with ErrNotRegular, without waiting.
func Open(root, p string) (*os.File, error) {
	f, _, err := openKind(root, p, true)
	return f, err
}

// Stat stats p inside root, following links that stay inside.
func Stat(root, p string) (fs.FileInfo, error) {
	rel, err := Rel(root, p)
	if err != nil {
		return nil, err
	}
	if f, ok, err := openBeneath(root, rel, pathOnly); ok {
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return f.Stat()
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Stat(rel)
}

// WriteFile replaces the file p inside root atomically (a temporary file
// beside it, synced, renamed over it), creating its directory. Neither the
// directory nor the file may lead outside the root. A new file gets perm;
// an existing one keeps its mode.
func WriteFile(root, p string, perm fs.FileMode, write func(io.Writer) error) (err error) {
	r, rel, err := open(root, p)
	if err != nil {
		return err
	}
	defer r.Close()
	if dir := filepath.Dir(rel); dir != "." {
		if err := r.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	if st, err := r.Stat(rel); err == nil {
		perm = st.Mode().Perm()
	}
	tmp := filepath.Join(filepath.Dir(rel), "."+filepath.Base(rel)+".tmp"+randomSuffix())
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			r.Remove(tmp)
		}
	}()
	if err := errors.Join(write(f), f.Sync(), f.Close()); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	if err := r.Chmod(tmp, perm); err != nil {
		return err
	}
	return r.Rename(tmp, rel)
}

func randomSuffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
