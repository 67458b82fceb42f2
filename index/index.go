package index

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
	bolt "go.etcd.io/bbolt"
)

// ErrBusy is returned when another process has the index open for writing
// (or, for a writer, open for reading) for longer than the open timeout.
var ErrBusy = errors.New("index: in use by another process")

const blocksDir = "blocks"

// boltTimeout bounds how long opening waits for bolt's file lock. Readers
// open snapshots (see snapshot.go) and only writers, serialised by the
// writer lock, open the live index, so the wait is only ever for a process
// that died holding it.
const boltTimeout = "3s"

// Index is one repository's index on disk. Its methods are safe for
// concurrent use. Searches run on a read-only snapshot; Update writes the
// live index and then moves readers to a new snapshot, so searching never
// waits for a writer, in this process or another.
type Index struct {
	root string // resolved absolute root
	dir  string
	opts Options

	mu       sync.RWMutex // guards the fields below
	bi       bleve.Index  // nil while the index is empty or being rebuilt
	man      *manifest
	manStamp string // manifestStamp of the file man was read from
	// published is when the snapshot bi searches was published.
	published time.Time
	rebuild   string // why the next Update must rebuild from scratch, "" if not
	recheck   map[string]bool
	commits   *commitIndex
	files     *fileCache // recently read files, for Read
	// vocabTable is the related-terms table, read on first use.
	vocabTable *[]byte
	early      *earlyWalk  // OpenForUpdate's walk, until an Update takes it
	walked     *earlyWalk  // the same walk, kept for WorkTree
	last       *markedTree // a later walk's view of the work tree, for WorkTree
	kept       *keptCounts // the related-terms counts this process last saved
	// scoring holds the BM25 statistics of the snapshot searched
	// (scoring.go); a search computes them again when the manifest changed.
	scoring atomic.Pointer[scoringStats]
}

// Open opens the index of root, creating its directory if needed. It does
// not walk the repository: call Update for that. An index that cannot be
// used (another format version, corrupt) is scheduled for a rebuild with a
// one-line message through Options.Logf; it never fails Open.
func Open(root string, opts Options) (*Index, error) {
	return open(root, opts, false)
}

// open is Open, with the walk started first when early is set
// (OpenForUpdate).
func open(root string, opts Options, early bool) (*Index, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	real, dir, err := Locate(root, opts)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("index: create %s: %w", dir, err)
	}
	ix := &Index{root: real, dir: dir, opts: opts, recheck: map[string]bool{}, files: newFileCache()}
	if early {
		ix.startEarlyWalk(manifestStamp(dir))
	}
	if err := ix.load(); err != nil {
		ix.stopEarlyWalk()
		return nil, err
	}
	return ix, nil
}

// Locate returns the real root of root and the absolute index directory
// Open would use for it, without opening or creating anything: a client
// of a resident server (loupe serve) finds the server's socket there.
func Locate(root string, opts Options) (real, dir string, err error) {
	if real, err = resolveRoot(root); err != nil {
		return "", "", err
	}
	dir = opts.IndexDir
	if dir == "" {
		if dir, err = DefaultDir(real); err != nil {
			return "", "", err
		}
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return "", "", fmt.Errorf("index: index dir: %w", err)
	}
	return real, dir, nil
}

