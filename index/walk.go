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
	// keepTree: record every regular file's and link's stat data and the
	// nested repositories (Options.WorkTree).
	keepTree bool
	slots    chan struct{}
	wg       sync.WaitGroup
	bufs     sync.Pool // *[]byte buffers for readDir

	mu    sync.Mutex
	scans []dirScanAt // every directory's scan, as it was read
}

// dirScanAt is one directory's scan and the directory's path.
type dirScanAt struct {
	rel  string
	scan *dirScan
}

// dirScan is what reading one directory found, apart from what lies in
// its subdirectories. A walk adds it to its result; a resident index keeps
// them all (walkState) so that it can read again only the directories its
// file notifications name.
type dirScan struct {
	rules   ignoreSet // the rules in force in the directory, before its own ignore files
	ignores string    // the bytes of its own ignore files as read (each file's, NUL after each)
	files   []walkFile
	seen    []TreeFile
	nested  bool           // it holds a .git entry (WorkTree.Nested)
	links   bool           // it holds a symlink: the target may change where no notification for it tells
	skipped map[string]int // files not indexed, by reason (nil: none)
	subdirs []string       // the subdirectories walked, relative to the root, sorted
}

// skip counts a file the scan does not index.
func (d *dirScan) skip(reason string) {
	if d.skipped == nil {
		d.skipped = map[string]int{}
	}
	d.skipped[reason]++
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
	res, err := walkUnsorted(ctx, root, indexDir, opts)
	sortFiles(res.Files)
	return res, err
}

// sortFiles sorts files by path.
func sortFiles(files []walkFile) {
	slices.SortFunc(files, func(a, b walkFile) int { return strings.Compare(a.Rel, b.Rel) })
}

// walkUnsorted is walkTree with the files in no particular order: an
// Update sorts only the files it reads (sorting all 17.8k of Loki's cost
// every no-change update 6 ms).
func walkUnsorted(ctx context.Context, root, indexDir string, opts Options) (walkResult, error) {
	res, _, err := walkKept(ctx, root, indexDir, opts, false)
	return res, err
}

// walkKept is walkUnsorted that, with keep, also returns every
// directory's scan for a later rewalk.
func walkKept(ctx context.Context, root, indexDir string, opts Options, keep bool) (walkResult, *walkState, error) {
	w := newWalker(root, indexDir, opts)
	base := readRootExcludes(ctx, root)
	if _, err := os.ReadDir(root); err != nil {
		return walkResult{}, nil, fmt.Errorf("index: read root: %w", err)
	}
	w.wg.Add(1)
	w.dir(ctx, "", root, base.rules(), ignoreSet(nil).with(extraRules(opts.Ignore)))
	w.wg.Wait()
	if err := ctx.Err(); err != nil {
		return walkResult{}, nil, fmt.Errorf("index: walk: %w", err)
	}
	res := mergeScans(w.scans)
	if !keep {
		return res, nil, nil
	}
	dirs := make(map[string]*dirScan, len(w.scans))
	for _, s := range w.scans {
		dirs[s.rel] = s.scan
	}
	return res, &walkState{base: base, dirs: dirs}, nil
}

// newWalker makes a walker of root that never enters indexDir.
func newWalker(root, indexDir string, opts Options) *walker {
	w := &walker{
		root:     root,
		maxSize:  opts.MaxFileSize,
		secrets:  opts.SecretFiles,
		keepTree: opts.WorkTree,
		slots:    make(chan struct{}, 2*runtime.GOMAXPROCS(0)),
	}
	w.bufs.New = func() any { b := make([]byte, dirBufSize); return &b }
	if indexDir != "" {
		w.skipAbs = filepath.Clean(indexDir)
	}
	return w
}

// rootExcludes is what git ignores everywhere in the tree: the user's
// global excludes, then .git/info/exclude, as read.
type rootExcludes struct{ global, info []byte }

func readRootExcludes(ctx context.Context, root string) rootExcludes {
	return rootExcludes{global: readGlobalExcludes(ctx, root), info: readGitExclude(root)}
}

