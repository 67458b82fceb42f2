// Package safefile writes files so that a reader, a crash or a full disk
// never leaves half of one: the data goes to a temporary file beside the
// target, is synced, and is renamed over it. loupe writes the user's
// contexts, sessions and outputs this way (invariant 4: nothing the user
// made is lost).
package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// DefaultPerm is the mode of a new file: readable by others, like a file an
// editor creates. An existing file keeps its own mode.
const DefaultPerm fs.FileMode = 0o644

// Write replaces path with data atomically. On failure the old file is
// untouched and no temporary file is left behind.
func Write(path string, data []byte) (err error) {
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
	_, werr := f.Write(data)
	merr := f.Chmod(modeOf(path))
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

// modeOf is the permission an existing path has, or DefaultPerm.
func modeOf(path string) fs.FileMode {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return st.Mode().Perm()
	}
	return DefaultPerm
}

// syncDir makes the rename itself durable. Some systems cannot sync a
// directory; the file's data is already synced, so that is not an error.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
