package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
)

// UpdateStats says what an Update did.
type UpdateStats struct {
	Added     int            // files indexed for the first time
	Changed   int            // files re-chunked because their content changed
	Removed   int            // files gone since the last Update
	Unchanged int            // files indexed before and still the same
	Skipped   map[string]int // files not indexed, by reason (Skip* constants)
	Blocks    int            // blocks written by this Update
	Bytes     int64          // bytes read and indexed by this Update
	Duration  time.Duration
	Commits   int    // commits newly indexed
	Rebuilt   string // why the index was rebuilt from scratch, "" if it was not
	// Moved is true when searches moved to another snapshot: this Update
	// wrote one, or another process had published one since.
	Moved bool
}

// Files returns how many files the index holds after the Update.
func (s UpdateStats) Files() int { return s.Added + s.Changed + s.Unchanged }

// plan is what an Update has to do after the walk.
type plan struct {
	read    []walkFile // new, changed or scheduled for a re-read
	removed []string   // in the manifest, gone from the tree
	bytes   int64      // total size of read
}

// Update brings the index up to date with the tree: it walks the root,
// re-chunks only files whose size, mtime and then content hash changed,
// deletes the blocks of files that vanished, and indexes new git commits.
// progress, if not nil, is called from the goroutine running Update.
// Only one process updates an index at a time: Update waits for another
// writer to finish (saying so once through Options.Logf) until ctx ends.
func (ix *Index) Update(ctx context.Context, progress func(Progress)) (UpdateStats, error) {
	waiting := func(holder string) {
		ix.opts.logf("index: waiting for %s, which is updating %s", holderName(holder), ix.dir)
	}
	lock, err := acquireLock(ctx, ix.dir, true, waiting)
	if err != nil {
		return UpdateStats{Skipped: map[string]int{}}, err
	}
	defer lock.release()
	return ix.updateLocked(ctx, progress)
}

// Refresh is Update for a reader, which must never wait for a writer:
// when another process holds the writer lock, or the index directory
// cannot be written, it moves to the newest snapshot published and
// returns a *StaleError saying why and how old that snapshot is. Searches
// work after it either way.
func (ix *Index) Refresh(ctx context.Context, progress func(Progress)) (UpdateStats, error) {
	before, _ := ix.snapshot()
	lock, err := acquireLock(ctx, ix.dir, false, nil)
	if err != nil {
		ix.follow()
		after, _ := ix.snapshot()
		st := UpdateStats{Skipped: map[string]int{}, Moved: after != before}
		return st, ix.staleError(err)
	}
	defer lock.release()
	return ix.updateLocked(ctx, progress)
}

func holderName(pid string) string {
	if pid == "" {
		return "another process"
	}
	return "pid " + pid
}

// StaleError is Refresh's answer when it could not refresh the index:
// searches use the snapshot published at Published (zero when there is
// none yet).
type StaleError struct {
	Cause     error // why: ErrLocked, or the lock file's open error
	Published time.Time
}

func (e *StaleError) Error() string {
	if e.Published.IsZero() {
		return fmt.Sprintf("index not refreshed (%v), and no snapshot is published yet", e.Cause)
	}
	return fmt.Sprintf("index not refreshed (%v): using the snapshot of %s", e.Cause, e.Published.Format(time.DateTime))
}

func (e *StaleError) Unwrap() error { return e.Cause }

func (ix *Index) staleError(cause error) *StaleError {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	e := &StaleError{Cause: cause}
	if ix.bi != nil {
		e.Published = ix.published
	}
	return e
}

// follow moves readers to the newest published snapshot when another
// process published one since; it keeps the current one if that fails.
func (ix *Index) follow() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for range loadRetries {
		stamp := manifestStamp(ix.dir)
		if stamp == ix.manStamp || stamp == "" {
			return
		}
		disk, err := loadManifest(ix.dir, ix.root)
		if err != nil {
			return
		}
		if disk.Gen == ix.man.Gen && ix.bi != nil {
			ix.manStamp = stamp
			return
		}
		if err := ix.swapSnapshot(disk); err == nil {
			ix.manStamp = stamp
			ix.published = manifestTime(ix.dir)
			return
		}
		if manifestStamp(ix.dir) == stamp {
			return // not a writer racing us: the snapshot is damaged; keep ours
		}
	}
}

