package engine

// # The headers of the files the query is about
//
// A fix often adds an import, and a model that edits a file needs to know
// what the file already imports; the header block (package clause and
// imports) holds none of the query's words, so search never returns it.
// On the dev cases at 16k tokens, imports were the commonest of the lines
// a fix changed that sat in a packed file but in no candidate. So for the
// few files the query is most about (the best block of each scores at
// least headerFloor of the best overall), the code provider adds the
// file's header block at headerScore of its file's best score: low in the
// ranked list, and packed (with the packer's file affinity, engine/packing/budget.go)
// after the file's matched blocks. docs/bench/eval.md, "Best-first
// packing", measures it.

import (
	"context"
	"fmt"

	"github.com/loupe-dev/loupe/index"
)

const (
	headerFiles  = 3   // files whose header is added, best first
	headerFloor  = 0.5 // a file qualifies when its best block scores this share of the best
	headerScore  = 0.1 // a header's score, as a share of its file's best
	signalHeader = "header"
)

// headers adds the header blocks of the files cands are most about (see
// above). cands are sorted best first with scores in [0, 1].
func (p *indexProvider) headers(ctx context.Context, cands []Candidate, clock *softClock) []Candidate {
	if p.src != SourceCode || p.opts.disabled(signalHeader) || len(cands) == 0 || cands[0].Score <= 0 {
		return cands
	}
	have := idSet(cands)
	var out []Candidate
	for path, best := range headerTargets(cands) {
		if ctx.Err() != nil || clock.over(readShare, "no file headers") {
			break
		}
		hits, err := p.s.Search(ctx, index.Query{PathPrefix: path, Kinds: []index.Kind{index.KindHeader}, Limit: 4})
		if err != nil {
			continue
		}
		for _, h := range hits {
			if h.Block.Path != path || h.Block.Kind != index.KindHeader || have[h.Block.ID] {
				continue
			}
			c, ok := readCandidate(p.s, p.src, h.Block)
			if !ok {
				continue
			}
			have[h.Block.ID] = true
			c.Score = best * headerScore
			c.Reason = fmt.Sprintf("the imports of %s, a file the query is most about", path)
			c.Signals = []Signal{{Name: signalHeader, Value: c.Score, Detail: c.Reason}}
			out = append(out, c)
		}
	}
	return appendRanked(cands, out)
}

// idSet is the set of the IDs of cands.
func idSet(cands []Candidate) map[string]bool {
	have := make(map[string]bool, len(cands))
	for _, c := range cands {
		have[c.ID] = true
	}
	return have
}

// appendRanked adds extra to cands and sorts the whole by rank; cands
// come back as they were when extra is empty.
func appendRanked(cands, extra []Candidate) []Candidate {
	if len(extra) == 0 {
		return cands
	}
	all := append(cands, extra...)
	sortCandidates(all)
	return all
}

// headerTargets lists up to headerFiles files whose best block scores at
// least headerFloor of the best, in rank order, with that score.
func headerTargets(cands []Candidate) func(yield func(string, float64) bool) {
	return func(yield func(string, float64) bool) {
		seen := map[string]bool{}
		for _, c := range cands {
			if len(seen) == headerFiles || c.Score < headerFloor*cands[0].Score {
				return
			}
			if c.Block.Path == "" || c.Deleted || seen[c.Block.Path] {
				continue
			}
			seen[c.Block.Path] = true
			if !yield(c.Block.Path, c.Score) {
				return
			}
		}
	}
}
