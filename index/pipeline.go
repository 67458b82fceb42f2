package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"

	"github.com/loupe-dev/loupe/index/chunk"
	"github.com/loupe-dev/loupe/index/inroot"
	"github.com/loupe-dev/loupe/index/vocab"
)

// A batch is written when it holds batchSize operations or batchBytes of
// source. scorch makes every batch a segment, waits until it is persisted,
// and merges segments in the background: larger batches cost less CPU but
// more memory (block documents are small: the Go tree gives 100k of them,
// so a batch is bounded by bytes too). Memory grows with the batch:
// on the Go runtime tree, 1500 docs or 1 MB peaked at 190 MB RSS, 4000
// docs or 2 MB at 350 MB, 8000 docs or 4 MB at 525 MB, for 3.9, 3.2 and
// 3.3 CPU-seconds.
var (
	batchSize  = 2000
	batchBytes = int64(3 << 19) // 1.5 MiB
)

// fileResult is one file read, filtered, hashed and chunked by a worker.
type fileResult struct {
	f    walkFile
	skip string
	hash string
	// clean is the rule set's fingerprint when the secret scan of the
	// whole file found nothing (see fileEntry.Clean), else 0.
	clean   uint64
	touched bool // content unchanged, only size or mtime moved
	blocks  []Block
	docs    []*document.Document
	rec     []byte // compressed content for the store
	err     error
	// units and oldUnits are the file's vocabulary units now and as last
	// indexed (vocab_build.go).
	units, oldUnits *vocab.FileUnits
	oldUnitsErr     error
	// panicked is what a panic while preparing the file said.
	panicked string
}

// indexFiles runs the build pipeline: workers (one per core) read, filter,
// hash, chunk and build documents; writers (one per core, each with its
// own batch) write them. scorch builds a batch's segment in the goroutine
// that calls Batch, serially, and that is the most expensive step of a
// build (half the CPU on the Go tree), so one writer would leave the other
// cores idle; scorch accepts concurrent batches. Manifest entries are
// committed only once their batch is in. The goroutine running Update
// reports progress.
func (ix *Index) indexFiles(ctx context.Context, bi bleve.Index, sw *storeWriter, man *manifest, p plan, stats *UpdateStats, v *vocabState, report func(Progress)) error {
	if len(p.read) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Workers must not read the manifest while writers change it: take
	// the old entries they need now.
	olds := make([]*fileEntry, len(p.read))
	for i, f := range p.read {
		olds[i] = man.Files[f.Rel]
	}
	results := ix.startWorkers(ctx, p.read, olds)
	shared := &buildState{bi: bi, sw: sw, man: man, stats: stats, vocab: v}
	var done, bytes atomic.Int64
	errc := make(chan error, ix.workers())
	for range ix.workers() {
		go func() {
			w := &batchWriter{buildState: shared, batch: bi.NewBatch(), pending: map[string]*fileEntry{}}
			var err error
			for r := range results {
				if r.panicked != "" {
					ix.opts.logf("index: %s not indexed: chunking it panicked: %s", r.f.Rel, r.panicked)
				}
				if err == nil {
					if err = w.safeAdd(r); err != nil {
						cancel()
					}
				}
				done.Add(1)
				bytes.Add(r.f.Size)
			}
			if err == nil {
				err = w.safeFlush()
			}
			errc <- err
		}()
	}
	cp := &checkpointer{dir: ix.dir, st: shared, last: time.Now()}
	err := waitWriters(errc, ix.workers(), func() {
		report(Progress{Phase: PhaseIndex, FilesDone: int(done.Load()), FilesTotal: len(p.read), BytesDone: bytes.Load(), BytesTotal: p.bytes})
		cp.maybe(done.Load())
	})
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("index: update: %w", err)
	}
	return nil
}

// waitWriters collects n writers' errors, calling tick every 100 ms.
func waitWriters(errc <-chan error, n int, tick func()) error {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	var errs []error
	for n > 0 {
		select {
		case err := <-errc:
			errs = append(errs, err)
			n--
		case <-t.C:
			tick()
		}
	}
	tick()
	return errors.Join(errs...)
}

