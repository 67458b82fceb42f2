package engine

// # The budget solver
//
// Packing is a multiple-choice knapsack: every candidate is packed at one
// of its levels (full, focus, head, signature, bookend, reference) or left
// out; a level has a cost (tokens of the block's rendered fragment:
// header, fence, attribution and body) and a value, and the packer
// maximises the total value under the budget. Full is worth the
// candidate's score; a reference line weightReference (.05) of it; a
// partial level is worth what it shows: floor + (.9 - floor) × the share
// of the block's query relevance its lines keep (focus.go: each line
// weighs the rarity of the query terms it holds, plus an even share for
// context; anchors, the lines a stack trace or a diagnostic points at,
// weigh as much as all the rest and every partial level keeps them), and
// never less than the level's fixed weight (focus and head .6, signature
// .35, bookend .3: a signature still names the block and its file). So a
// focus body that keeps every matching line of a 400-line block is worth
// .9 of it at a tenth of its cost. Dropped blocks and disabled sources are
// set aside first and duplicates folded (dedup.go); the candidates' lines
// are weighed against the query once (cached by text in a PackCache);
// then five steps.
//
//  1. Fixed overhead. The empty pack is rendered and counted: the summary
//     line, the JSON envelope, the list of left-out blocks. If the budget
//     minus the reserves is below it, the request fails with
//     ErrBudgetTooSmall naming the minimum. What is left is R.
//  2. Pins. Pinned blocks go in first at their level. If they do not fit
//     in R, the lowest-scored pin is degraded one level at a time, and
//     only when every pin is a reference line is the lowest dropped (with a
//     warning), so the budget still holds.
//  3. Shares. What the pins leave is shared among the sources that have
//     candidates, by weight, water-filling: a source whose estimated demand
//     (its blocks at full level) is below its share takes only its demand
//     and the rest is shared again among the others. In a source that
//     needs more than its share, a block may take at most a quarter of
//     that share, or what the source's other blocks leave of it at full
//     level when that is more (the cap): costlier levels are not offered,
//     so a big block degrades (focus and head sized to the cap, signature,
//     bookend, reference) and its notes say where the omitted lines are. A
//     source whose blocks all fit crowds out no one and has no cap; a
//     person's level override and pins are exempt from it too.
//  4. Greedy. Within each source's share, then once more over what all
//     sources left unused (where capped blocks are offered their levels
//     above the cap again: tokens nobody took are better spent on the
//     richer level of a block that matters than left over), the solver
//     repeatedly applies the upgrade with the best value per token: from a
//     block's current level (or nothing) to any level of more value that
//     still fits. Keep blocks start at their
//     cheapest level. Costs start as estimates (2.65 bytes per token for
//     code, 3.35 for prose) and are replaced by exact counts of the
//     rendered fragment when an upgrade reaches the top of the queue (lazy
//     evaluation: a popped upgrade whose exact density dropped below the
//     next one is pushed back), so only blocks that come close to being
//     packed are ever rendered and counted.
//  5. Verify. The whole pack is rendered and counted exactly, because BPE
//     is not additive across fragments and the summary line holds the count
//     itself (iterated to a fixed point). While it is over, the packed item
//     of least value (pins last) loses one level, or is left out from its
//     cheapest level, and the pack is measured again. The loop ends because
//     every round removes text, and at worst it reaches the empty pack,
//     which fits by step 1 (if warnings about pins left out make even
//     that too big, they are folded into one, then dropped). Hence
//     tokens(render(pack)) <= B always.
//
// Cost. With n candidates and L <= 6 levels, steps 3-4 are O(nL log(nL))
// heap operations plus exact counts for the k blocks near the cut (k is
// the number packed plus those tried and refused); step 5 renders the pack
// a few times, and the counter caches pieces by content so each render is
// counted mostly from cache. On 500 candidates a re-pack takes about 4.5
// ms of CPU (docs/bench/pack.md). The greedy is the classic
// incremental-density heuristic for the multiple-choice knapsack, followed
// by a rescue: if one of the best-valued blocks alone is worth more than
// everything the greedy packed, the pack restarts from it (for the plain
// knapsack the better of the two is at least half the optimum; here only
// the eight best-valued blocks are tried). TestGreedyVersusBruteForce compares this
// with exhaustive search on 400 random instances of n <= 10 blocks: 98.9 %
// of the optimum on average, 73.4 % at worst (before the rescue: 98.7 and
// 67.9 %).
//
// Every step is deterministic: candidates are ranked by score, then path,
// line and ID; heap ties break on rank; maps are never iterated unsorted.

