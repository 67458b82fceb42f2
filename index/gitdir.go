package index

import (
	"os"
	"path/filepath"
)

// MaybeInWorkTree reports whether git could find a repository for dir: a
// .git entry (a directory, or the file of a worktree or submodule) in dir
// or one of its parents, or GIT_DIR in the environment. When it says false
// git would only fail with "not a git repository", so loupe skips the
// process (several per query) altogether; when it says true, git decides.
func MaybeInWorkTree(dir string) bool {
	if os.Getenv("GIT_DIR") != "" {
		return true
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return true
	}
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}
