package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"

	"github.com/loupe-dev/loupe/index/chunk"
)

// A batch is written when it holds batchSize operations or batchBytes of
// source. scorch makes every batch a segment and waits until it is
// persisted and merged, so a batch costs about a second whatever its size:
// few large batches are much faster than many small ones (block documents
// are small: the Go tree gives 100k of them).
var (
	batchSize  = 20000
	batchBytes = int64(16 << 20)
)

// fileResult is one file read, filtered, hashed and chunked by a worker.
type fileResult struct {
	f       walkFile
	skip    string
	hash    string
	touched bool // content unchanged, only size or mtime moved
	blocks  []Block
	docs    []*document.Document
	rec     []byte // compressed content for the store
	err     error
}

// indexFiles runs the build pipeline: workers (one per core) read, filter,
// hash, chunk and build documents in parallel; this goroutine is the one
// writer, batching documents into bleve and records into the store, and
// committing manifest entries only once their batch is in.
func (ix *Index) indexFiles(ctx context.Context, bi bleve.Index, sw *storeWriter, man *manifest, p plan, stats *UpdateStats, report func(Progress)) error {
	if len(p.read) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := ix.startWorkers(ctx, p.read, man)
	w := &batchWriter{bi: bi, sw: sw, man: man, stats: stats, batch: bi.NewBatch(), pending: map[string]*fileEntry{}}
	var done int
	var bytes int64
	for r := range results {
		if err := w.add(r); err != nil {
			cancel()
			for range results {
			}
			return err
		}
		done++
		bytes += r.f.Size
		if done%64 == 0 || done == len(p.read) {
			report(Progress{Phase: "index", FilesDone: done, FilesTotal: len(p.read), BytesDone: bytes, BytesTotal: p.bytes})
		}
	}
	if err := w.flush(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("index: update: %w", err)
	}
	return nil
}

func (ix *Index) startWorkers(ctx context.Context, files []walkFile, man *manifest) <-chan fileResult {
	n := ix.opts.Workers
	if n == 0 {
		n = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan walkFile)
	results := make(chan fileResult, 4*n)
	an := newAnalyzers(buildMapping())
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range jobs {
				results <- prepareFile(f, man.Files[f.Rel], ix.opts.MaxFileSize, an)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, f := range files {
			select {
			case jobs <- f:
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

// prepareFile does everything for one file that does not touch the index.
// old is the manifest's entry, nil for a new file; workers only read it.
func prepareFile(f walkFile, old *fileEntry, maxSize int64, an analyzers) fileResult {
	r := fileResult{f: f}
	data, err := os.ReadFile(f.Abs)
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
	r.blocks = uniqueIDs(chunk.File(f.Rel, data))
	offs := lineOffsets(data)
	r.docs = make([]*document.Document, 0, len(r.blocks))
	for _, b := range r.blocks {
		d, err := an.blockDoc(b, blockBytes(data, offs, b.StartLine, b.EndLine))
		if err != nil {
			r.err = fmt.Errorf("index: %s: %w", f.Rel, err)
			return r
		}
		r.docs = append(r.docs, d)
	}
	r.rec = compressRecord(data)
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

// lineOffsets returns the byte offset of the start of every line, plus
// len(data) at the end: line n (1-based) is data[offs[n-1]:offs[n]].
func lineOffsets(data []byte) []int {
	offs := make([]int, 1, len(data)/30+2)
	for i, c := range data {
		if c == '\n' && i+1 < len(data) {
			offs = append(offs, i+1)
		}
	}
	return append(offs, len(data))
}

// blockBytes returns lines start..end (1-based, inclusive), clamped.
func blockBytes(data []byte, offs []int, start, end int) []byte {
	lines := len(offs) - 1
	start = max(start, 1)
	end = min(end, lines)
	if start > end {
		return nil
	}
	return data[offs[start-1]:offs[end]]
}
