package index

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
)

// Merges. scorch writes every batch as a new segment and merges segments
// in the background, by a tiered plan; closing the writer cancels a merge
// in progress. An Update opens the writer, writes its batches and closes
// it. A cold build leaves its last 2,000-block segments unmerged, over
// the default plan's budget, so an update of one file started, every
// time, a merge of ten of them (20,000 blocks, seconds of work) that the
// writer's close threw away a few milliseconds later: on the Go tree 100
// CPU-ms of every update after an edit, on the two cores the answer
// needs, and those segments stayed as they were.
//
// A small update (smallUpdate) plans merges of the small segments only
// (fewer than smallSegmentDocs live blocks: the segments of earlier small
// updates), and finishes them before it closes: a few hundred blocks
// merged now and then, where the default plan would start over again on
// every update. Larger updates keep scorch's default plan.
const (
	smallUpdateFiles = 64
	smallUpdateBytes = 4 << 20
	smallSegmentDocs = 1000
)

// smallMerges is the merge plan of a small update's writer. The floor
// lets up to ten small segments stand before they are merged (the
// default's 2,000 would merge every new segment with the last at once).
var smallMerges = mergeplan.MergePlanOptions{
	MaxSegmentsPerTier:   10,
	MaxSegmentSize:       2 * smallSegmentDocs, // only segments below half of it are merged
	TierGrowth:           10,
	SegmentsPerMergeTask: 10,
	FloorSegmentSize:     100,
	ReclaimDeletesWeight: 2,
}

// writerConfig is added to every writer's scorch configuration (tests:
// an event callback that holds merges back, as a real tree's take long).
var writerConfig map[string]any

// smallUpdate reports whether an Update that reads p merges as a small one.
func smallUpdate(p plan) bool {
	return len(p.read)+len(p.removed) <= smallUpdateFiles && p.bytes <= smallUpdateBytes
}

// mergeConfig is the scorch configuration of the small merge plan (scorch
// reads it as JSON, which the plan's function fields cannot be).
func mergeConfig(o mergeplan.MergePlanOptions) map[string]any {
	return map[string]any{
		"MaxSegmentsPerTier":   o.MaxSegmentsPerTier,
		"MaxSegmentSize":       o.MaxSegmentSize,
		"TierGrowth":           o.TierGrowth,
		"SegmentsPerMergeTask": o.SegmentsPerMergeTask,
		"FloorSegmentSize":     o.FloorSegmentSize,
		"ReclaimDeletesWeight": o.ReclaimDeletesWeight,
	}
}

// tidyMerges is the plan a large update (a cold build) runs after it
// has written everything. The build writes a segment per batch of 2,000
// blocks and scorch's default plan merges ten at a time in the background,
// so a build ends with its last batches unmerged (the writer's close
// cancels the merge in progress): the Go tree's index had 4 segments of
// about 19,000 blocks and 14 of 300-2,700. Every term of every search is
// looked up in every segment's dictionary, so a small segment costs a
// search as much per term as a big one. This plan merges the segments
// below tidySegmentDocs blocks, and only them.
var tidyMerges = mergeplan.MergePlanOptions{
	MaxSegmentsPerTier:   1,
	MaxSegmentSize:       2 * tidySegmentDocs, // only segments below half of it are merged
	TierGrowth:           10,
	SegmentsPerMergeTask: 100,
	FloorSegmentSize:     tidySegmentDocs,
	ReclaimDeletesWeight: 2,
}

const tidySegmentDocs = 8000

// tidy reopens the live index after a large update with the tidy plan and
// runs it to the end. The update's own writer is closed first, which
// cancels the default plan's merge in progress (ten of the last batches)
// as it always did; the reopened writer merges only what tidyMerges names:
// 0.4-1.5 CPU-s after a cold build of the Go tree, whose build takes
// 37-55. A merge that fails or is cancelled leaves the index as the update
// left it, only with more segments: it is logged.
func (ix *Index) tidy(ctx context.Context) {
	bi, err := openBleve(filepath.Join(ix.dir, blocksDir), false, &tidyMerges)
	if err == nil {
		err = errors.Join(forceMerges(ctx, bi, tidyMerges), bi.Close())
	}
	if err != nil && ctx.Err() == nil {
		ix.opts.logf("index: merging the small segments: %v", err)
	}
}

// finishMerges runs the small plan's merges to the end before a small
// update's writer closes (a merge the background planner started is
// waited for, not cancelled).
func finishMerges(ctx context.Context, bi bleve.Index) (err error) {
	return forceMerges(ctx, bi, smallMerges)
}

// persisted waits until the snapshot on disk is the index's current one.
// ForceMerge returns once its round of merges is in the live snapshot;
// another goroutine writes that snapshot to disk, and a writer closed
// before it does leaves the disk's snapshot as it was (the tidy of
// TestColdBuildTidiesItsSegments then merged nothing, 3 times in 20 under
// the race detector; a small update's merges could be lost the same
// way). scorch's own "index_bgthreads_active" also waits for the merger
// to plan at the newest snapshot, which it may never do while nothing
// changes: waiting on it hung, 1 time in 30. Past persistLimit the writer
// is closed anyway (the merge is only lost).
func persisted(ctx context.Context, s *scorch.Scorch) error {
	limit := time.After(persistLimit)
	for {
		m := s.StatsMap()
		root, ok1 := m["CurRootEpoch"].(uint64)
		done, ok2 := m["LastPersistedEpoch"].(uint64)
		if !ok1 || !ok2 || done >= root {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-limit:
			return fmt.Errorf("index: the merged snapshot was not written in %v", persistLimit)
		case <-time.After(persistPoll):
		}
	}
}

// How often persisted looks, and for how long.
const (
	persistPoll  = 5 * time.Millisecond
	persistLimit = time.Minute
)

// forceMerges asks scorch for a round of plan o's merges, at its current
// snapshot, and waits for the round to end and for its result to be on
// disk (persisted): both callers close the writer next.
func forceMerges(ctx context.Context, bi bleve.Index, o mergeplan.MergePlanOptions) (err error) {
	defer recoverInto(&err, "merge")
	s, err := writerOf(bi)
	if err != nil {
		return err
	}
	if err := s.ForceMerge(ctx, &o); err != nil {
		return err
	}
	return persisted(ctx, s)
}

// writerOf is the scorch index behind bi, whose merges these drive.
func writerOf(bi bleve.Index) (*scorch.Scorch, error) {
	adv, err := bi.Advanced()
	if err != nil {
		return nil, err
	}
	s, ok := adv.(*scorch.Scorch)
	if !ok {
		return nil, fmt.Errorf("index: merge: not a scorch index (%T)", adv)
	}
	return s, nil
}
