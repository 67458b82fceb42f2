//go:build unix

package notes

import (
	"errors"
	"fmt"
	"path/filepath"
	"syscall"
)

// lockDir takes an exclusive flock on the directory of the notes file at
// path (not the file, which Save replaces by rename), opened inside the
// repository root. It waits for other writers.
func lockDir(path string) (func(), error) {
	dir := filepath.Dir(path)
	d, err := openDirConfined(path)
	if err != nil {
		return nil, fmt.Errorf("notes: lock %s: %w", dir, err)
	}
	for {
		err = syscall.Flock(int(d.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("notes: lock %s: %w", dir, err)
	}
	return func() {
		_ = syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
		d.Close()
	}, nil
}
