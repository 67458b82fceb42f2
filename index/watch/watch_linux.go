//go:build linux

package watch

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// dirMask is what a watched directory reports: any entry created, deleted,
// moved, written or whose metadata changed, and the directory itself
// going away. IN_ONLYDIR and IN_DONT_FOLLOW make the kernel refuse a path
// that is not a directory or whose last part is a symlink.
const dirMask = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MODIFY | unix.IN_CLOSE_WRITE |
	unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_ATTRIB | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF |
	unix.IN_ONLYDIR | unix.IN_DONT_FOLLOW | unix.IN_EXCL_UNLINK

// Watcher reports changes under one root. Safe for concurrent use.
type Watcher struct {
	root    string
	skipDir func(name string) bool // directory names never watched (index.SkipDir: what the walk never enters)
	skip    map[string]bool        // absolute directories not to watch (the index directory)
	flat    string                 // the directory watched without what is made below it: .git
	fd      int                    // the inotify descriptor, for adding watches
	f       *os.File               // the same, read through the runtime poller (never f.Fd(): it would block reads)

	mu   sync.Mutex
	wds  map[int32]string // watch descriptor → absolute directory
	gen  atomic.Uint64    // bumped on every event
	lost atomic.Bool      // a change may have been missed: every question says "changed"

	// The change log (Changed), guarded by mu: the directories whose
	// entries changed, by generation. floor is the latest generation the
	// log cannot answer for: one that made, moved or removed a directory,
	// or whose entries were dropped to keep the log bounded.
	log   []logEntry
	floor uint64

	events chan struct{} // one tick per burst, for callers that wait
	done   chan struct{}

	// The barrier (Barrier, Sync): an unnamed file of this watcher's own
	// whose attribute changes are watched. Touching it queues an event
	// behind every change already queued; when the reader has handled it,
	// it has handled them all. Unnamed, no other process can touch it.
	barrierFd int
	barrierWd atomic.Int32 // -1 without a barrier
	synced    atomic.Uint64
	syncMu    sync.Mutex // one Sync at a time
	syncSent  uint64     // guarded by syncMu
	syncCond  chan struct{}
}

// New watches root and every directory below it, except those whose name
// skipDir refuses (pass index.SkipDir: version control and dependency
// directories, which the index never walks), the directories in skip (absolute paths,
// such as an index directory inside the tree, whose writes must not look
// like changes to the tree) and anything under them. The git directory
// root/.git, when it is a directory, is watched too (itself and
// refs/heads, not its objects), so that a commit or a checkout counts as a
// change.
func New(root string, skipDir func(name string) bool, skip ...string) (*Watcher, error) {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		return nil, err
	}
	w := &Watcher{root: filepath.Clean(root), skipDir: skipDir, skip: map[string]bool{}, fd: fd, f: os.NewFile(uintptr(fd), "inotify"),
		wds: map[int32]string{}, events: make(chan struct{}, 1), done: make(chan struct{}), syncCond: make(chan struct{}, 1)}
	w.barrierWd.Store(-1)
	for _, s := range skip {
		w.skip[filepath.Clean(s)] = true
	}
	if err := w.addTree(w.root); err != nil {
		w.f.Close()
		return nil, err
	}
	if st, err := os.Lstat(filepath.Join(w.root, ".git")); err == nil && st.IsDir() {
		// Without these a commit, a checkout or a staged edit would show
		// only at the next change in the tree: .git itself (HEAD, index,
		// packed-refs, COMMIT_EDITMSG) and the branches under refs/heads.
		w.flat = filepath.Join(w.root, ".git")
		_ = w.add(w.flat)
		_ = w.addTree(filepath.Join(w.flat, "refs", "heads"))
	}
	go w.read()
	return w, nil
}

// Barrier gives the watcher a barrier for Sync: an unnamed file (O_TMPFILE)
// in dir, a directory of loupe's own outside the watched tree (the index
// directory), gone when the watcher closes. Where the file system has no
// unnamed files it fails, and Sync reports false.
func (w *Watcher) Barrier(dir string) error {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return err
	}
	wd, err := unix.InotifyAddWatch(w.fd, "/proc/self/fd/"+strconv.Itoa(fd), unix.IN_ATTRIB)
	if err != nil {
		unix.Close(fd)
		return err
	}
	w.barrierFd = fd
	w.barrierWd.Store(int32(wd))
	return nil
}

// HasBarrier reports whether Barrier gave the watcher one.
func (w *Watcher) HasBarrier() bool { return w.barrierWd.Load() >= 0 }