// updateLocked is Update once the writer lock is held.
func (ix *Index) updateLocked(ctx context.Context, progress func(Progress)) (stats UpdateStats, err error) {
	defer recoverPanic(&err, "update")
	start := time.Now()
	stats = UpdateStats{Skipped: map[string]int{}}
	before, _ := ix.snapshot()
	defer func() {
		after, _ := ix.snapshot()
		stats.Moved = after != before
	}()
	report := progressFunc(progress)
	man, err := ix.reload()
	if err != nil {
		return stats, err
	}
	stats.Rebuilt = ix.rebuildReason()
	report(Progress{Phase: PhaseWalk})
	tree, err := ix.walkForUpdate(ctx)
	if err != nil {
		return stats, err
	}
	p := ix.makePlan(tree, man, &stats)
	if len(p.read) > 0 || len(p.removed) > 0 || stats.Rebuilt != "" {
		if err := ix.write(ctx, man.clone(), p, &stats, report); err != nil {
			if !errors.Is(err, ErrCorrupt) || stats.Rebuilt != "" {
				return stats, err
			}
			// What was written does not check out (a resumed Update
			// left blocks behind, a file was damaged meanwhile): start
			// over once, from scratch.
			ix.mu.Lock()
			ix.markRebuild(err.Error())
			ix.mu.Unlock()
			return ix.updateLocked(ctx, progress)
		}
	}
	if err := ix.updateCommits(ctx, &stats, report); err != nil {
		ix.opts.logf("index: commits not indexed: %v", err)
	}
	stats.Duration = time.Since(start)
	report(Progress{Phase: PhaseDone, FilesDone: len(p.read), FilesTotal: len(p.read), BytesDone: p.bytes, BytesTotal: p.bytes})
	return stats, nil
}

func progressFunc(f func(Progress)) func(Progress) {
	if f == nil {
		return func(Progress) {}
	}
	return f
}

func (ix *Index) rebuildReason() string {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.rebuild
}

// reload re-reads the manifest under the writer lock (another process may
// have updated the index since Open) and moves to its snapshot if it did.
// It returns the manifest for the Update to plan with (withRechecks; the
// Update copies it before writing): the checkpoint of an Update that was
// killed on top of it, if there is one, so that the files it committed are
// not indexed again.
func (ix *Index) reload() (*manifest, error) {
	man, err := ix.reloadManifest()
	if err != nil || ix.rebuildReason() != "" {
		return man, err
	}
	cp := loadCheckpoint(ix.dir, ix.root, man.Gen)
	if cp == nil {
		return man, nil
	}
	ix.opts.logf("index: resuming an interrupted update: %d files were already indexed", len(cp.Files)-len(man.Files))
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.withRechecks(cp), nil
}

func (ix *Index) reloadManifest() (*manifest, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.rebuild != "" {
		return newManifest(ix.root), nil
	}
	stamp := manifestStamp(ix.dir)
	if stamp == ix.manStamp && stamp != "" {
		return ix.withRechecks(ix.man), nil // nobody wrote since we read it
	}
	ix.forgetWalk() // another process published: what it found, this one's notifications may not have told
	disk, err := loadManifest(ix.dir, ix.root)
	if errors.Is(err, errStale) {
		ix.markRebuild(err.Error())
		return newManifest(ix.root), nil
	}
	if err != nil {
		return nil, err
	}
	if disk.Gen != ix.man.Gen {
		if err := ix.swapSnapshot(disk); err != nil {
			ix.markRebuild(err.Error())
			return newManifest(ix.root), nil
		}
	}
	ix.manStamp, ix.published = stamp, manifestTime(ix.dir)
	return ix.withRechecks(disk), nil
}

