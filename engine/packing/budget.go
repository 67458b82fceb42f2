package packing

// # The budget solver
//
// Every candidate is packed at one of its levels (full, focus, head,
// signature, bookend, reference) or left out, and the rendered pack must
// fit the budget. What the pack is for decides how: a model shown the
// code it has to change. Measured on the dev cases by the lines the real
// fix changed that the pack shows (gold-line recall), spreading the
// budget thin loses: a value-per-token knapsack over all levels packed 29
// blocks at 2k tokens, a third of them signatures, and showed .15 of
// those lines; the same candidates packed best first, whole, with the
// blocks of the file the query is about kept together, show .36
// (docs/bench/eval.md, "Best-first packing"). So the solver is a walk in
// priority order, not a knapsack. Dropped blocks and disabled sources are
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
//  3. Priority. Each other candidate's priority is its source's weight
//     relative to the heaviest source present, times its score plus
//     fileAffinity times the best score in its file: the second block of
//     the file the query is about comes before the best block of a file
//     it only grazes, unless it holds none of the query's terms (then it
//     takes unmatchedAffinity of that pull, and waits behind the blocks
//     of the next files that hold them). A block that holds a query term
//     none of its file's better-ranked blocks holds counts its file's best
//     score as its own: the ranking discounts a file's later blocks, and
//     that one is where the file answers the rest of the question (eval.md,
//     "nineteenth session"). A test file's tests keep less of the pull
//     one after another (testAffinityDecay): one or two show its pattern,
//     and thirty crowd out the code under test. A level is
//     worth the priority times what the level shows (full 1; a partial
//     level the share of the block's relevance its lines keep, focus.go;
//     a reference line .05).
//  4. Best first. Keep blocks go in at their cheapest level. Then, in
//     priority order, each block at the richest level that shows code
//     (full, focus, head) and fits, with pointerShare of R (at most
//     maxPointerTokens) held back; a block may take at most blockShare
//     of R, or what all the others leave when that is more (above it,
//     it is focused on its matching lines, and its note says where the
//     omitted lines are). Then, with what is left, a reference line to
//     the best block of each file that has nothing packed, by priority:
//     a pointer the model can ask to follow. Then whatever is still left
//     upgrades blocks, by priority, to any richer level that fits, no
//     longer held to blockShare. If budget is still left, a block its
//     source held to a poorer level (a graph neighbour at its signature)
//     may show its code, and then fillers (the rest of the files packed,
//     engine/rest.go) go in, the file of the best-priority block first,
//     each file's in line order: unused budget shows nothing. Fillers
//     take no part before that, and one left out is not reported. Costs
//     start as estimates (2.65 bytes per token for code, 3.35 for prose)
//     and a level is counted exactly (its rendered fragment) only when
//     its estimate comes within twice of what is left, so only blocks
//     that come close to being packed are ever rendered and counted.
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
// The per-source share JSON and MCP report (SourceUsage.Share) is what R
// would give each source split by weight, water-filled by demand: a
// reference point, not a limit; the weights act through the priority.
// The explorer's meters show each source's part of the whole budget.
//
// Cost. With n candidates and L <= 6 levels, one pass of O(nL) plus exact
// counts for the blocks near the cut; step 5 renders the pack a few
// times, and the counter caches pieces by content so each render is
// counted mostly from cache.
//
// Every step is deterministic: candidates are ranked by score, then path,
// line and ID; priority ties keep that rank; maps are never iterated
// unsorted.