import (
	"container/heap"
	"math"
	"slices"
)

// capDivisor: no block may take more than 1/capDivisor of its source's
// share at full level.
const capDivisor = 4

// minScore stands in for zero or negative scores so that every block has
// some value and leftovers are still used.
const minScore = 1e-6

// headQuantum: head allowances are rounded down to a multiple of this, so
// that small changes in a share (a pin elsewhere) leave head bodies, and
// their cached counts, unchanged.
const headQuantum = 32

// headerEstimate is the estimated cost of a block's header, fence and
// attribution, added to its body estimate.
const headerEstimate = 16

// levelOption is one level a candidate may be packed at.
type levelOption struct {
	level Level
	head  int    // head allowance (estimated tokens), LevelHead only
	spans []span // the lines kept
	est   int
	exact int // -1 until measured
	value float64
	body  string
	note  string
	shown [][2]int
}

// packChoice is the solver's state for one candidate.
type packChoice struct {
	opts    []levelOption // richest first; the last is the cheapest
	cur     int           // index into opts, -1: not packed
	ceiling Level         // the richest level offered
	pinned  bool
	keep    bool
	fixed   bool          // a person chose the level: no cap
	free    []levelOption // the options without the cap, for the leftover pass
}

// packUpgrade is a queued move of one candidate to a richer level.
type packUpgrade struct {
	density float64
	i       int
}

type packUpgradeHeap []packUpgrade