// withRechecks returns man for an Update to plan with: a copy in which the
// files Read found changed are due for a re-read, or, with none, disk
// itself, which readers may share: the Update copies it before it writes
// (copying Loki's 17.8k entries cost every no-change update and every pack
// 3.6 ms).
func (ix *Index) withRechecks(disk *manifest) *manifest {
	if len(ix.recheck) == 0 {
		return disk
	}
	man := disk.clone()
	for p := range ix.recheck {
		if e, ok := man.Files[p]; ok {
			c := *e
			c.Mtime = -1
			man.Files[p] = &c
		}
	}
	return man
}

// swapSnapshot moves readers to man's snapshot; the caller holds ix.mu.
func (ix *Index) swapSnapshot(man *manifest) error {
	var bi bleve.Index
	if len(man.Files) > 0 {
		var err error
		if bi, err = openSnapshot(ix.dir, man); err != nil {
			return err
		}
	}
	if ix.bi != nil {
		ix.bi.Close()
	}
	ix.bi, ix.man = bi, man
	t, _ := readTable(ix.dir, man.Gen) // the snapshot's own expansions
	ix.vocabTable = &t
	return nil
}

// makePlan compares the walk with the manifest.
func (ix *Index) makePlan(tree walkResult, man *manifest, stats *UpdateStats) plan {
	for reason, n := range tree.Skipped {
		stats.Skipped[reason] += n
	}
	var p plan
	known := 0 // walked files the manifest has
	for _, f := range tree.Files {
		e, ok := man.Files[f.Rel]
		if ok {
			known++
		}
		if ok && e.Size == f.Size && e.Mtime == f.Mtime {
			if e.Skip != "" {
				stats.Skipped[e.Skip]++
			} else {
				stats.Unchanged++
			}
			continue
		}
		f.Abs = filepath.Join(ix.root, filepath.FromSlash(f.Rel))
		p.read = append(p.read, f)
		p.bytes += f.Size
	}
	if known < len(man.Files) {
		p.removed = removedFiles(tree, man)
	}
	sortFiles(p.read) // the walk's order is the scheduler's
	return p
}

// removedFiles lists the manifest's files the walk did not find.
func removedFiles(tree walkResult, man *manifest) []string {
	seen := make(map[string]bool, len(tree.Files))
	for _, f := range tree.Files {
		seen[f.Rel] = true
	}
	var removed []string
	for rel := range man.Files {
		if !seen[rel] {
			removed = append(removed, rel)
		}
	}
	return removed
}

// write applies a plan to the live index, then publishes a snapshot and
// moves readers to it. Searches keep running on the old snapshot meanwhile.
func (ix *Index) write(ctx context.Context, man *manifest, p plan, stats *UpdateStats, report func(Progress)) error {
	small := smallUpdate(p) && ix.rebuildReason() == ""
	bi, man, err := ix.openWriter(man, stats, small)
	if err != nil {
		return err
	}
	sw, err := openStoreWriter(ix.dir, man.StoreSize)
	if err != nil {
		bi.Close()
		return err
	}
	v := ix.loadVocab(man)
	runErr := ix.indexFiles(ctx, bi, sw, man, p, stats, v, report)
	if runErr == nil {
		ix.forgetRemoved(v, man, p.removed)
		runErr = deleteRemoved(bi, man, p.removed, stats)
	}
	runErr = errors.Join(runErr, sw.close())
	man.StoreSize = sw.off
	if runErr == nil {
		man.StoreSize, runErr = compactStore(ix.dir, man.Files, man.StoreSize)
	}
	if runErr == nil && small {
		runErr = finishMerges(ctx, bi)
	}
	if err := bi.Close(); err != nil {
		return errors.Join(runErr, fmt.Errorf("index: close writer: %w", tidyBleve(err)))
	}
	if runErr == nil && !small {
		ix.tidy(ctx)
	}
	// The manifest is saved even after an error or a cancellation: it
	// records exactly the files whose batches were committed, so the next
	// Update resumes where this one stopped.
	man.Gen++
	snap := snapshotPath(ix.dir, man.Gen)
	if err := publishSnapshot(filepath.Join(ix.dir, blocksDir), snap); err != nil {
		return errors.Join(runErr, err)
	}
	if runErr != nil {
		v.err = runErr
	}
	// The table of this generation is written before its manifest is
	// published, so a reader that sees the manifest finds the table.
	countsSaved, vErr := ix.saveVocab(v, man.Gen)
	defer countsSaved() // before the writer lock goes: the next Update reads them
	if err := man.save(ix.dir); err != nil {
		return errors.Join(runErr, vErr, err)
	}
	if vErr != nil {
		return errors.Join(runErr, vErr)
	}
	os.Remove(filepath.Join(ix.dir, checkpointName))
	ix.mu.Lock()
	ix.manStamp, ix.published = manifestStamp(ix.dir), manifestTime(ix.dir)
	if runErr == nil && v.err == nil {
		ix.kept = &keptCounts{counts: v.counts, gen: man.Gen, stamp: ix.manStamp}
	}
	err = ix.swapSnapshot(man)
	clear(ix.recheck)
	ix.mu.Unlock()
	pruneSnapshots(filepath.Join(ix.dir, snapshotsDir), snap)
	return errors.Join(runErr, err)
}

