package index

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/loupe-dev/loupe/index/chunk"
	"github.com/loupe-dev/loupe/index/safefile"
	"github.com/loupe-dev/loupe/index/vocab"
)

// The related-terms table (see package vocab) lives beside the blocks:
// vocab.counts holds the co-occurrence counts an Update changes file by
// file (each changed or removed file's old units, recomputed from the
// content store, are taken away, its new ones added), and vocab.table
// the table readers look words up in. The counts record the manifest
// generation they belong to; counts of another generation (an Update that
// failed half-way) are recounted from the content store.
const (
	vocabCountsName = "vocab.counts"
	vocabTableName  = "vocab.table"
)

// fileUnits are the vocabulary units of the file rel's content and
// blocks. Prose has words and data repeats them, not identifiers, and
// vendored and generated code (chunk.IsBorrowed) holds another project's
// words or a generator's: their pairs are noise, and none is counted.
func fileUnits(rel string, data []byte, blocks []Block) vocab.FileUnits {
	u := vocab.FileUnits{Forms: map[string]string{}}
	if chunk.IsBorrowed(rel) || len(blocks) > 0 && (IsProse(blocks[0]) || chunk.IsData(blocks[0].Lang)) {
		return u
	}
	u.Idents = vocab.IdentUnits(data, u.Forms)
	for _, b := range blocks {
		if d, ok := vocab.DocUnitOf(b.Name, b.Doc, u.Forms); ok {
			u.Docs = append(u.Docs, d)
		}
	}
	return u
}

// storedUnits are the units of a file as the index last saw it: its
// content from the store, chunked again. nil when the file had none,
// which a borrowed file never has: it is not read (a recount of Loki's
// counts read and chunked its whole vendor/ for nothing).
func (ix *Index) storedUnits(rel string, old *fileEntry) (*vocab.FileUnits, error) {
	if old == nil || old.Skip != "" || old.Len == 0 || chunk.IsBorrowed(rel) {
		return nil, nil
	}
	data, err := readRecord(ix.dir, old.Off, old.Len)
	if err != nil {
		return nil, err
	}
	u := fileUnits(rel, data, chunk.File(rel, data))
	return &u, nil
}

// vocabState is the counts an Update changes, behind buildState.mu.
type vocabState struct {
	counts *vocab.Counts
	err    error // the first error; the counts are then recounted next time
}

// add applies one file result: its old units out, its new ones in.
func (v *vocabState) add(r fileResult) {
	if v == nil {
		return
	}
	if r.oldUnitsErr != nil && v.err == nil {
		v.err = r.oldUnitsErr
	}
	if r.oldUnits != nil {
		v.counts.Add(*r.oldUnits, -1)
	}
	if r.units != nil {
		v.counts.Add(*r.units, 1)
	}
}

// loadVocab returns the counts of man's generation, recounting them from
// the content store when they are missing or of another generation.
func (ix *Index) loadVocab(man *manifest) *vocabState {
	kept := ix.takeCounts() // taken: this Update changes them in place
	if len(man.Files) == 0 {
		return &vocabState{counts: vocab.NewCounts()}
	}
	if kept != nil && kept.gen == man.Gen && kept.stamp == manifestStamp(ix.dir) {
		return &vocabState{counts: kept.counts}
	}
	if c, gen, err := readCounts(ix.dir); err == nil && gen == man.Gen {
		return &vocabState{counts: c}
	}
	v := &vocabState{counts: vocab.NewCounts()}
	for rel, e := range man.Files {
		u, err := ix.storedUnits(rel, e)
		if err != nil {
			v.err = err
			break
		}
		if u != nil {
			v.counts.Add(*u, 1)
		}
	}
	return v
}

// keptCounts are the counts an Update of this process saved, with the
// generation and the manifest stamp it published them with. The next
// Update of the same process (a resident one, refreshing after an edit)
// starts from them instead of reading the counts file again, 125 ms of a
// refresh after one edit on the Go tree, when no other process has
// published since.
type keptCounts struct {
	counts *vocab.Counts
	gen    int64
	stamp  string
}

