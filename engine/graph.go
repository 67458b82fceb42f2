package engine

import (
	"context"
	"fmt"
	"sort"

	"github.com/loupe-dev/loupe/index"
)

// Personalized PageRank over the reference graph of one request's blocks.
const (
	graphDamping      = 0.85 // probability of following an edge rather than jumping to a seed
	graphIterations   = 20   // power iterations; the ranking is stable well before
	weightCallerEdge  = 0.5  // weight of the edge from a definition back to a block using it
	maxDefsPerName    = 8    // a name defined more often than this is too ambiguous to link
	maxDefsPerLookup  = 3    // definitions kept per looked-up ref
	minSeedNameLength = 3    // callers of shorter names are not looked up
	// seedsPerFile: the best two blocks of a file may both be seeds. The
	// second is often the small function the question names, beside the
	// type that holds its words (doKeepAlives after Server), and its
	// callers are the code that does the work.
	seedsPerFile = 2
)

// expand adds the neighbours of the strongest hits to the pool: blocks
// that call them (Searcher.Callers) and the definitions of the names they
// use (Searcher.Symbol). The new blocks have no text score; they rise
// through the graph signal, their own name and path, and once read, the
// query words their text holds (coverage).
func (p *indexProvider) expand(ctx context.Context, pl *pool, r *ranker) error {
	seeds := r.cutPerFile(pl, p.opts.GraphSeeds, seedsPerFile)
	for _, s := range seeds {
		if len(s.block.Name) < minSeedNameLength {
			continue
		}
		blocks, err := p.s.Callers(ctx, s.block.Name, p.opts.CallersPerSeed)
		if err != nil {
			return fmt.Errorf("engine: callers of %s: %w", s.block.Name, err)
		}
		blocks = visibleTo(blocks, func(c index.Block) bool { return CanSee(c, s.block) })
		p.addLookups(pl, blocks, len(blocks), s.block.Name)
	}
	defined := map[string]bool{}
	for _, f := range pl.list {
		defined[f.block.Name] = true
	}
	lookups := 0
	for _, s := range seeds {
		for _, ref := range capStrings(s.block.Refs, p.opts.MaxRefsPerBlock) {
			if defined[ref] || len(ref) < minSeedNameLength || lookups >= p.opts.MaxRefLookups {
				continue
			}
			defined[ref] = true
			lookups++
			blocks, err := p.s.Symbol(ctx, ref)
			if err != nil {
				return fmt.Errorf("engine: symbol %q: %w", ref, err)
			}
			blocks = visibleTo(blocks, func(d index.Block) bool { return CanSee(s.block, d) })
			p.addLookups(pl, blocks, maxDefsPerLookup, s.block.Name)
		}
	}
	r.base(pl)
	return ctx.Err()
}

// visibleTo keeps the blocks for which ok holds, in order (a new slice:
// lookups may share their results).
func visibleTo(blocks []index.Block, ok func(index.Block) bool) []index.Block {
	out := make([]index.Block, 0, len(blocks))
	for _, b := range blocks {
		if ok(b) {
			out = append(out, b)
		}
	}
	return out
}

func (p *indexProvider) addLookups(pl *pool, blocks []index.Block, n int, via string) {
	for i, b := range blocks {
		if i >= n {
			break
		}
		if _, ok := pl.byID[b.ID]; ok || !p.keep(b, pl) {
			continue
		}
		f := pl.add(b)
		f.lookup, f.via = true, via
	}
}

// edge is a weighted link between two pool entries; back marks the edge
// from a definition to a block that uses it.
type edge struct {
	to   int
	w    float64
	back bool
}

// refGraph links each block to the definitions of the names it uses that
// it can see (CanSee; weight 1, split among them) and each definition
// back to its users (weightCallerEdge).
func refGraph(list []*found, maxRefs int) [][]edge {
	byName := map[string][]int{}
	for i, f := range list {
		if n := f.block.Name; n != "" {
			byName[n] = append(byName[n], i)
		}
	}
	out := make([][]edge, len(list))
	for i, f := range list {
		for _, ref := range capStrings(f.block.Refs, maxRefs) {
			defs := seenDefs(list, f.block, byName[ref])
			if len(defs) == 0 || len(defs) > maxDefsPerName {
				continue
			}
			w := 1 / float64(len(defs))
			for _, j := range defs {
				if j != i {
					out[i] = append(out[i], edge{to: j, w: w})
					out[j] = append(out[j], edge{to: i, w: w * weightCallerEdge, back: true})
				}
			}
		}
	}
	return out
}