// openWriter opens the live index for writing, starting from scratch when
// a rebuild is due or the index fails to open.
func (ix *Index) openWriter(man *manifest, stats *UpdateStats, small bool) (bleve.Index, *manifest, error) {
	path := filepath.Join(ix.dir, blocksDir)
	if ix.rebuildReason() != "" {
		if err := ix.wipe(); err != nil {
			return nil, nil, err
		}
		man = newManifest(ix.root)
	}
	var plan *mergeplan.MergePlanOptions
	if small {
		plan = &smallMerges
	}
	bi, err := openBleve(path, false, plan)
	if err != nil && !errors.Is(err, ErrBusy) {
		ix.opts.logf("index: rebuilding %s from scratch: %v", ix.dir, err)
		stats.Rebuilt = err.Error()
		if err := ix.wipe(); err != nil {
			return nil, nil, err
		}
		man = newManifest(ix.root)
		bi, err = openBleve(path, false, nil)
	}
	if err != nil {
		return nil, nil, err
	}
	ix.mu.Lock()
	ix.rebuild = ""
	ix.mu.Unlock()
	return bi, man, nil
}

// wipe removes everything an index directory holds but the lock.
func (ix *Index) wipe() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.bi != nil {
		ix.bi.Close()
		ix.bi = nil
	}
	ix.vocabTable = nil
	ix.man = newManifest(ix.root)
	if ix.commits != nil {
		ix.commits.close()
		ix.commits = nil
	}
	for _, name := range []string{blocksDir, snapshotsDir, storeName, manifestName, legacyManifestName, commitsDir, checkpointName, legacyCheckpointName, vocabCountsName, vocabTableName} {
		if err := os.RemoveAll(filepath.Join(ix.dir, name)); err != nil {
			return fmt.Errorf("index: wipe %s: %w", ix.dir, err)
		}
	}
	return nil
}

// deleteRemoved deletes the blocks of files that vanished.
func deleteRemoved(bi bleve.Index, man *manifest, removed []string, stats *UpdateStats) error {
	if len(removed) == 0 {
		return nil
	}
	b := bi.NewBatch()
	for _, rel := range removed {
		e := man.Files[rel]
		if e.Skip == "" {
			stats.Removed++
		}
		if e.Skip == "" && e.NBlocks > 0 {
			ids, err := fileDocIDs(bi, rel)
			if err != nil {
				return err
			}
			for _, id := range ids {
				b.Delete(id)
			}
		}
		delete(man.Files, rel)
	}
	if err := bi.Batch(b); err != nil {
		return fmt.Errorf("index: delete removed files: %w", tidyBleve(err))
	}
	return nil
}

// bleveError cleans an error from bleve for people: scorch joins a merge's
// errors with fmt.Errorf("%w; %v", nil, err), which prints as
// "%!w(<nil>); no space left on device". The error chain is kept.
type bleveError struct{ err error }

func (e bleveError) Error() string { return strings.ReplaceAll(e.err.Error(), "%!w(<nil>); ", "") }

func (e bleveError) Unwrap() error { return e.err }

// tidyBleve wraps a non-nil error from bleve in bleveError.
func tidyBleve(err error) error {
	if err == nil {
		return nil
	}
	return bleveError{err}
}