// load reads the manifest and opens its snapshot read-only. A snapshot
// that fails to open while a writer publishes a newer one (it was pruned
// between reading the manifest and opening it) is retried with the newer
// manifest; one that fails with the manifest unchanged is damaged, and the
// index is rebuilt by the next Update.
func (ix *Index) load() error {
	for attempt := 0; ; attempt++ {
		ix.manStamp = manifestStamp(ix.dir)
		man, err := loadManifest(ix.dir, ix.root)
		if errors.Is(err, errStale) {
			ix.markRebuild(err.Error())
			ix.man = newManifest(ix.root)
			return nil
		}
		if err != nil {
			return err
		}
		ix.man = man
		if ix.commits == nil {
			ix.commits = openCommitIndex(ix.dir, ix.opts)
		}
		if len(man.Files) == 0 {
			return nil
		}
		bi, err := openSnapshot(ix.dir, man)
		if err == nil {
			t, ok := readTable(ix.dir, man.Gen)
			if !ok && attempt < loadRetries {
				// A writer wrote the next generation's table and is about
				// to publish its manifest: load that one instead.
				bi.Close()
				time.Sleep(tableWait)
				continue
			}
			ix.bi, ix.published, ix.vocabTable = bi, manifestTime(ix.dir), &t
			return nil
		}
		if attempt < loadRetries && manifestStamp(ix.dir) != ix.manStamp {
			continue
		}
		ix.markRebuild(err.Error())
		ix.man = newManifest(ix.root)
		return nil
	}
}

// loadRetries bounds how often load follows a writer that keeps
// publishing while a reader opens; tableWait is how long it waits for a
// writer between writing a generation's table and publishing its manifest.
const (
	loadRetries = 20
	tableWait   = 5 * time.Millisecond
)

func (ix *Index) markRebuild(reason string) {
	if ix.rebuild == "" {
		ix.opts.logf("index: rebuilding %s from scratch: %s", ix.dir, reason)
	}
	ix.rebuild = reason
}

// openBleve opens the scorch index at path, read-only or for writing,
// creating it when writing and it does not exist. A writer merges in the
// background by plan (merges.go), scorch's default when nil.
func openBleve(path string, readOnly bool, plan *mergeplan.MergePlanOptions) (bi bleve.Index, err error) {
	defer recoverInto(&err, "open "+path)
	cfg := map[string]any{"read_only": readOnly, "bolt_timeout": boltTimeout}
	if plan != nil && !readOnly {
		cfg["scorchMergePlanOptions"] = mergeConfig(*plan)
	}
	if !readOnly {
		maps.Copy(cfg, writerConfig)
	}
	bi, err = bleve.OpenUsing(path, cfg)
	if errors.Is(err, bleve.ErrorIndexPathDoesNotExist) && !readOnly {
		bi, err = bleve.NewUsing(path, buildMapping(), scorch.Name, scorch.Name, map[string]any{"bolt_timeout": boltTimeout})
	}
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("%w: %s", ErrBusy, path)
	}
	if err != nil {
		return nil, fmt.Errorf("index: open %s: %w", path, err)
	}
	scoreWithBM25(bi)
	return bi, nil
}

// Root returns the resolved absolute root of the repository.
func (ix *Index) Root() string { return ix.root }

// TrustNotifications lets Read serve a file it read since the last change
// w reports without a stat (see Marker); a resident process passes its
// file notifications. nil stats every read again.
func (ix *Index) TrustNotifications(w Marker) { ix.files.setWatch(w) }

// Dir returns the index directory.
func (ix *Index) Dir() string { return ix.dir }

// Close releases the index.
func (ix *Index) Close() error {
	ix.stopEarlyWalk()
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var errs []error
	if ix.bi != nil {
		errs = append(errs, ix.bi.Close())
		ix.bi = nil
	}
	if ix.commits != nil {
		errs = append(errs, ix.commits.close())
		ix.commits = nil
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("index: close: %w", err)
	}
	return nil
}

// snapshot returns the current bleve handle and manifest for a reader.
func (ix *Index) snapshot() (bleve.Index, *manifest) {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.bi, ix.man
}

// ErrCorrupt is returned when bleve panics on a damaged index: zap
// segments are trusted on read, and a truncated one panics. The index is
// rebuilt by the next Update.
var ErrCorrupt = errors.New("index: corrupt")

// recoverInto turns a panic from bleve into ErrCorrupt; use it deferred.
func recoverInto(err *error, what string) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: %s: %v", ErrCorrupt, what, r)
	}
}
