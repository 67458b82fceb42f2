package index

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
)

// liveSizes returns the live blocks of every segment of the index's
// published snapshot, by segment id.
func liveSizes(t *testing.T, ix *Index) map[uint64]int64 {
	t.Helper()
	bi, _ := ix.snapshot()
	adv, err := bi.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out := map[uint64]int64{}
	for _, s := range r.(*scorch.IndexSnapshot).Segments() {
		out[s.Id()] = s.LiveSize()
	}
	return out
}

// slowMerges holds every merge back a moment before it begins, as the
// merges of a real tree take long: a writer closed meanwhile cancels it.
const slowMerges = "loupe-test-slow-merges"

func init() {
	scorch.RegistryEventCallbacks[slowMerges] = func(e scorch.Event) bool {
		if e.Kind == scorch.EventKindPreMergeCheck {
			time.Sleep(20 * time.Millisecond)
		}
		return true
	}
}

// TestSmallUpdatesMergeOnlySmallSegments: an update of a few files leaves
// the cold build's segments alone (the default plan would merge them, and
// on a real tree be cancelled by the writer's close), merges the small
// segments of earlier small updates to within the small plan's budget
// before it closes, and every edit stays searchable.
func TestSmallUpdatesMergeOnlySmallSegments(t *testing.T) {
	defer func(o, b int) { smallMerges.MaxSegmentSize, batchSize = int64(o), b }(int(smallMerges.MaxSegmentSize), batchSize)
	const small = 25 // segments with fewer live blocks are small
	smallMerges.MaxSegmentSize, batchSize = 2*small, 40
	writerConfig = map[string]any{"eventCallbackName": slowMerges}
	defer func() { writerConfig = nil }()
	files := map[string]string{}
	for i := range 400 {
		files[fmt.Sprintf("pkg%d/f%d.go", i%9, i)] = fmt.Sprintf("package p\n\n// F%d does %d.\nfunc F%d() int { return %d }\n", i, i, i, i)
	}
	root, ix, _ := build(t, files)
	ctx := context.Background()
	for i := range 60 {
		before := liveSizes(t, ix)
		j := i * 6 // spread over the build's segments
		writeTree(t, root, map[string]string{fmt.Sprintf("pkg%d/f%d.go", j%9, j): fmt.Sprintf("package p\n\nfunc Edited%d() {}\n", i)})
		st, err := ix.Update(ctx, nil)
		if err != nil || st.Changed != 1 {
			t.Fatalf("edit %d: %+v, %v", i, st, err)
		}
		after := liveSizes(t, ix)
		n := 0
		for id, live := range before {
			// An edit deletes the file's old blocks (two at most here),
			// which may take a segment below the line in this update.
			if _, ok := after[id]; !ok && live >= small+2 {
				t.Errorf("edit %d: segment %d (%d live blocks) merged by a small update", i, id, live)
			}
		}
		for _, live := range after {
			if live < small {
				n++
			}
		}
		if n > 2*smallMerges.MaxSegmentsPerTier {
			t.Errorf("edit %d: %d small segments: the small merges did not finish", i, n)
		}
		if bs, err := ix.Symbol(ctx, fmt.Sprintf("Edited%d", i)); err != nil || len(bs) != 1 {
			t.Errorf("edit %d not searchable: %v, %v", i, bs, err)
		}
	}
}

// TestColdBuildTidiesItsSegments: a build writes a segment per batch and
// leaves its last batches unmerged; before it closes, it merges the
// segments below the tidy plan's floor, so that a search looks terms up
// in a few segments instead of one per batch, and every block stays
// found.
func TestColdBuildTidiesItsSegments(t *testing.T) {
	defer func(o mergeplan.MergePlanOptions, b int) { tidyMerges, batchSize = o, b }(tidyMerges, batchSize)
	const floor = 200
	tidyMerges.FloorSegmentSize, tidyMerges.MaxSegmentSize, batchSize = floor, 2*floor, 40
	files := map[string]string{}
	for i := range 400 {
		files[fmt.Sprintf("pkg%d/f%d.go", i%9, i)] = fmt.Sprintf("package p\n\n// F%d does %d.\nfunc F%d() int { return %d }\n", i, i, i, i)
	}
	_, ix, _ := build(t, files)
	sizes := liveSizes(t, ix)
	var total int64
	small := 0
	for _, live := range sizes {
		total += live
		if live < floor {
			small++
		}
	}
	if small > 1 || int64(len(sizes)) > total/floor+1 {
		t.Errorf("%d segments, %d of them below %d blocks, for %d blocks: the build's segments were not merged", len(sizes), small, floor, total)
	}
	for _, i := range []int{0, 137, 399} {
		if bs, err := ix.Symbol(context.Background(), fmt.Sprintf("F%d", i)); err != nil || len(bs) != 1 {
			t.Errorf("F%d not found after the merge: %v, %v", i, bs, err)
		}
	}
}