func (h packUpgradeHeap) Len() int { return len(h) }
func (h packUpgradeHeap) Less(a, b int) bool {
	if h[a].density != h[b].density {
		return h[a].density > h[b].density
	}
	return h[a].i < h[b].i
}
func (h packUpgradeHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *packUpgradeHeap) Push(x any)   { *h = append(*h, x.(packUpgrade)) }
func (h *packUpgradeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// greedy spends up to *budget on upgrades of the candidates in items.
func (p *packer) greedy(items []int, budget *int) {
	h := make(packUpgradeHeap, 0, len(items))
	for _, i := range items {
		if d, _, ok := p.bestUpgrade(i, *budget, false); ok {
			h = append(h, packUpgrade{d, i})
		}
	}
	heap.Init(&h)
	for h.Len() > 0 {
		u := heap.Pop(&h).(packUpgrade)
		d, j, ok := p.bestUpgrade(u.i, *budget, true)
		if !ok {
			continue
		}
		if h.Len() > 0 && d < u.density && packUpgradeHeap([]packUpgrade{{d, u.i}, h[0]}).Less(1, 0) {
			heap.Push(&h, packUpgrade{d, u.i})
			continue
		}
		*budget -= p.delta(u.i, j, true)
		p.apply(u.i, j)
		if d, _, ok := p.bestUpgrade(u.i, *budget, false); ok {
			heap.Push(&h, packUpgrade{d, u.i})
		}
	}
}

// bestUpgrade finds the richer level of candidate i with the best value
// per token that fits in budget. Costs are exact where measured and
// estimated elsewhere; with exact set, the winner is measured and the
// search repeats until the winner's cost is exact, so each call measures
// as few levels as it can.
func (p *packer) bestUpgrade(i, budget int, exact bool) (float64, int, bool) {
	ch := &p.ch[i]
	vc := 0.0
	if ch.cur >= 0 {
		vc = ch.opts[ch.cur].value
	}
	for {
		best, bestJ := math.Inf(-1), -1
		for j := range ch.opts {
			if ch.opts[j].value <= vc {
				continue
			}
			d := p.delta(i, j, false)
			known := ch.opts[j].exact >= 0 && (ch.cur < 0 || ch.opts[ch.cur].exact >= 0)
			if known && d > budget || !known && d/2 > budget { // unmeasured: the estimate may be 2x high
				continue
			}
			if dens := (ch.opts[j].value - vc) / float64(max(d, 1)); dens > best {
				best, bestJ = dens, j
			}
		}
		if bestJ < 0 || !exact || ch.opts[bestJ].exact >= 0 && (ch.cur < 0 || ch.opts[ch.cur].exact >= 0) {
			return best, bestJ, bestJ >= 0
		}
		p.delta(i, bestJ, true) // measure, then choose again
	}
}

// delta is the cost of moving candidate i from its current level to
// option j, with the group header when its source has nothing packed yet.
func (p *packer) delta(i, j int, exact bool) int {
	ch := &p.ch[i]
	cost := func(k int) int {
		if exact {
			return p.exactCost(i, k)
		}
		if ch.opts[k].exact >= 0 {
			return ch.opts[k].exact
		}
		return ch.opts[k].est
	}
	d := cost(j)
	if ch.cur >= 0 {
		d -= cost(ch.cur)
	} else if p.packed[p.cands[i].Source] == 0 {
		d += p.groupCost(p.cands[i].Source)
	}
	return d
}

func (p *packer) apply(i, j int) {
	if p.ch[i].cur < 0 {
		p.packed[p.cands[i].Source]++
	}
	p.ch[i].cur = j
}

// remove leaves candidate i out.
func (p *packer) remove(i int) {
	if p.ch[i].cur >= 0 {
		p.packed[p.cands[i].Source]--
	}
	p.ch[i].cur = -1
}

// shareOut splits total among sources by weight, water-filling: a source
// whose demand is below its share gets its demand and the rest is shared
// again. It also returns each source's fair share (what its weight gave it
// when it was satisfied, or its final share), the basis of the block cap.
// Sources are taken in the order given, so rounding is stable.
func shareOut(total int, srcs []Source, weights map[Source]float64, demand map[Source]int) (share, fair map[Source]int) {
	share = make(map[Source]int, len(srcs))
	fair = make(map[Source]int, len(srcs))
	open := slices.Clone(srcs)
	left := total
	for len(open) > 0 {
		wsum := 0.0
		for _, s := range open {
			wsum += weights[s]
		}
		var still []Source
		for _, s := range open {
			f := 0
			if wsum > 0 {
				f = int(float64(left) * weights[s] / wsum)
			}
			fair[s] = f
			if demand[s] <= f {
				share[s] = demand[s]
			} else {
				still = append(still, s)
			}
		}
		if len(still) == len(open) {
			for _, s := range open {
				share[s] = fair[s]
			}
			break
		}
		for _, s := range open {
			if !slices.Contains(still, s) {
				left -= share[s]
			}
		}
		open = still
	}
	return share, fair
}

// setup builds each candidate's options: its ceiling level (the source's
// suggestion, or a person's override) down to a reference line.
func (p *packer) setup(live []Candidate) {
	for i, c := range live {
		ch := &p.ch[i]
		ch.pinned = p.req.Pins[c.ID]
		ch.keep = c.Keep
		ceiling := c.Level
		if lv, ok := p.req.Levels[c.ID]; ok {
			ceiling, ch.fixed = lv, true
		}
		ch.ceiling = min(max(ceiling, LevelFull), LevelReference)
		if ch.pinned || ch.fixed { // no cap: options are final
			ch.opts = levelOptions(c, p.lines[i], ch.ceiling, -1)
		}
	}
}

// placePins packs pinned candidates at their level, degrading the
// lowest-scored first (then leaving it out) while they exceed the budget.
func (p *packer) placePins() {
	room := p.avail - p.overhead
	used := 0
	for i := range p.ch {
		if p.ch[i].pinned {
			used += p.delta(i, 0, true)
			p.apply(i, 0)
		}
	}
	for used > room {
		v := p.lowestPin()
		if v < 0 {
			return
		}
		ch := &p.ch[v]
		old := p.exactCost(v, ch.cur)
		if ch.cur < len(ch.opts)-1 {
			ch.cur++
			used += p.exactCost(v, ch.cur) - old
			continue
		}
		used -= old
		p.remove(v)
		if p.packed[p.cands[v].Source] == 0 {
			used -= p.groupCost(p.cands[v].Source)
		}
		p.warnings = append(p.warnings, "pinned "+p.cands[v].ID+" left out: pins exceed the budget")
	}
}

// lowestPin is the packed pin of least score (the last by rank).
func (p *packer) lowestPin() int {
	for i := len(p.ch) - 1; i >= 0; i-- {
		if p.ch[i].pinned && p.ch[i].cur >= 0 {
			return i
		}
	}
	return -1
}

// used is what the packed items cost, with group headers.
func (p *packer) used() int {
	n := 0
	for i := range p.ch {
		if p.ch[i].cur >= 0 {
			n += p.exactCost(i, p.ch[i].cur)
		}
	}
	for s, k := range p.packed {
		if k > 0 {
			n += p.groupCost(s)
		}
	}
	return n
}

// share splits what the pins left among the sources and caps each block
// at a quarter of its source's share.
func (p *packer) share() {
	room := max(p.avail-p.overhead-p.used(), 0)
	demand := map[Source]int{}
	own := make([]int, len(p.cands))
	for i, c := range p.cands {
		if !p.ch[i].pinned {
			plans, _ := levelPlans(c, p.lines[i], -1)
			own[i] = plans[p.ch[i].ceiling].est
			demand[c.Source] += own[i]
		}
	}
	srcs := p.sourceOrder(demand)
	weights := make(map[Source]float64, len(srcs))
	for _, s := range srcs {
		w, ok := p.req.Weights[s]
		if !ok {
			w = 1
		}
		weights[s] = max(w, 0)
	}
	var fair map[Source]int
	p.shares, fair = shareOut(room, srcs, weights, demand)
	for i, c := range p.cands {
		ch := &p.ch[i]
		if ch.pinned || ch.fixed {
			continue
		}
		cap := -1 // a source whose blocks all fit its share crowds out no one
		if demand[c.Source] > p.shares[c.Source] {
			cap = blockCap(max(p.shares[c.Source], fair[c.Source]), demand[c.Source]-own[i])
		}
		ch.opts = levelOptions(c, p.lines[i], ch.ceiling, cap)
		if cap >= 0 && own[i] > cap && uncapLeftovers {
			ch.free = levelOptions(c, p.lines[i], ch.ceiling, -1)
		}
	}
}

// blockCap is the most a block may take of its source's share: a quarter,
// or what the source's other blocks leave of it at full level when that
// is more (then it crowds out no one).
func blockCap(share, others int) int {
	if !capByOthers {
		return share / capDivisor
	}
	return max(share/capDivisor, share-others)
}

// uncap offers the capped candidates among items their levels above the
// cap again, for the pass over what all sources left: the cap keeps one
// block from crowding out its source's others, but tokens nobody took are
// better spent on the richer level of a block that matters than left
// unused. The option packed now stays as it is.
func (p *packer) uncap(items []int) {
	for _, i := range items {
		ch := &p.ch[i]
		if ch.free == nil {
			continue
		}
		if ch.cur < 0 {
			ch.opts, ch.free = ch.free, nil
			continue
		}
		var opts []levelOption
		for _, o := range ch.free {
			if o.level < ch.opts[ch.cur].level {
				opts = append(opts, o)
			}
		}
		cur := len(opts)
		ch.opts, ch.cur, ch.free = append(opts, ch.opts[ch.cur:]...), cur, nil
	}
}

// sourceOrder lists the sources of m in output order, unknown ones after,
// by name.
func (p *packer) sourceOrder(m map[Source]int) []Source {
	var out, extra []Source
	for _, s := range p.req.Order {
		if _, ok := m[s]; ok && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for s := range m {
		if !slices.Contains(out, s) {
			extra = append(extra, s)
		}
	}
	slices.Sort(extra)
	return append(out, extra...)
}

// fill runs the greedy within each source's share, then over what the
// sources left.
func (p *packer) fill() {
	bySource := map[Source][]int{}
	for i, c := range p.cands {
		if !p.ch[i].pinned {
			bySource[c.Source] = append(bySource[c.Source], i)
		}
	}
	counts := make(map[Source]int, len(bySource))
	for s, v := range bySource {
		counts[s] = len(v)
	}
	var all []int
	for _, s := range p.sourceOrder(counts) {
		budget := p.shares[s]
		p.keepCheapest(bySource[s], &budget)
		p.greedy(bySource[s], &budget)
		all = append(all, bySource[s]...)
	}
	slices.Sort(all)
	p.uncap(all)
	rest := max(p.avail-p.overhead-p.used(), 0)
	p.keepCheapest(all, &rest)
	p.greedy(all, &rest)
	p.rescue(all, rest)
}

// rescueTop is how many of the best-valued candidates rescue considers.
const rescueTop = 8

// rescue guards the greedy's known weakness: small dense blocks can fill
// the budget so that one block worth more than all of them together never
// fits. If some block alone (at a level that fits everything the greedy
// had: its spend plus what is left) is worth more than all the greedy
// packed, the pack restarts from that block and the greedy fills the
// rest. max(greedy, best single) is at least half the optimum, where the
// plain greedy has no bound.
func (p *packer) rescue(items []int, rest int) {
	room, total := rest, 0.0
	for _, i := range items {
		if ch := &p.ch[i]; ch.cur >= 0 {
			room += p.exactCost(i, ch.cur)
			total += ch.opts[ch.cur].value
		}
	}
	for s, n := range p.packed {
		if n > 0 && !p.hasPinned(s) {
			room += p.groupCost(s)
		}
	}
	bi, bj, best := -1, -1, total
	for _, i := range topByValue(p.ch, items, rescueTop) {
		for j, o := range p.ch[i].opts {
			if o.value > best && p.soloCost(i, j) <= room {
				bi, bj, best = i, j, o.value
			}
		}
	}
	if bi < 0 {
		return
	}
	for _, i := range items {
		p.remove(i)
	}
	left := room - p.soloCost(bi, bj)
	p.apply(bi, bj)
	p.keepCheapest(items, &left)
	p.greedy(items, &left)
}

// soloCost is candidate i at option j when nothing else of its source but
// pins is packed.
func (p *packer) soloCost(i, j int) int {
	c := p.exactCost(i, j)
	if s := p.cands[i].Source; !p.hasPinned(s) {
		c += p.groupCost(s)
	}
	return c
}

func (p *packer) hasPinned(s Source) bool {
	for i := range p.ch {
		if p.ch[i].pinned && p.ch[i].cur >= 0 && p.cands[i].Source == s {
			return true
		}
	}
	return false
}

// topByValue returns up to k of items with the highest richest-level
// value, ties to the earlier (better ranked) item.
func topByValue(ch []packChoice, items []int, k int) []int {
	top := slices.Clone(items)
	slices.SortStableFunc(top, func(a, b int) int {
		return cmpDesc(ch[a].opts[0].value, ch[b].opts[0].value)
	})
	return top[:min(k, len(top))]
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// keepCheapest packs Keep candidates at their cheapest level, in rank
// order, while they fit.
func (p *packer) keepCheapest(items []int, budget *int) {
	for _, i := range items {
		ch := &p.ch[i]
		if !ch.keep || ch.cur >= 0 {
			continue
		}
		j := len(ch.opts) - 1
		if d := p.delta(i, j, true); d <= *budget {
			*budget -= d
			p.apply(i, j)
		}
	}
}
