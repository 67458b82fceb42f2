package diagnostics

import (
	"slices"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// item is one diagnostic ready to show: where it points, the code region
// around it and its score.
type item struct {
	d          Diagnostic
	pl         place
	encl       *index.Block
	lines      []string // the file, nil when not read
	start, end int      // the code region; 0 when there is none
	score      float64
	sigs       []engine.Signal
}

// group is one candidate: diagnostics whose code regions (enclosing block
// or ±8 lines) overlap in one file are shown together, the code once with every reported line marked,
// so two errors in one function cost one function's tokens (and the
// packer's range dedup cannot drop one of them).
type group struct {
	items      []item // best first
	start, end int
}

// groupItems folds items (sorted best first) into groups: in each file,
// items whose regions overlap (directly or through others) form one group,
// so no two groups of a file overlap and the packer's range dedup never
// folds one diagnostic into another. Groups come in the order of their
// best item; inside a group, items keep their order.
func groupItems(items []item) []*group {
	byFile := map[string][]int{}
	var gs []*group
	first := map[*group]int{}
	for k, it := range items {
		if it.start == 0 || !it.pl.inside {
			g := &group{items: []item{it}, start: it.start, end: it.end}
			gs, first[g] = append(gs, g), k
			continue
		}
		byFile[it.pl.rel] = append(byFile[it.pl.rel], k)
	}
	for _, ks := range byFile {
		for _, g := range sweep(items, ks) {
			gs = append(gs, g.group)
			first[g.group] = g.first
		}
	}
	slices.SortFunc(gs, func(a, b *group) int { return first[a] - first[b] })
	return gs
}

type sweptGroup struct {
	group *group
	first int // index of its best item
}

// sweep merges the overlapping regions of one file's items (indexes into
// items, in score order) by a sweep over their start lines.
func sweep(items []item, ks []int) []sweptGroup {
	byStart := slices.Clone(ks)
	slices.SortStableFunc(byStart, func(a, b int) int { return items[a].start - items[b].start })
	var out [][]int
	end := -1
	for _, k := range byStart {
		if len(out) > 0 && items[k].start <= end {
			out[len(out)-1] = append(out[len(out)-1], k)
			end = max(end, items[k].end)
			continue
		}
		out = append(out, []int{k})
		end = items[k].end
	}
	gs := make([]sweptGroup, 0, len(out))
	for _, members := range out {
		slices.Sort(members) // score order
		g := &group{start: items[members[0]].start, end: items[members[0]].end}
		for _, k := range members {
			g.items = append(g.items, items[k])
			g.start, g.end = min(g.start, items[k].start), max(g.end, items[k].end)
		}
		gs = append(gs, sweptGroup{group: g, first: members[0]})
	}
	return gs
}

// marks are the reported lines of a group.
func (g *group) marks() []int {
	var m []int
	for _, it := range g.items {
		if it.d.Line > 0 {
			m = append(m, it.d.Line)
		}
	}
	return m
}

// trim: a group shown through an enclosing block is trimmed when long.
func (g *group) trim() bool {
	for _, it := range g.items {
		if it.encl != nil {
			return true
		}
	}
	return false
}
