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
	vocab *vocabState
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
	if err == nil {
		w.vocab.add(r)
	}
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
	entry := &fileEntry{Size: r.f.Size, Mtime: r.f.Mtime, Hash: r.hash, Skip: r.skip, Clean: r.clean}
	switch {
	case r.skip != "":
		w.stats.Skipped[r.skip]++
		if err := w.deleteOld(r.f.Rel, old, nil); err != nil {
			return err
		}
		if r.skip == SkipVanished {
			if old != nil {
				delete(w.man.Files, r.f.Rel)
			}
			return nil
		}
	case r.touched:
		w.stats.Unchanged++
		entry.NBlocks, entry.Off, entry.Len, entry.Lang, entry.Clean = old.NBlocks, old.Off, old.Len, old.Lang, old.Clean
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
	entry.NBlocks = len(r.blocks)
	keep := make([]string, len(r.blocks))
	for i, b := range r.blocks {
		keep[i] = b.ID
		if entry.Lang == "" {
			entry.Lang = b.Lang
		}
	}
	if err := w.deleteOld(r.f.Rel, old, keep); err != nil {
		return err
	}
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

// deleteOld deletes a file's indexed blocks that the new ones (keep) do
// not replace. The manifest does not list block IDs (that was 6 MB on the
// Go tree); they come from the index itself.
func (w *batchWriter) deleteOld(rel string, old *fileEntry, keep []string) error {
	if old == nil || old.Skip != "" || old.NBlocks == 0 {
		return nil
	}
	ids, err := fileDocIDs(w.bi, rel)
	if err != nil {
		return err
	}
	kept := make(map[string]bool, len(keep))
	for _, id := range keep {
		kept[id] = true
	}
	for _, id := range ids {
		if !kept[id] {
			w.batch.Delete(id)
		}
	}
	return nil
}

// fileDocIDs returns the IDs of the documents of one file.
func fileDocIDs(bi bleve.Index, rel string) ([]string, error) {
	req := bleve.NewSearchRequestOptions(term(rel, fPath, 1), maxFileBlocks, 0, false)
	res, err := bi.Search(req)
	if err != nil {
		return nil, fmt.Errorf("index: blocks of %s: %w", rel, err)
	}
	ids := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		ids[i] = h.ID
	}
	return ids, nil
}

// maxFileBlocks bounds the blocks of one file (a 1 MiB file of one-line
// functions stays below it).
const maxFileBlocks = 100000

// flush commits the open batch and, only then, its manifest entries.
func (w *batchWriter) flush() error {
	if w.batch.Size() > 0 {
		if err := w.bi.Batch(w.batch); err != nil {
			return fmt.Errorf("index: write batch: %w", tidyBleve(err))
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
