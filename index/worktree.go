package index

import (
	"context"
)

// TreeFile is a regular file a walk lstat'ed, indexed or not (a lock file,
// a file too large): the stat data git's index records for a tracked file,
// so that a caller can tell which tracked files may have changed without
// lstat'ing the tree again (the changes source, instead of `git diff`
// and `git ls-files --others`, which each walk the whole tree).
type TreeFile struct {
	Rel          string // relative to the root, forward slashes
	Size         int64
	Mtime, Ctime int64 // unix nanoseconds
	Ino          uint64
	Exec         bool // the owner may execute it
}

// WorkTree is what one walk saw of the working tree: every regular file
// outside the directories and names the ignore files exclude (links are
// not in it), in no particular order, and the directories below the root
// that hold a repository of their own (a .git entry).
type WorkTree struct {
	Files  []TreeFile
	Nested []string
}

// WorkTree waits for the walk OpenForUpdate started and returns what it
// saw of the work tree. ok is false without such a walk (Open), without
// Options.WorkTree, when it failed or was stopped, and where the walk does
// not read the stat data git records (treeStats). The walk began when the index was opened: a
// one-shot command sees the tree as it was when it started.
func (ix *Index) WorkTree(ctx context.Context) (tree WorkTree, ok bool) {
	ix.mu.RLock()
	w := ix.walked
	ix.mu.RUnlock()
	if w == nil || !ix.opts.WorkTree || !treeStats {
		return WorkTree{}, false
	}
	select {
	case <-w.done:
	case <-ctx.Done():
		return WorkTree{}, false
	}
	if w.err != nil {
		return WorkTree{}, false
	}
	return w.res.Tree, true
}