import (
	"math"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/engine"
)

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
	level engine.Level
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
	ceiling engine.Level  // the richest level offered
	pinned  bool
	keep    bool
	fixed   bool // a person chose the level: no cap
	capped  bool // opts were cut to blockShare of the room (options)
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
// again. Sources are taken in the order given, so rounding is stable.
func shareOut(total int, srcs []engine.Source, weights map[engine.Source]float64, demand map[engine.Source]int) map[engine.Source]int {
	share := make(map[engine.Source]int, len(srcs))
	fair := make(map[engine.Source]int, len(srcs))
	open := slices.Clone(srcs)
	left := total
	for len(open) > 0 {
		wsum := 0.0
		for _, s := range open {
			wsum += weights[s]
		}
		var still []engine.Source
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
	return share
}

// setup builds each candidate's options: its ceiling level (the source's
// suggestion, or a person's override) down to a reference line.
func (p *packer) setup(live []engine.Candidate) {
	p.prio = p.priorities()
	for i, c := range live {
		ch := &p.ch[i]
		ch.pinned = p.req.Pins[c.ID]
		ch.keep = c.Keep
		ceiling := c.Level
		if lv, ok := p.req.Levels[c.ID]; ok {
			ceiling, ch.fixed = lv, true
		}
		ch.ceiling = min(max(ceiling, engine.LevelFull), engine.LevelReference)
		if ch.pinned || ch.fixed { // no cap: options are final
			ch.opts = levelOptions(c, p.lines[i], ch.ceiling, -1, p.prio[i])
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

// sourceOrder lists the sources of m in output order, unknown ones after,
// by name.
func (p *packer) sourceOrder(m map[engine.Source]int) []engine.Source {
	var out, extra []engine.Source
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

// Best-first packing constants (see the essay above; docs/bench/eval.md,
// section "Best-first packing", measures each).
const (
	// fileAffinity: a block's priority is its score plus this times the
	// best score in its file, so that the blocks of the file the query is
	// about come before the best blocks of files it only grazes. 1 → 2:
	// of the gold lines the dev packs missed in a file they did pack, most
	// were in a block among the candidates, below the cut; dev gold-line
	// recall .400/.531/.643/.738 → .412/.537/.660/.748, file recall the
	// same (1.5, 2.5 and 3 measured: eval.md, "2026-11-26").
	fileAffinity = 2.0
	// unmatchedAffinity: the share of fileAffinity a block that holds none
	// of the query's terms keeps. 1 → .5: dev gold-line recall
	// .411/.555/.671/.742 → .411/.571/.673/.741, file recall and NL the
	// same (0 measured the same as .5: eval.md, "2026-11-26 (sixth session)").
	unmatchedAffinity = 0.5
	// testAffinityDecay: each further test block of one file keeps this
	// share of the pull the one before it kept (the file's best test
	// keeps it all). A test file is many small tests of one pattern, and
	// a query that pastes test output names the file: at full pull,
	// cobra's args_test.go packed 39 tests at 4k and the fix in
	// command.go got a reference line. 1 → .7: dev gold-line recall
	// .456/.601/.702/.803 → .460/.609/.705/.803, no case lower, file
	// recall and NL the same; the same decay on every file's blocks
	// loses .02-.08 (eval.md, "fifteenth session").
	testAffinityDecay = 0.7
	// pointerShare of the room is kept, while substance is packed, for
	// reference lines to the best files that got nothing, and at most
	// maxPointerTokens: about thirty lines. At 16k tokens the share alone
	// held back 2,400 (some 95 lines that show no code); bounded at 800,
	// dev gold-line recall at 16k .741 → .761, at 8k .673 → .671, file
	// recall the same (eval.md, "2026-11-26 (sixth session)").
	pointerShare     = 0.15
	maxPointerTokens = 800
	// blockShare: no block may take more than this share of the room
	// (above it, it is focused on its matching lines), unless every
	// candidate fits at full level, it is pinned, or a person chose its level.
	// .5 → .35: dev gold-line recall .412/.537/.660/.748 → .411/.555/.671/.742,
	// file recall the same (.25 and .7 measured: eval.md, "2026-11-26").
	blockShare = 0.35
)

// priorities gives each live candidate its packing priority: its
// source's weight relative to the heaviest source present, times its
// score plus its affinity times the best score of its file (a block
// without a path is its own file); the n-th test block of a file, in rank
// order, keeps testAffinityDecay^n of its affinity.
func (p *packer) priorities() []float64 {
	top := map[string]float64{}
	wmax := 0.0
	for _, c := range p.cands {
		k := fileKey(c)
		top[k] = max(top[k], unitScore(c))
		wmax = max(wmax, p.weight(c.Source))
	}
	own := p.ownScores(top)
	pr := make([]float64, len(p.cands))
	tests := map[string]int{} // each file's test blocks met so far, in rank order
	for i, c := range p.cands {
		if c.Filler {
			pr[i] = minScore // last to be packed, first to go when over
			continue
		}
		w := 1.0
		if wmax > 0 {
			w = p.weight(c.Source) / wmax
		}
		k := fileKey(c)
		a := p.affinity(i)
		if engine.IsTestBlock(c.Block) {
			a *= math.Pow(testAffinityDecay, float64(tests[k]))
			tests[k]++
		}
		pr[i] = max(w*(own[i]+a*top[k]), minScore)
	}
	return pr
}

// ownScores is each live candidate's own part of its priority: its
// unitScore, or its file's best (top) when it holds a query term that none
// of its file's better-ranked blocks holds. The ranking discounts a file's
// second and later blocks (spread), rightly for a ranked list, where the
// next file tells more than the same one again; but such a block is not
// the same file again: it is where the file answers the rest of the
// question (stream.Push ranks second for "per-stream rate limit rejects
// log entries"; the rejecting is in validateEntries, its fourth block).
// Fillers take no part: their priority is minScore whatever they hold.
// p.held is weighLines'.
func (p *packer) ownScores(top map[string]float64) []float64 {
	own := make([]float64, len(p.cands))
	held := map[string]uint32{} // the query terms of each file's blocks so far, in rank order
	for i, c := range p.cands {
		own[i] = unitScore(c)
		if c.Filler {
			continue
		}
		k := fileKey(c)
		before, seen := held[k]
		if seen && p.held[i]&^before != 0 {
			own[i] = max(own[i], top[k])
		}
		held[k] = before | p.held[i]
	}
	return own
}

// affinity is how much of its file's best score candidate i's priority
// takes: fileAffinity, and unmatchedAffinity of it for a block that holds
// none of the query's terms and no anchor (its file's imports, an init, a
// helper beside the code that matters), which then waits behind the
// blocks of the next files that do hold them.
func (p *packer) affinity(i int) float64 {
	if p.terms && !p.holds(i) {
		return fileAffinity * unmatchedAffinity
	}
	return fileAffinity // matched, or no query terms to say what a block holds
}

// holds reports whether candidate i holds a query term or an anchor (a
// trace's line): such a block keeps its file's whole pull (affinity), and
// of one file's fillers it goes in first (fillers).
func (p *packer) holds(i int) bool {
	return p.lines[i].matched > 0 || len(p.lines[i].anchors) > 0
}

// unitScore is c's score within [minScore, 1]: the ranking normalizes
// scores to [0, 1], but a follower's bonus can lift a block above 1 (a
// commit at 1.75), which would let it outrank the best code of every file.
func unitScore(c engine.Candidate) float64 {
	return min(max(c.Score, minScore), 1)
}

func fileKey(c engine.Candidate) string {
	if c.Block.Path != "" {
		return c.Block.Path
	}
	return "\x00" + c.ID
}

// weight is source s's weight (1 when the request does not name it, never
// below 0).
func (p *packer) weight(s engine.Source) float64 {
	w, ok := p.req.Weights[s]
	if !ok {
		return 1
	}
	return max(w, 0)
}

// byPriority lists the unpinned candidates but fillers, highest priority
// first, ties by rank.
func (p *packer) byPriority() []int {
	var order []int
	for i, c := range p.cands {
		if !p.ch[i].pinned && !c.Filler {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(p.prio[a], p.prio[b]) })
	return order
}

// options gives every unpinned candidate its levels, valued by its
// priority and capped at blockShare of room unless all candidates fit at
// full level. It also records each source's nominal share of room (by
// weight, water-filled by demand) for the meters.
func (p *packer) options(room int) {
	demand := map[engine.Source]int{}
	own := make([]int, len(p.cands))
	total := 0
	for i, c := range p.cands {
		if !p.ch[i].pinned && !c.Filler { // fillers take no share (see fillers)
			plans, _ := levelPlans(c, p.lines[i], -1)
			own[i] = plans[p.ch[i].ceiling].est
			demand[c.Source] += own[i]
			total += own[i]
		}
	}
	srcs := p.sourceOrder(demand)
	weights := make(map[engine.Source]float64, len(srcs))
	for _, s := range srcs {
		weights[s] = p.weight(s)
	}
	p.shares = shareOut(room, srcs, weights, demand)
	for i, c := range p.cands {
		ch := &p.ch[i]
		switch {
		case ch.pinned, c.Filler: // a filler's options wait for the leftover step
		case ch.fixed || total <= room:
			ch.opts = levelOptions(c, p.lines[i], ch.ceiling, -1, p.prio[i])
		default:
			ch.opts = levelOptions(c, p.lines[i], ch.ceiling, blockCap(room, total-own[i]), p.prio[i])
			ch.capped = true
		}
	}
}

// blockCap is the most one block may take of room: blockShare of it, or
// what the other candidates leave of it at full level when that is more
// (then it crowds out no one).
func blockCap(room, others int) int {
	return max(int(float64(room)*blockShare), room-others)
}

// pointerReserve is what fill keeps back for pointers: pointerShare of
// room, at most maxPointerTokens and what a reference line to every file
// but the best costs.
func (p *packer) pointerReserve(room int, order []int) int {
	files := map[string]bool{}
	need := 0
	for _, i := range order {
		if k := fileKey(p.cands[i]); !files[k] {
			if len(files) > 0 {
				need += referenceEstimate(p.cands[i]) + headerEstimate/2
			}
			files[k] = true
		}
	}
	return min(int(float64(room)*pointerShare), need, maxPointerTokens)
}

// fill packs what the pins left, best first: Keep candidates at their
// cheapest level; then, by priority, each candidate at the richest level
// that shows its code (full, focus, head) and fits, keeping pointerShare
// of the room back; then reference lines to the best files still
// unrepresented; then whatever is left goes to richer levels, by priority.
func (p *packer) fill() {
	room := max(p.avail-p.overhead-p.used(), 0)
	p.options(room)
	order := p.byPriority()
	rest := room
	p.keepCheapest(order, &rest)
	reserve := p.pointerReserve(room, order)
	body := rest - reserve
	p.bestFirst(order, &body, engine.LevelHead)
	rest = body + reserve
	p.pointers(order, &rest)
	if rest > 0 {
		p.uncap(order)
		p.bestFirst(order, &rest, engine.LevelReference)
	}
	if rest > 0 {
		p.lift(order)
		p.bestFirst(order, &rest, engine.LevelHead)
	}
	if rest > 0 {
		p.bestFirst(p.fillers(), &rest, engine.LevelHead)
	}
}

// lift lets a block its source held to a poorer level (a graph
// neighbour at its signature) show its code once every candidate has its
// place and budget is still left: unused budget shows nothing. A level a
// person chose stays as it is.
func (p *packer) lift(order []int) {
	for _, i := range order {
		ch := &p.ch[i]
		if ch.fixed || ch.ceiling == engine.LevelFull {
			continue
		}
		ch.ceiling = engine.LevelFull
		p.reopen(i, levelOptions(p.cands[i], p.lines[i], engine.LevelFull, -1, p.prio[i]))
	}
}

// fillers lists the unpinned fillers of the files that have a block
// packed, the file of the best-priority block first, each file's blocks
// that hold a query term first, then the others, each in line order, and
// gives them their options (every level, uncapped): the rest
// of the files the pack is about, for what is left. Until then they have
// none, so a pack that is full never plans them.
func (p *packer) fillers() []int {
	best := map[string]float64{}
	for i, c := range p.cands {
		if p.ch[i].cur >= 0 && !c.Filler && c.Block.Path != "" {
			best[c.Block.Path] = max(best[c.Block.Path], p.prio[i])
		}
	}
	var out []int
	for i, c := range p.cands {
		if _, ok := best[c.Block.Path]; ok && c.Filler && !p.ch[i].pinned && p.ch[i].cur < 0 {
			p.ch[i].opts = levelOptions(c, p.lines[i], p.ch[i].ceiling, -1, p.prio[i])
			out = append(out, i)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int {
		ca, cb := p.cands[a].Block, p.cands[b].Block
		if d := cmpDesc(best[ca.Path], best[cb.Path]); d != 0 {
			return d
		}
		if ca.Path != cb.Path {
			return strings.Compare(ca.Path, cb.Path)
		}
		if ha, hb := p.holds(a), p.holds(b); ha != hb {
			if ha {
				return -1
			}
			return 1
		}
		return ca.StartLine - cb.StartLine
	})
	return out
}

// uncap lifts the one-block cap for the leftover pass: the cap keeps one
// block from crowding out the others while they are placed, and once they
// are, what is left may go to any block. Without it, a pack whose room
// held about one block used 33 of 201 tokens. The options below the
// current one (and the current one) are kept as they are, so what is
// packed and counted does not change. Only the blocks options cut are
// planned again, and only when something is left: a re-pack in the
// explorer pays for it only then.
func (p *packer) uncap(order []int) {
	for _, i := range order {
		ch := &p.ch[i]
		if !ch.capped {
			continue // its options were never cut
		}
		p.reopen(i, levelOptions(p.cands[i], p.lines[i], ch.ceiling, -1, p.prio[i]))
	}
}

// reopen gives candidate i the options of free richer than its current
// level, keeping that level and those below it as they are (packed and
// counted).
func (p *packer) reopen(i int, free []levelOption) {
	ch := &p.ch[i]
	if ch.cur < 0 {
		ch.opts = free
		return
	}
	cur := ch.opts[ch.cur].level
	var richer []levelOption
	for _, o := range free {
		if o.level < cur {
			richer = append(richer, o)
		}
	}
	ch.opts = append(richer, ch.opts[ch.cur:]...)
	ch.cur = len(richer)
}

// bestFirst moves each candidate of order, in turn, to the richest of its
// levels no poorer than worst that is richer than its current one and
// fits in budget.
func (p *packer) bestFirst(order []int, budget *int, worst engine.Level) {
	for _, i := range order {
		if *budget <= 0 {
			return
		}
		ch := &p.ch[i]
		for j := range ch.opts {
			if ch.opts[j].level > worst || ch.cur >= 0 && j >= ch.cur {
				continue
			}
			if d := p.delta(i, j, false); d*4/5 > *budget { // an estimate may be 25 % high
				continue
			}
			if d := p.delta(i, j, true); d <= *budget {
				*budget -= d
				p.apply(i, j)
				break
			}
		}
	}
}

// pointers packs, by priority, the cheapest level (a reference line) of
// the best candidate of each file that has nothing packed yet, while it
// fits: a pointer to a file the model may ask for.
func (p *packer) pointers(order []int, budget *int) {
	has := map[string]bool{}
	for i := range p.ch {
		if p.ch[i].cur >= 0 {
			has[fileKey(p.cands[i])] = true
		}
	}
	for _, i := range order {
		k := fileKey(p.cands[i])
		if has[k] || p.ch[i].cur >= 0 || *budget <= 0 {
			continue
		}
		j := len(p.ch[i].opts) - 1
		if d := p.delta(i, j, true); d <= *budget {
			*budget -= d
			p.apply(i, j)
			has[k] = true
		}
	}
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