// seenDefs keeps the definitions (indexes into list) that user can see.
func seenDefs(list []*found, user index.Block, defs []int) []int {
	out := defs[:0:0]
	for _, j := range defs {
		if CanSee(user, list[j].block) {
			out = append(out, j)
		}
	}
	return out
}

// pageRank runs personalized PageRank with teleport vector seed (summing
// to 1) and returns, per node, the rank that flowed in along edges in
// the last iteration (the rank minus the teleport share), and the
// neighbour that sent the most of it.
func pageRank(g [][]edge, seed []float64) (inflow []float64, from []int) {
	n := len(g)
	outW := make([]float64, n)
	for i, es := range g {
		for _, e := range es {
			outW[i] += e.w
		}
	}
	rank := append([]float64(nil), seed...)
	next := make([]float64, n)
	inflow = make([]float64, n)
	for it := 0; it < graphIterations; it++ {
		dangling := 0.0
		clear(inflow)
		for i := range rank {
			if outW[i] == 0 {
				dangling += rank[i]
			}
		}
		for i, es := range g {
			for _, e := range es {
				inflow[e.to] += graphDamping * rank[i] * e.w / outW[i]
			}
		}
		for i := range next {
			next[i] = inflow[i] + ((1-graphDamping)+graphDamping*dangling)*seed[i]
		}
		rank, next = next, rank
	}
	return inflow, strongestSender(g, rank, outW, n)
}

// strongestSender finds, per node, the neighbour whose edge carries the
// most rank to it (-1 when none).
func strongestSender(g [][]edge, rank, outW []float64, n int) []int {
	from := make([]int, n)
	best := make([]float64, n)
	for i := range from {
		from[i] = -1
	}
	for i, es := range g {
		for _, e := range es {
			if v := rank[i] * e.w / outW[i]; v > best[e.to] {
				best[e.to], from[e.to] = v, i
			}
		}
	}
	return from
}

// graph adds the graph signal: PageRank personalized on the strongest
// hits, as inflow relative to the best node's.
func (r *ranker) graph(pl *pool) {
	list := pl.list
	seed := seedVector(list, r.opts.GraphSeeds)
	if seed == nil {
		return
	}
	g := refGraph(list, r.opts.MaxRefsPerBlock)
	inflow, from := pageRank(g, seed)
	top := 0.0
	for _, v := range inflow {
		top = max(top, v)
	}
	if top <= 0 {
		return
	}
	for i, f := range list {
		if inflow[i] <= 0 || from[i] < 0 {
			continue
		}
		v := weightGraph * inflow[i] / top
		if f.bm25 == 0 {
			v *= 1 - penaltyGraphOnly
		}
		r.add(f, signalGraph, Signal{Value: v, Detail: graphDetail(list, g, i, from[i])})
	}
}

// seedVector puts teleport mass on the n best-scoring entries, in
// proportion to their score; nil when no entry scores above zero.
func seedVector(list []*found, n int) []float64 {
	idx := make([]int, len(list))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return better(list[idx[a]].score, list[idx[b]].score, list[idx[a]].block, list[idx[b]].block)
	})
	seed := make([]float64, len(list))
	sum := 0.0
	for k := 0; k < len(idx) && k < n; k++ {
		if s := list[idx[k]].score; s > 0 {
			seed[idx[k]] = s
			sum += s
		}
	}
	if sum == 0 {
		return nil
	}
	for i := range seed {
		seed[i] /= sum
	}
	return seed
}

// graphDetail says how node i is linked to the node that ranks it most.
func graphDetail(list []*found, g [][]edge, i, j int) string {
	name := list[j].block.QualName
	if name == "" {
		name = list[j].block.Name
	}
	for _, e := range g[j] {
		if e.to == i && e.back {
			return "calls " + name
		}
	}
	return "used by " + name
}