// Sync returns once every change made before it was called has been
// handled (Mark and Dirty see it), or false after timeout or without a
// barrier: the kernel queues a change at once, but the reader handles it
// a moment later, and a query asked just after an edit must see the edit.
func (w *Watcher) Sync(timeout time.Duration) bool {
	if !w.HasBarrier() {
		return false
	}
	w.syncMu.Lock()
	defer w.syncMu.Unlock()
	now := unix.NsecToTimeval(time.Now().UnixNano())
	if err := unix.Futimes(w.barrierFd, []unix.Timeval{now, now}); err != nil {
		return false // no touch, no event: the count stays as it was
	}
	w.syncSent++
	want := w.syncSent
	t := time.NewTimer(timeout)
	defer t.Stop()
	for w.synced.Load() < want {
		select {
		case <-w.syncCond:
		case <-t.C:
			return false
		case <-w.done:
			return false
		}
	}
	return true
}

// logEntry says that the entries of dir (relative to the root, slash
// separated, "" for the root) changed in generation gen.
type logEntry struct {
	gen uint64
	dir string
}

// maxLog bounds the change log; past it the older half is dropped and a
// question about a mark before them is answered "cannot say".
const maxLog = 4096

// Changed returns the directories whose entries changed since mark was
// taken (relative to the root, slash separated, "" for the root, each
// once), so that a resident index reads those again instead of the whole
// tree. ok is false when the watcher cannot say: a directory was made,
// moved, removed or had its own attributes changed since (what lies below
// it is then unknown), a change may have been missed (Lost), or the log no
// longer reaches back to mark. A change made under a directory this
// watcher does not watch (a skipped one) is not in the list: the walk
// does not read those either. Entries of .git (HEAD, the index, branches)
// are listed as ".git" and ".git/refs/heads/…".
func (w *Watcher) Changed(mark uint64) (dirs []string, ok bool) {
	if w.lost.Load() {
		return nil, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.floor > mark {
		return nil, false
	}
	i, _ := slices.BinarySearchFunc(w.log, mark+1, func(e logEntry, g uint64) int { return cmp.Compare(e.gen, g) })
	seen := map[string]bool{}
	for _, e := range w.log[i:] {
		if !seen[e.dir] {
			seen[e.dir] = true
			dirs = append(dirs, e.dir)
		}
	}
	slices.Sort(dirs)
	return dirs, true
}

// Mark returns the generation now: pass it to Dirty later.
func (w *Watcher) Mark() uint64 { return w.gen.Load() }

// Dirty reports whether anything may have changed since mark was taken.
func (w *Watcher) Dirty(mark uint64) bool { return w.lost.Load() || w.gen.Load() != mark }

// Lost reports that the watcher can no longer see every change (a new
// directory past the bound, an overflowed queue): Dirty is then always
// true, and a caller should fall back to what it did without one.
func (w *Watcher) Lost() bool { return w.lost.Load() }

// Events ticks after changes (several changes may give one tick).
func (w *Watcher) Events() <-chan struct{} { return w.events }

// Close stops watching; Events is not closed.
func (w *Watcher) Close() error {
	select {
	case <-w.done:
		return nil
	default:
	}
	close(w.done)
	if w.HasBarrier() {
		unix.Close(w.barrierFd)
	}
	return w.f.Close()
}

// Dirs returns how many directories are watched.
func (w *Watcher) Dirs() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.wds)
}

// dirOf returns the directory a watch descriptor watches, relative to the
// root, slash separated.
func (w *Watcher) dirOf(wd int32) (string, bool) {
	w.mu.Lock()
	abs, ok := w.wds[wd]
	w.mu.Unlock()
	if !ok {
		return "", false
	}
	rel, err := filepath.Rel(w.root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	if rel == "." {
		rel = ""
	}
	return filepath.ToSlash(rel), true
}

// logChanges bumps the generation with the directories that changed in
// it: the log is written before the bump, so a mark taken after the bump
// finds every change up to it in the log.
func (w *Watcher) logChanges(dirs []string, restructured bool) {
	w.mu.Lock()
	g := w.gen.Load() + 1
	if restructured {
		w.floor = g
	}
	slices.Sort(dirs)
	for _, d := range slices.Compact(dirs) { // a burst of writes to one file is one entry
		w.log = append(w.log, logEntry{gen: g, dir: d})
	}
	if len(w.log) > maxLog {
		drop := len(w.log) / 2
		w.floor = max(w.floor, w.log[drop-1].gen)
		w.log = slices.Delete(w.log, 0, drop)
	}
	w.gen.Store(g)
	w.mu.Unlock()
}

// watched returns the watched directories, relative to the root (tests).
func (w *Watcher) watched() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]string, 0, len(w.wds))
	for _, d := range w.wds {
		rel, _ := filepath.Rel(w.root, d)
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

// addTree watches dir and the directories below it, depth first. Entries
// are typed without following links (os.ReadDir uses the directory's own
// entry types, and a symlink to a directory is not a directory). It fails
// when dir itself cannot be watched or the bound is reached.
func (w *Watcher) addTree(dir string) error {
	stack := []string{dir}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if err := w.add(d); err != nil {
			if errors.Is(err, ErrTooMany) || d == dir {
				return err
			}
			continue // gone or unreadable since it was listed: the update's walk decides
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() && !w.skipDir(e.Name()) {
				if sub := filepath.Join(d, e.Name()); !w.skip[sub] {
					stack = append(stack, sub)
				}
			}
		}
	}
	return nil
}

