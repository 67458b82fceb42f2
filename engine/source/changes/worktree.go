package changes

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/gitindex"
	"github.com/loupe-dev/loupe/index/gitrun"
)

// TreeFunc gives one walk of the work tree (index.Index.WorkTree); ok is
// false when there is none to use.
type TreeFunc func(ctx context.Context) (index.WorkTree, bool)

// maxDiffPaths bounds the tracked files handed to git diff by name: past
// it git diff looks at every tracked file itself, as it does without a
// walk (a long pathspec is matched against every index entry).
const maxDiffPaths = 200

// treeView is git's index read against one walk of the work tree: what
// `git diff` and `git ls-files --others --exclude-standard` would each
// have walked the tree again to find.
type treeView struct {
	// maybe are the tracked files whose stat data the index does not
	// match (or that the walk did not see): git diff decides which of them
	// changed. A file whose stat data match, outside git's racy window,
	// is one git diff would not look at either.
	maybe     []string
	untracked []untrackedFile
}

// workTreeChanges is the unstaged diff and the untracked files: from a
// walk of the tree and git's index when tree gives one that can stand
// for git's view, else from git's own two walks.
func workTreeChanges(ctx context.Context, root string, tree TreeFunc) ([]change, error) {
	if tree != nil {
		if t, ok := tree(ctx); ok {
			if v, err := viewTree(root, t); err == nil && len(v.maybe) <= maxDiffPaths {
				return v.changes(ctx, root)
			}
		}
	}
	var diff, added []change
	var diffErr, addErr error
	var wg sync.WaitGroup
	wg.Go(func() { diff, diffErr = diffChanges(ctx, root, StatusUnstaged) })
	wg.Go(func() { added, addErr = untracked(ctx, root) })
	wg.Wait()
	return append(diff, added...), errors.Join(diffErr, addErr)
}

// changes diffs the files that may have changed, by name (none: no
// process at all), and reads the newest untracked files.
func (v treeView) changes(ctx context.Context, root string) ([]change, error) {
	var list []change
	if len(v.maybe) > 0 {
		spec := make([]string, 0, len(v.maybe)+1)
		spec = append(spec, "--")
		for _, p := range v.maybe {
			spec = append(spec, ":(literal)"+p) // a name is a name, not a pattern
		}
		diff, err := diffChanges(ctx, root, StatusUnstaged, spec...)
		if err != nil {
			return nil, err
		}
		list = diff
	}
	return append(list, readUntracked(root, v.untracked)...), nil
}

// viewTree compares git's index for root with the walk's stat data.
func viewTree(root string, tree index.WorkTree) (treeView, error) {
	file, prefix, err := gitrun.IndexFile(root)
	if err != nil {
		return treeView{}, err
	}
	ix, written, err := gitindex.ReadFile(file)
	if err != nil {
		return treeView{}, err
	}
	maybe, tracked, links := compareIndex(ix, prefix, tree, written)
	apart := newDirSet(append(links, tree.Nested...))
	return treeView{maybe: maybe, untracked: untrackedIn(tree, tracked, apart)}, nil
}

// compareIndex goes through the index's entries below prefix (root's
// files, relative to root): the ones that may have changed, every path
// the index tracks, and the submodules (gitlinks).
func compareIndex(ix *gitindex.Index, prefix string, tree index.WorkTree, written time.Time) (maybe []string, tracked map[string]bool, links []string) {
	seen := make(map[string]*index.TreeFile, len(tree.Files))
	for i := range tree.Files {
		seen[tree.Files[i].Rel] = &tree.Files[i]
	}
	tracked = make(map[string]bool, len(ix.Entries))
	for i := range ix.Entries {
		e := &ix.Entries[i]
		rel, ok := below(e.Path, prefix)
		if !ok {
			continue
		}
		tracked[rel] = true
		switch {
		case e.Mode == gitlinkMode:
			links = append(links, rel) // diffs of submodules are ignored (gitrun)
		case e.AssumeValid || e.SkipWorktree:
			// git diff does not look at them either
		case e.IntentToAdd || !sameStat(e, seen[rel]) || racy(e, written):
			maybe = append(maybe, rel)
		}
	}
	for _, p := range ix.Unmerged {
		if rel, ok := below(p, prefix); ok {
			tracked[rel] = true
			maybe = append(maybe, rel)
		}
	}
	return maybe, tracked, links
}

// untrackedIn is the walk's files git does not track, outside submodules
// and nested repositories (git lists none of their files).
func untrackedIn(tree index.WorkTree, tracked map[string]bool, apart dirSet) []untrackedFile {
	var list []untrackedFile
	for _, f := range tree.Files {
		if !tracked[f.Rel] && !apart.holds(f.Rel) {
			list = append(list, untrackedFile{path: f.Rel, when: time.Unix(0, f.Mtime)})
		}
	}
	return list
}

// Modes of git's index entries.
const (
	regularMode = 0o100644
	execMode    = 0o100755
	gitlinkMode = 0o160000
)

// sameStat reports whether a regular file's stat data, as the walk read
// them, are what git recorded when it last looked at it: the fields
// git's own check compares (its default core.checkStat), sizes and times
// truncated to 32 bits as the index keeps them. nil (not seen: a link,
// a file in an ignored directory, a deleted one) is never the same.
func sameStat(e *gitindex.Entry, f *index.TreeFile) bool {
	if f == nil || (e.Mode != regularMode && e.Mode != execMode) {
		return false
	}
	const s = int64(time.Second)
	return e.Size == uint32(f.Size) && (e.Mode == execMode) == f.Exec && e.Ino == uint32(f.Ino) &&
		e.MtimeSec == uint32(f.Mtime/s) && e.MtimeNsec == uint32(f.Mtime%s) &&
		e.CtimeSec == uint32(f.Ctime/s) && e.CtimeNsec == uint32(f.Ctime%s)
}

// racy reports whether an entry was recorded in the same instant as its
// file was last written or after it (git's "racily clean" entries): git
// then compares the content, since a write in that instant leaves the
// stat data unchanged.
func racy(e *gitindex.Entry, written time.Time) bool {
	mtime := int64(e.MtimeSec)*int64(time.Second) + int64(e.MtimeNsec)
	return mtime >= written.UnixNano()
}

// below returns p relative to the directory prefix ("" for the top).
func below(p, prefix string) (string, bool) {
	if prefix == "" {
		return p, true
	}
	rest, ok := strings.CutPrefix(p, prefix+"/")
	return rest, ok && rest != ""
}

// dirSet is a set of directories, to ask whether a path lies inside one.
type dirSet map[string]bool

func newDirSet(dirs []string) dirSet {
	s := make(dirSet, len(dirs))
	for _, d := range dirs {
		s[d] = true
	}
	return s
}

// holds reports whether p is inside one of the directories.
func (s dirSet) holds(p string) bool {
	for i := len(p) - 1; i > 0 && len(s) > 0; i-- {
		if p[i] == '/' && s[p[:i]] {
			return true
		}
	}
	return false
}
