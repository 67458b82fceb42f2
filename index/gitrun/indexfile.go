package gitrun

import (
	"errors"
	"path/filepath"
	"strings"
)

// IndexFile returns the index file git reads for dir's work tree (the
// git directory's "index": a linked worktree has its own) and dir's path
// below the work tree's top, slash-separated, "" at the top: the index's
// paths under that prefix are dir's files. It fails as Run would, before
// any process: ErrNotRepository outside a work tree, or the error of a
// repository Run refuses. GIT_INDEX_FILE does not count: Run scrubs it.
func IndexFile(dir string) (file, prefix string, err error) {
	l, err := runnable(dir)
	if err != nil {
		return "", "", err
	}
	if l.gitDir == "" {
		return "", "", errors.New("git: the .git file names no git directory")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", err
	}
	rel, err := filepath.Rel(l.top(), abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", "", errors.New("git: directory is outside its work tree")
	}
	if rel == "." {
		rel = ""
	}
	return filepath.Join(l.gitDir, "index"), filepath.ToSlash(rel), nil
}