// newDir watches a directory made (or moved) into the watched one wd, with
// everything below it, unless its name or place is one not watched.
func (w *Watcher) newDir(wd int32, name string) {
	w.mu.Lock()
	parent, ok := w.wds[wd]
	w.mu.Unlock()
	sub := filepath.Join(parent, name)
	if !ok || name == "" || w.skipDir(name) || w.skip[sub] || parent == w.flat {
		return
	}
	if err := w.addTree(sub); errors.Is(err, ErrTooMany) {
		w.lost.Store(true)
	}
}

// add watches one directory.
func (w *Watcher) add(dir string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.wds) >= maxDirs {
		return ErrTooMany
	}
	wd, err := unix.InotifyAddWatch(w.fd, dir, dirMask)
	if errors.Is(err, unix.ENOSPC) {
		return ErrTooMany
	}
	if err != nil {
		return err
	}
	w.wds[int32(wd)] = dir
	return nil
}

// read handles events until Close.
func (w *Watcher) read() {
	buf := make([]byte, 64<<10)
	for {
		n, err := w.f.Read(buf)
		if err != nil {
			select {
			case <-w.done:
			default:
				w.lost.Store(true) // the descriptor failed: nothing more will be seen
			}
			return
		}
		w.handle(buf[:n])
	}
}

// handle parses a buffer of inotify events: a change bumps the generation
// and is logged under its directory (Changed); a new directory is watched
// with everything below it (its files were created before the watch could
// see them, which the bump covers); an overflowed queue or a watch that
// could not be added marks the watcher lost.
func (w *Watcher) handle(buf []byte) {
	changed, barriers := false, 0
	var dirs []string     // directories whose entries changed, in this buffer
	restructured := false // a directory made, moved, removed or changed itself
	barrierWd := w.barrierWd.Load()
	for len(buf) >= unix.SizeofInotifyEvent {
		ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[0]))
		end := unix.SizeofInotifyEvent + int(ev.Len)
		if end > len(buf) {
			break
		}
		name := strings.TrimRight(string(buf[unix.SizeofInotifyEvent:end]), "\x00")
		buf = buf[end:]
		if ev.Wd == barrierWd && barrierWd >= 0 {
			if ev.Mask&unix.IN_ATTRIB != 0 {
				barriers++ // the barrier's own touch: not a change to the tree
			}
			continue
		}
		switch {
		case ev.Mask&unix.IN_Q_OVERFLOW != 0:
			w.lost.Store(true)
		case ev.Mask&unix.IN_IGNORED != 0:
			w.mu.Lock()
			delete(w.wds, ev.Wd)
			w.mu.Unlock()
			continue
		}
		changed = true
		if ev.Mask&unix.IN_ISDIR != 0 && ev.Mask&(unix.IN_CREATE|unix.IN_MOVED_TO) != 0 {
			w.newDir(ev.Wd, name)
		}
		if ev.Mask&unix.IN_ISDIR != 0 || name == "" {
			restructured = true // the directory itself, or one in it: what is below is unknown
		} else if d, ok := w.dirOf(ev.Wd); ok {
			dirs = append(dirs, d)
		} else {
			restructured = true
		}
	}
	if changed {
		w.logChanges(dirs, restructured)
		select {
		case w.events <- struct{}{}:
		default:
		}
	}
	if barriers > 0 { // after the bump: Sync's caller must see it
		w.synced.Add(uint64(barriers))
		select {
		case w.syncCond <- struct{}{}:
		default:
		}
	}
}
