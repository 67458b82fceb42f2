package index

import (
	"context"
)

// TreeFile is a regular file or a symbolic link a walk lstat'ed, indexed
// or not (a lock file, a file too large, a link): the stat data git's
// index records for a tracked file (for a link, the link's own),
// so that a caller can tell which tracked files may have changed without
// lstat'ing the tree again (the changes source, instead of `git diff`
// and `git ls-files --others`, which each walk the whole tree).
type TreeFile struct {
	Rel          string // relative to the root, forward slashes
	Size         int64
	Mtime, Ctime int64 // unix nanoseconds
	Ino          uint64
	Exec         bool // the owner may execute it
	Link         bool // a symbolic link, never followed
}

// WorkTree is what one walk saw of the working tree: every regular file
// and symbolic link outside the directories and names the ignore files
// exclude, in no particular order, and the directories below the root
// that hold a repository of their own (a .git entry).
type WorkTree struct {
	Files  []TreeFile
	Nested []string
}

// markedTree is what an Update's walk saw of the work tree, with the mark
// of the file notifications (TrustNotifications) taken before it began,
// and with notifications that say where changes were (ChangeLog) the walk
// itself, directory by directory.
type markedTree struct {
	tree WorkTree
	mark uint64
	walk *walkState // nil: the notifications cannot say where
}

// WorkTree returns what a walk saw of the work tree, with
// Options.WorkTree, where the walk reads the stat data git records
// (treeStats). A one-shot command's is the walk OpenForUpdate started,
// waited for: the tree as it was when the command started. A resident
// process's is its last Update's walk, while its file notifications say
// nothing changed since that walk began. ok is false otherwise: Open
// without an Update since, no notifications, a change since, a walk that
// failed or was stopped.
func (ix *Index) WorkTree(ctx context.Context) (tree WorkTree, ok bool) {
	ix.mu.RLock()
	w, last := ix.walked, ix.last
	ix.mu.RUnlock()
	if !ix.opts.WorkTree || !treeStats {
		return WorkTree{}, false
	}
	if w == nil {
		if m := ix.files.marker(); last != nil && m != nil && !m.Dirty(last.mark) {
			return last.tree, true
		}
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
