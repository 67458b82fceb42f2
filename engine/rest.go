package engine

// # The rest of the files, when the search runs out
//
// In a small repository, or for a query whose words few blocks hold, the
// search finds fewer blocks than the code provider may rank
// (MaxCandidates). A pack with room to spare then left it unused while
// the files it had found held code it never showed: on the dev cases a
// bubbletea query packed 4,761 of 16,000 tokens from a repository of
// 8,500, and the constructor the fix changed, in the file of the third
// block, was in no candidate. So when the pool was not cut, the code
// provider adds the other blocks of the files its candidates are from,
// best file first, as fillers: no score, a reason that says whose file
// they complete, and Candidate.Filler set. The packer places fillers only
// with what every ranked candidate left (engine/packing/budget.go), so
// they cost a pack that is full nothing. Adding the rest of the best
// files as ordinary candidates was measured before and lost: they
// displaced blocks the ranking had found (docs/bench/eval.md, "Best-first
// packing").

import (
	"context"
	"fmt"
	"slices"

	"github.com/loupe-dev/loupe/index"
)

const (
	restFiles   = 8    // files whose other blocks are added, best first
	restPerFile = 100  // blocks added of one file
	restScan    = 1000 // blocks of one file looked at (index.FileBlocks' bound)
	restBlocks  = 200  // fillers in all
	signalRest  = "rest"
)

// rest adds the other blocks of the files of cands (sorted best first) as
// fillers; see above. pool says which blocks the provider keeps. Of a
// file with more than restPerFile blocks, the first by line are added:
// the search returns a filter's hits by document ID, so the hundred it
// kept before were scattered through the file at random.
func (p *indexProvider) rest(ctx context.Context, cands []Candidate, pl *pool, clock *softClock) []Candidate {
	if p.src != SourceCode || p.opts.disabled(signalRest) || len(cands) == 0 {
		return cands
	}
	have := idSet(cands)
	var out []Candidate
	for _, path := range restTargets(cands) {
		if ctx.Err() != nil || len(out) >= restBlocks || clock.over(readShare, "not the rest of the files") {
			break
		}
		hits, err := p.s.Search(ctx, index.Query{PathPrefix: path, Limit: restScan})
		if err != nil {
			continue
		}
		n := 0
		for _, b := range fileBlocks(hits, path) {
			if n >= restPerFile || len(out) >= restBlocks {
				break
			}
			if have[b.ID] || !p.keep(b, pl) {
				continue
			}
			c, ok := readCandidate(p.s, p.src, b)
			if !ok {
				continue
			}
			have[b.ID] = true
			c.Filler = true
			c.Reason = fmt.Sprintf("the rest of %s, for budget left over", path)
			c.Signals = []Signal{{Name: signalRest, Detail: c.Reason}}
			out = append(out, c)
			n++
		}
	}
	return appendRanked(cands, out)
}

// fileBlocks keeps the hits of exactly path (a prefix query also finds
// "a.go.orig"), in line order.
func fileBlocks(hits []index.Hit, path string) []index.Block {
	var out []index.Block
	for _, h := range hits {
		if h.Block.Path == path {
			out = append(out, h.Block)
		}
	}
	slices.SortFunc(out, func(a, b index.Block) int { return a.StartLine - b.StartLine })
	return out
}

// restTargets lists up to restFiles files of the scored candidates, in
// rank order.
func restTargets(cands []Candidate) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range cands {
		if len(out) == restFiles {
			break
		}
		if c.Block.Path == "" || c.Deleted || c.Score <= 0 || seen[c.Block.Path] {
			continue
		}
		seen[c.Block.Path] = true
		out = append(out, c.Block.Path)
	}
	return out
}