func (r rootExcludes) rules() ignoreSet {
	return ignoreSet(nil).with(parseIgnore("", r.global)).with(parseIgnore("", r.info))
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

// add records one directory's scan under one lock.
func (w *walker) add(rel string, d *dirScan) {
	w.mu.Lock()
	w.scans = append(w.scans, dirScanAt{rel: rel, scan: d})
	w.mu.Unlock()
}

// mergeScans is the walk that scans stand for, in their order. Each list is
// allocated once, at its size: grown directory by directory, the Go
// tree's two lists of 11k files were copied and faulted in again at every
// doubling (BenchmarkWalkGoroot: 7.3 MB allocated a walk then, 5.5 after).
func mergeScans(scans []dirScanAt) walkResult {
	files, seen := 0, 0
	for _, s := range scans {
		files += len(s.scan.files)
		seen += len(s.scan.seen)
	}
	res := walkResult{Files: make([]walkFile, 0, files), Skipped: map[string]int{}}
	res.Tree.Files = make([]TreeFile, 0, seen)
	for _, s := range scans {
		d := s.scan
		res.Files = append(res.Files, d.files...)
		res.Tree.Files = append(res.Tree.Files, d.seen...)
		if d.nested {
			res.Tree.Nested = append(res.Tree.Nested, s.rel)
		}
		for k, n := range d.skipped {
			res.Skipped[k] += n
		}
	}
	return res
}

// dir reads one directory and walks its subdirectories.
func (w *walker) dir(ctx context.Context, rel, abs string, rules, extra ignoreSet) {
	defer w.wg.Done()
	if ctx.Err() != nil {
		return
	}
	w.add(rel, w.scan(ctx, rel, abs, rules, extra, true))
}

// scan reads one directory; with walk, its subdirectories are walked as
// they are found. extra rules (from Options) always come last so they win
// over the repository's own files.
func (w *walker) scan(ctx context.Context, rel, abs string, rules, extra ignoreSet, walk bool) *dirScan {
	d := &dirScan{rules: rules}
	buf := w.bufs.Get().(*[]byte)
	entries, err := readDir(abs, relPrefix(rel), *buf)
	w.bufs.Put(buf)
	if err != nil {
		d.skip(SkipUnreadable)
		return d
	}
	rules, d.ignores = w.loadIgnores(rel, abs, entries, rules)
	// At most one file per entry: sized once, the directory's lists are not
	// grown by doubling (on the Go tree that was 2.9 MB of a walk's 6).
	d.files = make([]walkFile, 0, len(entries))
	if w.keepTree {
		d.seen = make([]TreeFile, 0, len(entries))
	}
	for i := range entries {
		e := &entries[i]
		childRel, isDir := e.rel, e.mode.IsDir()
		if e.name == ".git" && rel != "" && w.keepTree {
			d.nested = true // a repository of its own: git lists none of its files
		}
		if skipName(e.name, isDir) || ignoredBy(newIgnoreEntry(childRel, isDir), rules, extra) {
			continue
		}
		switch {
		case isDir:
			if childAbs := filepath.Join(abs, e.name); childAbs != w.skipAbs {
				d.subdirs = append(d.subdirs, childRel)
				if walk {
					w.spawn(ctx, childRel, childAbs, rules, extra)
				}
			}
		case e.mode&fs.ModeSymlink != 0:
			d.links = true
			if w.keepTree {
				d.seen = append(d.seen, TreeFile{Rel: childRel, Size: e.size, Mtime: e.mtime, Ctime: e.ctime, Ino: e.ino, Link: true})
			}
			w.symlink(d, childRel, filepath.Join(abs, e.name))
		case e.mode.IsRegular() && e.vanished:
			d.skip(SkipVanished)
		case e.mode.IsRegular():
			if w.keepTree {
				d.seen = append(d.seen, TreeFile{Rel: childRel, Size: e.size, Mtime: e.mtime, Ctime: e.ctime, Ino: e.ino, Exec: e.exec})
			}
			if f, ok := w.file(d, childRel, e.size, e.mtime); ok {
				d.files = append(d.files, f)
			}
		default:
			d.skip(SkipNotRegular)
		}
	}
	slices.Sort(d.subdirs)
	return d
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

// loadIgnores adds the rules of the directory's own ignore files and
// returns them with the files' bytes as read (each followed by a NUL, so
// that a rewalk can tell whether they changed).
func (w *walker) loadIgnores(rel, abs string, entries []dirEntry, rules ignoreSet) (ignoreSet, string) {
	var read []byte
	for _, name := range [...]string{".gitignore", ".loupeignore"} {
		for i := range entries {
			if entries[i].name == name {
				if b, err := inroot.ReadFile(w.root, filepath.Join(filepath.FromSlash(rel), name)); err == nil {
					rules = rules.with(parseIgnore(rel, b))
					read = append(read, b...)
				}
				break
			}
		}
		read = append(read, 0)
	}
	return rules, string(read)
}

// symlink follows a link to a regular file inside the root. Links to
// directories are never followed: their target is either outside the root
// or walked already under its real path, and not following them rules out
// loops and keeps the walk deterministic.
func (w *walker) symlink(d *dirScan, rel, abs string) {
	info, err := os.Stat(abs)
	if err != nil {
		d.skip(SkipSymlinkBroken)
		return
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		d.skip(SkipSymlinkBroken)
		return
	}
	if real != w.root && !strings.HasPrefix(real, w.root+string(filepath.Separator)) {
		d.skip(SkipSymlinkOutside)
		return
	}
	if info.IsDir() {
		d.skip(SkipSymlinkDir)
		return
	}
	if !info.Mode().IsRegular() {
		d.skip(SkipNotRegular)
		return
	}
	if f, ok := w.file(d, rel, info.Size(), info.ModTime().UnixNano()); ok {
		d.files = append(d.files, f)
	}
}

// file applies the name and size rules to a regular file.
func (w *walker) file(d *dirScan, rel string, size, mtime int64) (walkFile, bool) {
	if reason := skipByName(rel); reason != "" {
		d.skip(reason)
		return walkFile{}, false
	}
	if !w.secrets && SecretFile(rel) {
		d.skip(SkipSecretFile)
		return walkFile{}, false
	}
	if size > w.maxSize {
		d.skip(SkipTooLarge)
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
