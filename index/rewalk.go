package index

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// A ChangeLog is a Marker (TrustNotifications) that can also say where
// the changes since a mark were: the directories whose entries changed,
// relative to the root and slash separated ("" is the root). ok is false
// when it cannot say (a directory made, moved or removed, a change it may
// have missed, a mark older than what it remembers); the walk then reads
// the whole tree, as it does without notifications. index/watch's
// watchers are ChangeLogs.
type ChangeLog interface {
	Marker
	Changed(since uint64) (dirs []string, ok bool)
}

// walkState is a resident index's last walk, directory by directory, so
// that the next Update reads again only the directories its notifications
// name (rewalk) instead of lstat'ing every file of the tree: on the Go
// tree a walk is about 95 CPU-ms, the largest part of an update after an
// edit.
type walkState struct {
	base rootExcludes        // what the walk read at the root
	dirs map[string]*dirScan // every directory walked, by its path
}

// When more than one in maxRewalk of the walked directories are named, a
// rewalk reads the whole tree instead: the full walk reads directories in
// parallel, a rewalk one by one (a checkout of another branch names most
// of them).
const maxRewalk = 4

// rewalk is a walk of the tree that reads only the directories in dirs,
// and those holding a symlink (whose target may have changed anywhere),
// and takes every other directory's scan from prev. next is nil when that
// cannot stand for a walk: the excludes read at the root changed, a
// directory's own ignore files changed, its subdirectories are not the
// same ones, or too many directories are named; the caller then walks the
// whole tree. prev is not modified.
func rewalk(ctx context.Context, root, indexDir string, opts Options, prev *walkState, dirs []string) (res walkResult, next *walkState, err error) {
	base := readRootExcludes(ctx, root)
	if !bytes.Equal(base.global, prev.base.global) || !bytes.Equal(base.info, prev.base.info) {
		return walkResult{}, nil, nil
	}
	targets := map[string]bool{}
	for _, d := range dirs {
		if _, walked := prev.dirs[d]; walked {
			targets[d] = true // a directory not walked (ignored, .git) holds nothing the walk lists
		}
	}
	for d, s := range prev.dirs {
		if s.links {
			targets[d] = true
		}
	}
	if len(targets)*maxRewalk > len(prev.dirs) {
		return walkResult{}, nil, nil
	}
	w := newWalker(root, indexDir, opts)
	extra := ignoreSet(nil).with(extraRules(opts.Ignore))
	next = &walkState{base: base, dirs: maps.Clone(prev.dirs)}
	for d := range targets {
		if err := ctx.Err(); err != nil {
			return walkResult{}, nil, fmt.Errorf("index: walk: %w", err)
		}
		old := prev.dirs[d]
		s := w.scan(ctx, d, filepath.Join(root, filepath.FromSlash(d)), old.rules, extra, false)
		if s.ignores != old.ignores || !slices.Equal(s.subdirs, old.subdirs) {
			return walkResult{}, nil, nil
		}
		next.dirs[d] = s
	}
	return next.result(), next, nil
}

// result is the walk the scans stand for, in the order of their paths.
func (st *walkState) result() walkResult {
	scans := make([]dirScanAt, 0, len(st.dirs))
	for d, s := range st.dirs {
		scans = append(scans, dirScanAt{rel: d, scan: s})
	}
	slices.SortFunc(scans, func(a, b dirScanAt) int { return strings.Compare(a.rel, b.rel) })
	return mergeScans(scans)
}

// rewalkSince reads again the directories log names since the last walk
// kept began; st is nil when that cannot stand for a walk (no walk kept,
// the log cannot say, rewalk refuses).
func (ix *Index) rewalkSince(ctx context.Context, log ChangeLog) (res walkResult, st *walkState, err error) {
	ix.mu.RLock()
	last := ix.last
	ix.mu.RUnlock()
	if last == nil || last.walk == nil {
		return walkResult{}, nil, nil
	}
	dirs, ok := log.Changed(last.mark)
	if !ok {
		return walkResult{}, nil, nil
	}
	return rewalk(ctx, ix.root, ix.dir, ix.opts, last.walk, dirs)
}

// forgetWalk makes the next Update walk the whole tree (ix.mu held): the
// work tree's view stays, for the changes source, while the
// notifications vouch for it.
func (ix *Index) forgetWalk() {
	if ix.last != nil && ix.last.walk != nil {
		ix.last = &markedTree{tree: ix.last.tree, mark: ix.last.mark}
	}
}
