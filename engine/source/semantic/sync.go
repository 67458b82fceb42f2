package semantic

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/loupe-dev/loupe/index"
)

// publishEvery is how many batches pass between two publications of the
// vectors so far during a Sync, so the explorer's semantic side joins as
// the embedding goes.
const publishEvery = 16

// pendingFile is a changed file: its blocks and the keys still without a
// vector.
type pendingFile struct {
	path    string
	entries fileEntries
}

// job is one block to embed; its input is built when its batch goes, so
// a first embedding of a large tree does not hold every input at once.
type job struct {
	key   string
	block index.Block
}

// Sync brings the vectors up to date with the index: it embeds the blocks
// of changed files that have no vector yet, in batches, reporting progress
// (which may be nil) after each, and saves the store atomically. On an
// error or a cancel it saves what was embedded and returns the error.
func (s *Source) Sync(ctx context.Context, progress func(Progress)) (SyncStats, error) {
	s.sync.Lock()
	defer s.sync.Unlock()
	var st SyncStats
	cur, err := s.current()
	if err != nil {
		return st, err
	}
	w := s.working(cur, &st)
	files := s.ix.FileHashes()
	for p := range w.files {
		if _, ok := files[p]; !ok {
			delete(w.files, p)
			st.Removed++
		}
	}
	pending, jobs := s.plan(w, files, &st)
	if len(pending) == 0 && st.Removed == 0 && st.Rebuilt == "" {
		return st, nil
	}
	w.expect = len(w.keys) + len(jobs)
	err = s.embedAll(ctx, w, pending, jobs, progress, &st)
	s.commitTo(w, pending)
	s.snap.Store(w.compact(pending))
	if serr := saveStore(s.ix.Dir(), s.snap.Load()); serr != nil && err == nil {
		err = serr
	}
	return st, err
}

// working returns a copy of cur to build the next snapshot in; a store of
// another model starts empty, with a message.
func (s *Source) working(cur *snapshot, st *SyncStats) *snapshot {
	if cur.model != s.opts.Model {
		if len(cur.keys) > 0 {
			st.Rebuilt = fmt.Sprintf("embedding model changed from %s to %s: re-embedding every block", cur.model, s.opts.Model)
			if s.opts.Logf != nil {
				s.opts.Logf("semantic: %s", st.Rebuilt)
			}
		}
		return emptySnapshot(s.opts.Model)
	}
	return &snapshot{model: cur.model, dim: cur.dim, files: maps.Clone(cur.files), keys: slices.Clone(cur.keys),
		pos: maps.Clone(cur.pos), vecs: slices.Clip(cur.vecs), scales: slices.Clip(cur.scales)} // never written in place: shared
}

// plan lists the changed files and the inputs to embed for them, in path
// order, each key once.
func (s *Source) plan(w *snapshot, files map[string]string, st *SyncStats) ([]pendingFile, []job) {
	var pending []pendingFile
	var jobs []job
	queued := map[string]bool{}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if old, ok := w.files[p]; ok && old.Hash == files[p] {
			continue
		}
		blocks, err := s.ix.FileBlocks(p)
		if err != nil {
			continue // the file is retried next time
		}
		st.Files++
		pf := pendingFile{path: p, entries: fileEntries{Hash: files[p]}}
		for _, b := range blocks {
			key := blockKey(b)
			pf.entries.Blocks = append(pf.entries.Blocks, entry{ID: b.ID, Key: key, Prose: index.IsProse(b)})
			if _, ok := w.pos[key]; ok || queued[key] {
				st.Reused++
				continue
			}
			queued[key] = true
			jobs = append(jobs, job{key: key, block: b})
		}
		pending = append(pending, pf)
	}
	return pending, jobs
}

// embedAll embeds jobs in batches into w, publishing now and then.
func (s *Source) embedAll(ctx context.Context, w *snapshot, pending []pendingFile, jobs []job, progress func(Progress), st *SyncStats) error {
	report := func(done int) {
		if progress != nil {
			progress(Progress{Done: done, Total: len(jobs)})
		}
	}
	report(0)
	for start, n := 0, 0; start < len(jobs); start, n = start+s.opts.Batch, n+1 {
		if err := ctx.Err(); err != nil {
			return err
		}
		batch := jobs[start:min(start+s.opts.Batch, len(jobs))]
		if err := s.embedBatch(ctx, w, batch); err != nil {
			return err
		}
		st.Embedded += len(batch)
		report(start + len(batch))
		if n%publishEvery == publishEvery-1 {
			pub := &snapshot{model: w.model, dim: w.dim, files: maps.Clone(w.files), keys: w.keys, pos: maps.Clone(w.pos), vecs: w.vecs, scales: w.scales}
			s.commitTo(pub, pending)
			s.snap.Store(pub)
		}
	}
	return nil
}

func (s *Source) embedBatch(ctx context.Context, w *snapshot, batch []job) error {
	input := make([]string, len(batch))
	for i, j := range batch {
		text := ""
		if bt, err := s.ix.Read(j.block); err == nil {
			text = bt.Text
		}
		input[i] = s.embedInput(j.block, text)
	}
	vecs, err := s.emb.Embed(ctx, s.opts.Model, input)
	if err != nil {
		return err
	}
	for i, v := range vecs {
		if w.dim == 0 {
			w.dim = len(v)
		}
		if want := w.expect * w.dim; cap(w.vecs) < want {
			w.vecs = slices.Grow(w.vecs, want-len(w.vecs)) // one allocation per Sync
			w.scales = slices.Grow(w.scales, w.expect-len(w.scales))
		}
		if len(v) != w.dim || len(v) == 0 {
			return fmt.Errorf("semantic: the model gave a vector of %d dimensions, want %d", len(v), w.dim)
		}
		v = slices.Clone(v)
		normalize(v)
		w.add(batch[i].key, v)
	}
	return nil
}

// commitTo records in w the changed files all of whose blocks have a
// vector; the others are considered again by the next Sync.
func (s *Source) commitTo(w *snapshot, pending []pendingFile) {
	for _, pf := range pending {
		complete := true
		for _, e := range pf.entries.Blocks {
			if _, ok := w.pos[e.Key]; !ok {
				complete = false
				break
			}
		}
		if complete {
			w.files[pf.path] = pf.entries
		}
	}
}

// compact drops the vectors no file refers to any more, except those
// embedded for files not yet committed (kept for the next Sync).
func (w *snapshot) compact(pending []pendingFile) *snapshot {
	used := map[string]bool{}
	for _, pf := range pending {
		for _, e := range pf.entries.Blocks {
			used[e.Key] = true
		}
	}
	for _, f := range w.files {
		for _, e := range f.Blocks {
			used[e.Key] = true
		}
	}
	if !slices.ContainsFunc(w.keys, func(k string) bool { return !used[k] }) {
		return w
	}
	out := &snapshot{model: w.model, dim: w.dim, files: w.files, pos: map[string]int{},
		vecs: make([]int8, 0, len(used)*w.dim), scales: make([]float32, 0, len(used))}
	for i, k := range w.keys {
		if !used[k] {
			continue
		}
		out.copyVector(k, w, i)
	}
	return out
}
