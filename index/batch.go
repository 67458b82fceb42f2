package index

import (
	"fmt"
	"sync"

	"github.com/blevesearch/bleve/v2"
)

// buildState is what the writers of one Update share, behind mu.
type buildState struct {
	mu    sync.Mutex
	bi    bleve.Index
	sw    *storeWriter
	man   *manifest
	stats *UpdateStats
}

// batchWriter is one writer of an Update: it owns its bleve batch and the
// manifest entries waiting for that batch to commit.
type batchWriter struct {
	*buildState
	batch   *bleve.Batch
	pending map[string]*fileEntry // entries whose blocks are in the open batch
	// batchBytes is the size of the files in the open batch.
	batchBytes int64
}

// add applies one file's result.
func (w *batchWriter) add(r fileResult) error {
	if r.err != nil {
		return r.err
	}
	w.mu.Lock()
	err := w.addLocked(r)
	w.mu.Unlock()
	if err != nil {
		return err
	}
	if w.batch.Size() >= batchSize || w.batchBytes >= batchBytes {
		return w.flush()
	}
	return nil
}

func (w *batchWriter) addLocked(r fileResult) error {
	old := w.man.Files[r.f.Rel]
	entry := &fileEntry{Size: r.f.Size, Mtime: r.f.Mtime, Hash: r.hash, Skip: r.skip}
	switch {
	case r.skip != "":
		w.stats.Skipped[r.skip]++
		w.deleteOld(old, nil)
		if r.skip == SkipVanished {
			if old != nil {
				delete(w.man.Files, r.f.Rel)
			}
			return nil
		}
	case r.touched:
		w.stats.Unchanged++
		entry.Blocks, entry.Off, entry.Len, entry.Lang = old.Blocks, old.Off, old.Len, old.Lang
	default:
		if err := w.addBlocks(r, old, entry); err != nil {
			return err
		}
	}
	w.pending[r.f.Rel] = entry
	return nil
}

func (w *batchWriter) addBlocks(r fileResult, old, entry *fileEntry) error {
	if old == nil || old.Skip != "" {
		w.stats.Added++
	} else {
		w.stats.Changed++
	}
	entry.Blocks = make([]string, len(r.blocks))
	for i, b := range r.blocks {
		entry.Blocks[i] = b.ID
		if entry.Lang == "" {
			entry.Lang = b.Lang
		}
	}
	w.deleteOld(old, entry.Blocks)
	for _, d := range r.docs {
		if err := w.batch.IndexAdvanced(d); err != nil {
			return fmt.Errorf("index: %s: %w", r.f.Rel, err)
		}
	}
	off, err := w.sw.append(r.rec)
	if err != nil {
		return err
	}
	entry.Off, entry.Len = off, int64(len(r.rec))
	w.stats.Blocks += len(r.blocks)
	w.stats.Bytes += r.f.Size
	w.batchBytes += r.f.Size
	return nil
}

// deleteOld deletes an old entry's blocks that the new ones do not replace.
func (w *batchWriter) deleteOld(old *fileEntry, keep []string) {
	if old == nil {
		return
	}
	kept := make(map[string]bool, len(keep))
	for _, id := range keep {
		kept[id] = true
	}
	for _, id := range old.Blocks {
		if !kept[id] {
			w.batch.Delete(id)
		}
	}
}

// flush commits the open batch and, only then, its manifest entries.
func (w *batchWriter) flush() error {
	if w.batch.Size() > 0 {
		if err := w.bi.Batch(w.batch); err != nil {
			return fmt.Errorf("index: write batch: %w", err)
		}
		w.batch.Reset()
	}
	w.batchBytes = 0
	w.mu.Lock()
	for rel, e := range w.pending {
		w.man.Files[rel] = e
	}
	w.mu.Unlock()
	clear(w.pending)
	return nil
}
