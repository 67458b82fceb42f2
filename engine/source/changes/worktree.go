package changes

import (
	"context"
	"strings"
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

// gitIndex is git's index file for root, read once per collection.
type gitIndex struct {
	ix      *gitindex.Index
	prefix  string    // root's path below the top of the work tree ("" at the top)
	written time.Time // the file's modification time (git's racy check needs it)
}

// readGitIndex reads git's index for root.
func readGitIndex(root string) (gitIndex, error) {
	file, prefix, err := gitrun.IndexFile(root)
	if err != nil {
		return gitIndex{}, err
	}
	ix, written, err := gitindex.ReadFile(file)
	if err != nil {
		return gitIndex{}, err
	}
	return gitIndex{ix: ix, prefix: prefix, written: written}, nil
}

// walkedView is git's view of the work tree from a walk of it (viewTree);
// ok is false when tree gives no walk, or one that cannot stand for git's
// own walks (git's index unread, too many files to name): then git walks.
func walkedView(ctx context.Context, tree TreeFunc, gix func() (gitIndex, error)) (treeView, bool) {
	if tree == nil {
		return treeView{}, false
	}
	t, ok := tree(ctx)
	if !ok {
		return treeView{}, false
	}
	g, err := gix()
	if err != nil {
		return treeView{}, false
	}
	v := viewTree(g, t)
	return v, len(v.maybe) <= maxDiffPaths
}

// nothingStaged reports, without running git, that git diff --cached is
// empty: HEAD is the commit headTree names (read from the git directory's
// files), and git's index records that it would write that commit's tree
// (its cache-tree root, which git forgets as soon as an entry changes),
// with no entry added with --intent-to-add (the cache-tree leaves those
// out) and no conflict. false means only "ask git", which is also the
// answer where git would be refused (gitrun.Check), so that the refusal
// is reported as before.
func nothingStaged(root string, headTree func() (commit, tree string), gix func() (gitIndex, error)) bool {
	if headTree == nil {
		return false
	}
	commit, tree := headTree()
	if tree == "" || gitrun.Check(root) != nil {
		return false
	}
	if head, ok := gitrun.HeadFromFiles(root); !ok || head != commit {
		return false
	}
	g, err := gix()
	if err != nil || g.ix.Tree != tree || len(g.ix.Unmerged) > 0 {
		return false
	}
	for i := range g.ix.Entries {
		if g.ix.Entries[i].IntentToAdd {
			return false
		}
	}
	return true
}

// unstagedChanges is the unstaged diff: of the files the walk says may
// have changed, by name (none: no process at all), else of every tracked
// file.
func unstagedChanges(ctx context.Context, root string, view func() (treeView, bool)) ([]change, error) {
	v, ok := view()
	switch {
	case !ok:
		return diffChanges(ctx, root, StatusUnstaged)
	case len(v.maybe) == 0:
		return nil, nil
	}
	spec := make([]string, 0, len(v.maybe)+1)
	spec = append(spec, "--")
	for _, p := range v.maybe {
		spec = append(spec, ":(literal)"+p) // a name is a name, not a pattern
	}
	return diffChanges(ctx, root, StatusUnstaged, spec...)
}

// untrackedChanges is the newest untracked files: the walk's, else git's
// listing.
func untrackedChanges(ctx context.Context, root string, view func() (treeView, bool)) ([]change, error) {
	if v, ok := view(); ok {
		return readUntracked(root, v.untracked), nil
	}
	return untracked(ctx, root)
}

// viewTree compares git's index for root with the walk's stat data.
func viewTree(g gitIndex, tree index.WorkTree) treeView {
	maybe, tracked, links := compareIndex(g.ix, g.prefix, tree, g.written)
	apart := newDirSet(append(links, tree.Nested...))
	return treeView{maybe: maybe, untracked: untrackedIn(tree, tracked, apart)}
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
// and nested repositories (git lists none of their files). Links are not
// offered: their text is elsewhere, perhaps outside the root.
func untrackedIn(tree index.WorkTree, tracked map[string]bool, apart dirSet) []untrackedFile {
	var list []untrackedFile
	for _, f := range tree.Files {
		if !f.Link && !tracked[f.Rel] && !apart.holds(f.Rel) {
			list = append(list, untrackedFile{path: f.Rel, when: time.Unix(0, f.Mtime)})
		}
	}
	return list
}

// Modes of git's index entries.
const (
	regularMode = 0o100644
	execMode    = 0o100755
	linkMode    = 0o120000
	gitlinkMode = 0o160000
)

// sameStat reports whether a regular file's or a link's stat data, as the
// walk read them, are what git recorded when it last looked at it: the
// fields git's own check compares (its default core.checkStat), sizes and
// times truncated to 32 bits as the index keeps them; for a link, its own
// (git records the link's lstat, its size the target's length). nil (not
// seen: a file in an ignored directory, a deleted one) is never the same,
// nor is an entry whose type is not the file's now.
func sameStat(e *gitindex.Entry, f *index.TreeFile) bool {
	switch {
	case f == nil:
		return false
	case e.Mode == linkMode:
		if !f.Link {
			return false
		}
	case e.Mode != regularMode && e.Mode != execMode:
		return false
	case f.Link || (e.Mode == execMode) != f.Exec:
		return false
	}
	const s = int64(time.Second)
	return e.Size == uint32(f.Size) && e.Ino == uint32(f.Ino) &&
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
