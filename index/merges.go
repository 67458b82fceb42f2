package index

import (
	"context"
	"fmt"

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

// finishMerges runs the small plan's merges to the end before a small
// update's writer closes (a merge the background planner started is
// waited for, not cancelled).
func finishMerges(ctx context.Context, bi bleve.Index) (err error) {
	defer recoverInto(&err, "merge")
	adv, err := bi.Advanced()
	if err != nil {
		return err
	}
	s, ok := adv.(*scorch.Scorch)
	if !ok {
		return fmt.Errorf("index: merge: not a scorch index (%T)", adv)
	}
	o := smallMerges
	return s.ForceMerge(ctx, &o)
}
