package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/loupe-dev/loupe/index/gitrun"
	"github.com/loupe-dev/loupe/index/inroot"
)

// Skip reasons, used as keys of UpdateStats.Skipped.
const (
	SkipTooLarge       = "too-large"
	SkipLockFile       = "lock-file"
	SkipMinified       = "minified"
	SkipGenerated      = "generated"
	SkipBinary         = "binary"
	SkipInvalidUTF8    = "invalid-utf8"
	SkipUnreadable     = "unreadable"
	SkipVanished       = "vanished"
	SkipSymlinkOutside = "symlink-outside"
	SkipSymlinkDir     = "symlink-dir"
	SkipSymlinkBroken  = "symlink-broken" // dangling or a loop
	SkipNotRegular     = "not-regular"
)

// ErrNotDir is returned when the root is not a directory.
var ErrNotDir = errors.New("index: root is not a directory")

// walkFile is one file the walk found; its content has not been read yet.
// Abs is set only for the files an Update reads (see makePlan).
type walkFile struct {
	Rel   string // relative to the root, forward slashes
	Abs   string
	Size  int64
	Mtime int64 // unix nanoseconds
}

// walkResult is what a walk found: files sorted by path and the ones it
// skipped without reading, by reason, and what it saw of the work tree.
type walkResult struct {
	Files   []walkFile
	Skipped map[string]int
	Tree    WorkTree
}

// dirEntry is one entry of a directory as readDir returns it: a regular
// file comes with its size and mtime (lstat), everything else with its
// type only.
type dirEntry struct {
	rel      string      // relative to the root
	name     string      // the last element of rel
	mode     fs.FileMode // type bits only
	size     int64
	mtime    int64 // unix nanoseconds
	ctime    int64 // unix nanoseconds
	ino      uint64
	exec     bool // the owner may execute it
	vanished bool // a regular file that was gone when it was lstat'ed
}

// walker walks one tree with bounded parallelism: a directory is read in a
// new goroutine when a slot is free, inline otherwise, so the walk never
// deadlocks and never runs more than slots readers at once.
type walker struct {
	root    string // resolved absolute root (symlinks evaluated)
	skipAbs string // an index directory inside the root, never walked
	maxSize int64
	secrets bool // index files that usually hold secrets
	// keepTree: record every regular file's stat data and the nested
	// repositories (Options.WorkTree).
	keepTree bool
	slots    chan struct{}
	wg       sync.WaitGroup
	bufs     sync.Pool // *[]byte buffers for readDir

	mu      sync.Mutex
	files   []walkFile
	skipped map[string]int
	tree    WorkTree
}

// resolveRoot checks that root exists and is a directory and returns its
// absolute path with symlinks evaluated.
func resolveRoot(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("index: resolve %s: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("index: open root: %w", err)
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("index: open root: %w", err)
	}
	if !st.IsDir() {
		return "", fmt.Errorf("%w: %s", ErrNotDir, root)
	}
	return real, nil
}

// walkTree lists the files under root that the ignore files and the name
// rules let through, sorted by path. It never reads file contents.
func walkTree(ctx context.Context, root, indexDir string, opts Options) (walkResult, error) {
	res, err := walkTreeSized(ctx, root, indexDir, opts, 0)
	sortFiles(res.Files)
	return res, err
}

// sortFiles sorts files by path.
func sortFiles(files []walkFile) {
	slices.SortFunc(files, func(a, b walkFile) int { return strings.Compare(a.Rel, b.Rel) })
}

// walkTreeSized is walkTree with room for sizeHint files made up front
// (an Update knows how many the last walk found), in no particular order:
// an Update sorts only the files it reads (sorting all 17.8k of Loki's
// cost every no-change update 6 ms).
func walkTreeSized(ctx context.Context, root, indexDir string, opts Options, sizeHint int) (walkResult, error) {
	w := &walker{
		root:     root,
		maxSize:  opts.MaxFileSize,
		secrets:  opts.SecretFiles,
		keepTree: opts.WorkTree,
		slots:    make(chan struct{}, 2*runtime.GOMAXPROCS(0)),
		files:    make([]walkFile, 0, sizeHint),
		skipped:  map[string]int{},
	}
	w.bufs.New = func() any { b := make([]byte, dirBufSize); return &b }
	if indexDir != "" {
		w.skipAbs = filepath.Clean(indexDir)
	}
	rules := ignoreSet(nil).with(parseIgnore("", readGlobalExcludes(ctx, root))).with(parseIgnore("", readGitExclude(root)))
	if _, err := os.ReadDir(root); err != nil {
		return walkResult{}, fmt.Errorf("index: read root: %w", err)
	}
	w.wg.Add(1)
	w.dir(ctx, "", root, rules, ignoreSet(nil).with(extraRules(opts.Ignore)))
	w.wg.Wait()
	if err := ctx.Err(); err != nil {
		return walkResult{}, fmt.Errorf("index: walk: %w", err)
	}
	return walkResult{Files: w.files, Skipped: w.skipped, Tree: w.tree}, nil
}

func extraRules(globs []string) []ignoreRule {
	var out []ignoreRule
	for _, g := range globs {
		if r, ok := parseIgnoreLine("", g); ok {
			out = append(out, r)
		}
	}
	return out
}

// readGlobalExcludes returns the user's global git excludes
// (core.excludesFile, ~/.config/git/ignore): a file ignored there is
// ignored by git everywhere, so it is not the repository's content. It is
// the user's own file, read where git would read it.
func readGlobalExcludes(ctx context.Context, root string) []byte {
	p := gitrun.ExcludesFile(ctx, root)
	if p == "" {
		return nil
	}
	b, _ := inroot.ReadPath(p)
	return b
}