// takeCounts returns the kept counts, nil without them, and forgets them.
func (ix *Index) takeCounts() *keptCounts {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	k := ix.kept
	ix.kept = nil
	return k
}

// forgetRemoved takes away the units of files gone from the tree.
func (ix *Index) forgetRemoved(v *vocabState, man *manifest, removed []string) {
	for _, rel := range removed {
		u, err := ix.storedUnits(rel, man.Files[rel])
		if err != nil && v.err == nil {
			v.err = err
		}
		if u != nil {
			v.counts.Add(*u, -1)
		}
	}
}

// saveVocab writes the table of generation gen, stamped with gen, and
// starts writing the counts beside it (on the other core: each takes tens
// of milliseconds on a large tree); wait returns when the counts are
// written or removed. The caller publishes the manifest of gen after
// saveVocab returns, so a reader that loads it finds the table of the
// same generation (readTable), and waits for the counts before it
// releases the writer lock: only the next Update reads them, under that
// lock. The counts are a cache of what the index holds: when they cannot
// be written they are removed (the next Update recounts them) and the
// Update goes on. After an error of the Update the table of gen is empty.
func (ix *Index) saveVocab(v *vocabState, gen int64) (wait func(), err error) {
	stamp := binary.AppendVarint(nil, gen)
	countsPath := filepath.Join(ix.dir, vocabCountsName)
	if v.err != nil {
		ix.opts.logf("index: related terms recounted next time: %v", v.err)
		os.Remove(countsPath)
		return func() {}, safefile.WritePrivate(filepath.Join(ix.dir, vocabTableName), stamp)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		var buf bytes.Buffer
		buf.Write(stamp)
		_, err := v.counts.WriteTo(&buf)
		if err == nil {
			err = safefile.WritePrivate(countsPath, buf.Bytes())
		}
		if err != nil {
			os.Remove(countsPath) // the last generation's: recounted rather than read as this one's
			ix.opts.logf("index: related terms recounted next time: %v", err)
		}
	}()
	wait = func() { <-done }
	table := vocab.BuildTable(v.counts)
	return wait, safefile.WritePrivate(filepath.Join(ix.dir, vocabTableName), append(stamp, table...))
}

// readTable reads the related-terms table of generation gen: ok is false
// when the file holds another generation's (a writer between writing it
// and publishing its manifest, or an older loupe's), and the table is then
// empty, so that a snapshot never searches with another's expansions.
func readTable(dir string, gen int64) (table []byte, ok bool) {
	data, err := os.ReadFile(filepath.Join(dir, vocabTableName))
	if err != nil {
		return []byte{}, errors.Is(err, fs.ErrNotExist)
	}
	g, n := binary.Varint(data)
	if n <= 0 || g != gen {
		return []byte{}, false
	}
	return data[n:], true
}

func readCounts(dir string) (*vocab.Counts, int64, error) {
	f, err := os.Open(filepath.Join(dir, vocabCountsName))
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	gen, err := binary.ReadVarint(br)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: generation", vocab.ErrBadCounts)
	}
	c, err := vocab.ReadCounts(br)
	return c, gen, err
}

// table returns the related-terms table of the snapshot searched, read
// with it (readTable); an index without one has an empty table.
func (ix *Index) table() vocab.Table {
	ix.mu.RLock()
	t, gen := ix.vocabTable, ix.man.Gen
	ix.mu.RUnlock()
	if t != nil {
		return vocab.NewTable(*t)
	}
	data, _ := readTable(ix.dir, gen)
	ix.mu.Lock()
	if ix.vocabTable == nil && ix.man.Gen == gen {
		ix.vocabTable = &data
	}
	ix.mu.Unlock()
	return vocab.NewTable(data)
}
