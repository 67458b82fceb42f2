package index

import (
	"path/filepath"
	"sync"
	"time"

	"github.com/loupe-dev/loupe/index/inroot"
)

// racyWindow: a file modified this close to when it was read may change
// again without its size or mtime changing (mtime ticks are coarse), so it
// is never served from the cache; git treats "racily clean" entries alike.
const racyWindow = time.Second

// A fileCache keeps at most fileCacheBytes of files (and fileCacheFiles
// files); when the next file would pass either, it is cleared. A request
// reads about 200 candidates from 100 files or more, in score order, not
// file by file, and a resident process (the explorer, the MCP server)
// meets the same central files query after query: a bound of 64 files
// emptied the cache in the middle of every request.
const (
	fileCacheBytes = 32 << 20
	fileCacheFiles = 4096
)

// fileCache keeps recently read files with their line index and whether
// their hash matched the manifest, keyed by path and checked against size
// and modification time. A request reads many blocks of the same few files
// (a 6,000-line file can hold dozens of candidates); without it every Read
// re-read, re-hashed and re-split the whole file. Safe for concurrent use.
type fileCache struct {
	mu                 sync.Mutex
	files              map[string]cachedFile
	bytes              int // of the files held
	maxBytes, maxFiles int
	watch              Marker // nil: every read stats the file
}

// Marker tells whether anything under the root changed since a mark was
// taken (a resident process's file notifications, index/watch); a mark it
// cannot vouch for reports a change. With one, the file cache serves a
// file read after the last change without a stat (the stat, an open of
// the root and of every directory on the path through inroot, was the
// larger part of reading 200 candidates in a resident process), and the
// changes source asks git again only after a change.
type Marker interface {
	Mark() uint64
	Dirty(mark uint64) bool
}

// cachedFile is one file as read: its bytes, where its lines are and the manifest
// hash it was verified against ("" when it did not match).
type cachedFile struct {
	size     int64
	mtime    time.Time
	readAt   time.Time
	data     []byte
	lines    lineIndex
	verified string
	mark     uint64 // the Marker's mark taken before the file was checked (0: none)
}

func newFileCache() *fileCache {
	return &fileCache{files: map[string]cachedFile{}, maxBytes: fileCacheBytes, maxFiles: fileCacheFiles}
}

// read returns the file key (slash-separated, relative to root), from the
// cache when its size and mtime are unchanged. The file is opened once,
// through inroot (a file or directory swapped for a link out of the root
// since indexing is refused, not followed), and its size and mtime are
// those of the open file: what is read is what was checked.
func (c *fileCache) read(root, key string) (cachedFile, error) {
	var mark uint64
	c.mu.Lock()
	f, ok := c.files[key]
	w := c.watch
	c.mu.Unlock()
	if w != nil {
		if ok && f.mark != 0 && !w.Dirty(f.mark) {
			return f, nil // nothing changed since it was last checked
		}
		mark = w.Mark() // before the open: a change from here on is seen
	}
	fh, st, err := inroot.OpenFile(root, filepath.FromSlash(key))
	if err != nil {
		c.forget(key)
		return cachedFile{}, err
	}
	defer fh.Close()
	if ok && f.size == st.Size() && f.mtime.Equal(st.ModTime()) && f.mtime.Before(f.readAt.Add(-racyWindow)) {
		if f.mark != mark {
			f.mark = mark
			c.store(key, f)
		}
		return f, nil
	}
	data, err := inroot.ReadOpen(fh, st)
	if err != nil {
		return cachedFile{}, err
	}
	f = cachedFile{size: st.Size(), mtime: st.ModTime(), readAt: time.Now(), data: data, lines: indexLines(data), mark: mark}
	c.store(key, f)
	return f, nil
}

// marker is the Marker the cache trusts, nil when none.
func (c *fileCache) marker() Marker {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.watch
}

// setWatch makes the cache trust w (nil: stat every read again).
func (c *fileCache) setWatch(w Marker) {
	c.mu.Lock()
	c.watch = w
	c.mu.Unlock()
}

// matches reports whether f's bytes hash to want, hashing at most once per
// version of the file.
func (c *fileCache) matches(key string, f cachedFile, want string) bool {
	if f.verified != "" {
		return f.verified == want
	}
	ok := hashBytes(f.data) == want
	if ok {
		f.verified = want
		c.store(key, f)
	}
	return ok
}

func (c *fileCache) store(key string, f cachedFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drop(key)
	if len(c.files) >= c.maxFiles || c.bytes+len(f.data) > c.maxBytes {
		clear(c.files)
		c.bytes = 0
	}
	c.files[key] = f
	c.bytes += len(f.data)
}

func (c *fileCache) forget(key string) {
	c.mu.Lock()
	c.drop(key)
	c.mu.Unlock()
}

// drop removes key; c.mu is held.
func (c *fileCache) drop(key string) {
	if old, ok := c.files[key]; ok {
		c.bytes -= len(old.data)
		delete(c.files, key)
	}
}