// readGitExclude returns .git/info/exclude, following a .git file
// ("gitdir: …", worktrees and submodules) when there is one.
func readGitExclude(root string) []byte {
	p := gitrun.InfoExclude(root)
	if p == "" {
		return nil
	}
	b, _ := inroot.ReadPath(p)
	return b
}

func (w *walker) skip(reason string) {
	w.mu.Lock()
	w.skipped[reason]++
	w.mu.Unlock()
}

// add records one directory's files, and what it saw of the work tree,
// under one lock.
func (w *walker) add(files []walkFile, seen []TreeFile, nested bool, rel string) {
	if len(files) == 0 && len(seen) == 0 && !nested {
		return
	}
	w.mu.Lock()
	w.files = append(w.files, files...)
	w.tree.Files = append(w.tree.Files, seen...)
	if nested {
		w.tree.Nested = append(w.tree.Nested, rel)
	}
	w.mu.Unlock()
}

// dir reads one directory. extra rules (from Options) always come last so
// they win over the repository's own files.
func (w *walker) dir(ctx context.Context, rel, abs string, rules, extra ignoreSet) {
	defer w.wg.Done()
	if ctx.Err() != nil {
		return
	}
	buf := w.bufs.Get().(*[]byte)
	entries, err := readDir(abs, relPrefix(rel), *buf)
	w.bufs.Put(buf)
	if err != nil {
		w.skip(SkipUnreadable)
		return
	}
	rules = w.loadIgnores(rel, abs, entries, rules)
	var files []walkFile
	var seen []TreeFile
	nested := false
	for i := range entries {
		e := &entries[i]
		childRel, isDir := e.rel, e.mode.IsDir()
		if e.name == ".git" && rel != "" && w.keepTree {
			nested = true // a repository of its own: git lists none of its files
		}
		if skipName(e.name, isDir) || ignoredBy(newIgnoreEntry(childRel, isDir), rules, extra) {
			continue
		}
		switch {
		case isDir:
			if childAbs := filepath.Join(abs, e.name); childAbs != w.skipAbs {
				w.spawn(ctx, childRel, childAbs, rules, extra)
			}
		case e.mode&fs.ModeSymlink != 0:
			w.symlink(childRel, filepath.Join(abs, e.name))
		case e.mode.IsRegular() && e.vanished:
			w.skip(SkipVanished)
		case e.mode.IsRegular():
			if w.keepTree {
				seen = append(seen, TreeFile{Rel: childRel, Size: e.size, Mtime: e.mtime, Ctime: e.ctime, Ino: e.ino, Exec: e.exec})
			}
			if f, ok := w.file(childRel, e.size, e.mtime); ok {
				files = append(files, f)
			}
		default:
			w.skip(SkipNotRegular)
		}
	}
	w.add(files, seen, nested, rel)
}

// spawn walks a subdirectory in a new goroutine if a slot is free.
func (w *walker) spawn(ctx context.Context, rel, abs string, rules, extra ignoreSet) {
	w.wg.Add(1)
	select {
	case w.slots <- struct{}{}:
		go func() {
			defer func() { <-w.slots }()
			w.dir(ctx, rel, abs, rules, extra)
		}()
	default:
		w.dir(ctx, rel, abs, rules, extra)
	}
}

func (w *walker) loadIgnores(rel, abs string, entries []dirEntry, rules ignoreSet) ignoreSet {
	for _, name := range [...]string{".gitignore", ".loupeignore"} {
		for i := range entries {
			if entries[i].name == name {
				if b, err := inroot.ReadFile(w.root, filepath.Join(filepath.FromSlash(rel), name)); err == nil {
					rules = rules.with(parseIgnore(rel, b))
				}
				break
			}
		}
	}
	return rules
}

// symlink follows a link to a regular file inside the root. Links to
// directories are never followed: their target is either outside the root
// or walked already under its real path, and not following them rules out
// loops and keeps the walk deterministic.
func (w *walker) symlink(rel, abs string) {
	info, err := os.Stat(abs)
	if err != nil {
		w.skip(SkipSymlinkBroken)
		return
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		w.skip(SkipSymlinkBroken)
		return
	}
	if real != w.root && !strings.HasPrefix(real, w.root+string(filepath.Separator)) {
		w.skip(SkipSymlinkOutside)
		return
	}
	if info.IsDir() {
		w.skip(SkipSymlinkDir)
		return
	}
	if !info.Mode().IsRegular() {
		w.skip(SkipNotRegular)
		return
	}
	if f, ok := w.file(rel, info.Size(), info.ModTime().UnixNano()); ok {
		w.add([]walkFile{f}, nil, false, "")
	}
}

// file applies the name and size rules to a regular file.
func (w *walker) file(rel string, size, mtime int64) (walkFile, bool) {
	if reason := skipByName(rel); reason != "" {
		w.skip(reason)
		return walkFile{}, false
	}
	if !w.secrets && SecretFile(rel) {
		w.skip(SkipSecretFile)
		return walkFile{}, false
	}
	if size > w.maxSize {
		w.skip(SkipTooLarge)
		return walkFile{}, false
	}
	return walkFile{Rel: rel, Size: size, Mtime: mtime}, true
}

// relPrefix is what goes before a name in the relative path of an entry
// of the directory rel.
func relPrefix(rel string) string {
	if rel == "" {
		return ""
	}
	return rel + "/"
}
