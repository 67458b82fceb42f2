package index

import (
	"context"
)

// earlyWalk is the walk OpenForUpdate starts before the manifest is read.
type earlyWalk struct {
	cancel context.CancelFunc
	done   chan struct{}
	// stamp is the manifest's stamp just before the walk began: everything
	// a manifest with this stamp records was walked before this walk.
	stamp string
	res   walkResult
	err   error
}

// OpenForUpdate is Open for a caller that updates the index at once
// (`loupe index`): the walk of the tree starts beside reading the manifest
// and opening the snapshot (on Loki a no-change update spent 13 ms on
// those before its walk began). The first Update uses that walk when no
// other process published an index in between, and walks again
// otherwise. Close stops it.
func OpenForUpdate(root string, opts Options) (*Index, error) {
	return open(root, opts, true)
}

// startEarlyWalk walks the tree in the background; stamp is the
// manifest's stamp read just before. The Index is not shared yet.
func (ix *Index) startEarlyWalk(stamp string) {
	ctx, cancel := context.WithCancel(context.Background())
	w := &earlyWalk{cancel: cancel, done: make(chan struct{}), stamp: stamp}
	ix.early, ix.walked = w, w
	go func() {
		defer close(w.done)
		w.res, w.err = walkUnsorted(ctx, ix.root, ix.dir, ix.opts)
	}()
}

// takeEarlyWalk returns the early walk once (nil after, or without one),
// waiting for it to end; ok is false when it cannot stand for a walk made
// now: it failed, or a manifest was published since it began (that
// writer may have walked after it: a file it indexed could be missing
// from this walk and be taken for removed).
func (ix *Index) takeEarlyWalk(ctx context.Context) (res walkResult, ok bool, err error) {
	ix.mu.Lock()
	w := ix.early
	ix.early = nil
	ix.mu.Unlock()
	if w == nil {
		return walkResult{}, false, nil
	}
	select {
	case <-w.done:
	case <-ctx.Done():
		w.cancel()
		<-w.done
		return walkResult{}, false, ctx.Err()
	}
	w.cancel()
	if w.err != nil || manifestStamp(ix.dir) != w.stamp {
		return walkResult{}, false, nil
	}
	return w.res, true, nil
}

// stopEarlyWalk ends an early walk nobody took.
func (ix *Index) stopEarlyWalk() {
	ix.mu.Lock()
	w := ix.early
	ix.early = nil
	ix.mu.Unlock()
	if w != nil {
		w.cancel()
		<-w.done
	}
}

// walkForUpdate is the walk an Update plans with: the early one when it
// still stands, else a new one, whose view of the work tree is kept with
// the file notifications' mark taken before it began (keepTree). With
// notifications that say where the changes were (ChangeLog), the walk is
// kept directory by directory, and the next one reads only the
// directories changed since (rewalk).
func (ix *Index) walkForUpdate(ctx context.Context) (walkResult, error) {
	res, ok, err := ix.takeEarlyWalk(ctx)
	if err != nil || ok {
		return res, err
	}
	w := ix.files.marker()
	if w == nil {
		return walkUnsorted(ctx, ix.root, ix.dir, ix.opts)
	}
	mark := w.Mark() // before the walk: a change from here on is seen
	log, keep := w.(ChangeLog)
	var st *walkState
	if keep {
		if res, st, err = ix.rewalkSince(ctx, log); err != nil {
			return walkResult{}, err
		}
	}
	if st == nil {
		if res, st, err = walkKept(ctx, ix.root, ix.dir, ix.opts, keep); err != nil {
			return walkResult{}, err
		}
	}
	ix.mu.Lock()
	ix.last = &markedTree{tree: res.Tree, mark: mark, walk: st}
	ix.mu.Unlock()
	return res, nil
}