func (ix *Index) workers() int {
	if ix.opts.Workers > 0 {
		return ix.opts.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func (ix *Index) startWorkers(ctx context.Context, files []walkFile, olds []*fileEntry) <-chan fileResult {
	n := ix.workers()
	jobs := make(chan int)
	results := make(chan fileResult, 4*n)
	an := newAnalyzers(buildMapping())
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r := prepareFile(ix.root, files[i], olds[i], ix.opts.MaxFileSize, an)
				if !r.touched {
					r.oldUnits, r.oldUnitsErr = ix.storedUnits(files[i].Rel, olds[i])
				}
				results <- r
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range files {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// SkipUnchunkable marks a file whose chunking panicked: one bad file is
// left out (and tried again when it changes), never the end of an Update.
const SkipUnchunkable = "unchunkable"

// chunkFile is chunk.File; tests replace it to inject a panic.
var chunkFile = chunk.File

// prepareFile does everything for one file that does not touch the index.
// old is the manifest's entry, nil for a new file; workers only read it.
// A panic (in a chunker, an analyzer) leaves the file out as unchunkable.
func prepareFile(root string, f walkFile, old *fileEntry, maxSize int64, an analyzers) (r fileResult) {
	defer func() {
		if p := recover(); p != nil {
			r = fileResult{f: f, skip: SkipUnchunkable, panicked: fmt.Sprint(p)}
		}
	}()
	r = fileResult{f: f}
	data, err := inroot.ReadFile(root, filepath.FromSlash(f.Rel)) // a link swapped since the walk may not lead out
	switch {
	case errors.Is(err, fs.ErrNotExist):
		r.skip = SkipVanished
		return r
	case err != nil:
		r.skip = SkipUnreadable
		return r
	}
	r.f.Size = int64(len(data))
	if r.skip = skipByContent(data, maxSize); r.skip != "" {
		return r
	}
	r.hash = hashBytes(data)
	if old != nil && old.Skip == "" && old.Hash == r.hash {
		r.touched = true
		return r
	}
	r.blocks = uniqueIDs(chunkFile(f.Rel, data))
	lines := indexLines(data)
	r.docs = make([]*document.Document, 0, len(r.blocks))
	for _, b := range r.blocks {
		d, err := an.blockDoc(b, lines.block(data, b.StartLine, b.EndLine))
		if err != nil {
			r.err = fmt.Errorf("index: %s: %w", f.Rel, err)
			return r
		}
		r.docs = append(r.docs, d)
	}
	stored, clean := scanStorable(f.Rel, data) // secrets redacted: nothing on disk holds them
	r.clean = clean
	r.rec = compressRecord(stored)
	u := fileUnits(f.Rel, stored, r.blocks)
	r.units = &u
	return r
}

// hashBytes is the content hash of a file: 16 bytes of SHA-256, in hex.
func hashBytes(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// uniqueIDs makes block IDs unique within a file (they are document IDs).
func uniqueIDs(blocks []Block) []Block {
	seen := make(map[string]bool, len(blocks))
	for i := range blocks {
		id := blocks[i].ID
		if id == "" {
			id = blocks[i].Path + ":" + strconv.Itoa(blocks[i].StartLine)
		}
		for n := 2; seen[id]; n++ {
			id = blocks[i].ID + "~~" + strconv.Itoa(n)
		}
		seen[id] = true
		blocks[i].ID = id
	}
	return blocks
}

// safeAdd is add with a panic (in bleve, on a document it cannot take)
// turned into an error.
func (w *batchWriter) safeAdd(r fileResult) (err error) {
	defer recoverPanic(&err, "write "+r.f.Rel)
	return w.add(r)
}

// safeFlush is flush with a panic turned into an error.
func (w *batchWriter) safeFlush() (err error) {
	defer recoverPanic(&err, "write batch")
	return w.flush()
}

// recoverPanic turns a panic into an error; use it deferred.
func recoverPanic(err *error, what string) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("index: %s: panic: %v", what, p)
	}
}

// Checkpoints: a long Update saves the manifest of what it has committed
// every checkpointFiles files or checkpointEvery, whichever comes first.
var (
	checkpointFiles = int64(1000)
	checkpointEvery = 10 * time.Second
)

// checkpointer saves checkpoints from the goroutine running the Update.
type checkpointer struct {
	dir      string
	st       *buildState
	last     time.Time
	lastDone int64
	saved    int // files in the last checkpoint saved
}

// maybe saves a checkpoint when one is due. The entries in the manifest
// are exactly those whose batches are committed, and the content store is
// synced up to the length recorded, so resuming from it is safe.
func (c *checkpointer) maybe(done int64) {
	if done-c.lastDone < checkpointFiles && time.Since(c.last) < checkpointEvery {
		return
	}
	c.last, c.lastDone = time.Now(), done
	c.st.mu.Lock()
	if len(c.st.man.Files) == c.saved {
		c.st.mu.Unlock()
		return // nothing committed since the last one
	}
	c.saved = len(c.st.man.Files)
	cp := c.st.man.clone()
	err := c.st.sw.f.Sync()
	cp.StoreSize = c.st.sw.off
	c.st.mu.Unlock()
	if err == nil {
		cp.saveAs(c.dir, checkpointName) //nolint:errcheck // a missed checkpoint only costs a resume
	}
}
