package engine

import (
	"context"
	"fmt"
	"path"

	"github.com/loupe-dev/loupe/index"
)

// Graph expansion: the neighbours of the strongest code hits, offered as
// code candidates of their own with the reason they are there.
//
// For each of the best expandTop hits it looks up the definitions of the
// names the hit uses (Block.Refs through Searcher.Symbol: the functions it
// calls, the types it uses), and the blocks that use the hit's name
// (Searcher.Callers). Callees and types come at signature level (what a
// model needs to call them correctly), callers at reference level (where
// the hit is used). A neighbour scores a fixed fraction of the hit that
// pulled it in, so it never outranks its reason for being there (fuse
// takes up to half of that away from one that holds none of the query's
// words: neighbourPrior). Cost:
// at most expandTop × (expandMaxRefs symbol lookups + 1 callers lookup)
// index queries per hop, expandDepth hops.
const (
	expandTop      = 5    // hits expanded
	expandDepth    = 1    // hops from a hit (2 would add callees of callees)
	expandFanOut   = 3    // callees and types, and callers, kept per expanded block
	expandMaxRefs  = 24   // refs of one block looked up
	expandMaxDefs  = 3    // a name with more definitions is ambiguous outside the hit's directory
	expandMinName  = 3    // shorter names are not looked up
	expandMaxTotal = 24   // neighbours offered in all (each costs a file read)
	factorCallee   = 0.5  // a callee or type scores this share of its hit
	factorCaller   = 0.35 // a caller scores this share of its hit
)

// GraphFollower is the graph-expansion follower of the code source.
type GraphFollower struct {
	s Searcher
}

// lookups memoizes one Follow's index lookups: the top hits often share
// refs ("Payment", "log") and callers.
type lookups struct {
	symbols map[string][]index.Block
	known   map[string]bool // names of the top hits: never looked up as refs
}

// NewGraphFollower returns graph expansion over the index s.
func NewGraphFollower(s Searcher) *GraphFollower { return &GraphFollower{s: s} }

// Source implements Follower: neighbours are code.
func (g *GraphFollower) Source() Source { return SourceCode }

// neighbour is a block found next to a hit, before its text is read.
type neighbour struct {
	block  index.Block
	reason string
	level  Level
	factor float64
}

// Follow implements Follower: the callees, types and callers of the top
// hits, never the hits themselves, each block once.
func (g *GraphFollower) Follow(ctx context.Context, _ Query, top []Candidate) ([]Candidate, error) {
	seen := map[string]bool{}
	memo := &lookups{symbols: map[string][]index.Block{}, known: map[string]bool{}}
	for _, c := range top {
		seen[c.Block.ID] = true
		memo.known[c.Block.Name] = true
	}
	frontier := top[:min(len(top), expandTop)]
	var out []Candidate
	for depth := 0; depth < expandDepth && len(frontier) > 0; depth++ {
		var next []Candidate
		for _, hit := range frontier {
			found, err := g.neighbours(ctx, hit.Block, memo)
			if err != nil {
				return nil, err
			}
			for _, n := range found {
				if seen[n.block.ID] || len(out) >= expandMaxTotal {
					continue
				}
				seen[n.block.ID] = true
				if c, ok := g.candidate(hit, n); ok {
					out = append(out, c)
					next = append(next, c)
				}
			}
		}
		frontier = next
	}
	return out, ctx.Err()
}

func (g *GraphFollower) neighbours(ctx context.Context, b index.Block, memo *lookups) ([]neighbour, error) {
	if b.Name == "" || b.Kind == index.KindHunk || b.Kind == index.KindCommit {
		return nil, nil
	}
	callees, err := g.callees(ctx, b, memo)
	if err != nil {
		return nil, err
	}
	callers, err := g.callers(ctx, b)
	if err != nil {
		return nil, err
	}
	return append(callees, callers...), nil
}

// callees are the definitions of the names b uses, other than the top
// hits themselves.
func (g *GraphFollower) callees(ctx context.Context, b index.Block, memo *lookups) ([]neighbour, error) {
	var out []neighbour
	for i, ref := range b.Refs {
		if i >= expandMaxRefs || len(out) >= expandFanOut {
			break
		}
		if len(ref) < expandMinName || ref == b.Name || memo.known[ref] {
			continue
		}
		defs, ok := memo.symbols[ref]
		if !ok {
			var err error
			if defs, err = g.s.Symbol(ctx, ref); err != nil {
				return nil, fmt.Errorf("engine: expand: symbol %q: %w", ref, err)
			}
			memo.symbols[ref] = defs
		}
		for _, d := range pickDefinitions(b, defs) {
			if len(out) < expandFanOut {
				out = append(out, neighbour{block: d, reason: usedBy(d, displayName(b)), level: LevelSignature, factor: factorCallee})
			}
		}
	}
	return out, nil
}

// pickDefinitions keeps the definitions of a name that b most likely
// means: not b itself, not tests (unless b is one), only those b can see
// (CanSee), and when the name is defined more than expandMaxDefs times,
// only those in b's directory.
func pickDefinitions(b index.Block, defs []index.Block) []index.Block {
	var same, other []index.Block
	for _, d := range defs {
		if d.ID == b.ID || (d.Test && !b.Test) || !CanSee(b, d) {
			continue
		}
		if path.Dir(d.Path) == path.Dir(b.Path) {
			same = append(same, d)
		} else {
			other = append(other, d)
		}
	}
	if len(same)+len(other) > expandMaxDefs {
		other = nil
	}
	out := append(same, other...)
	return out[:min(len(out), expandMaxDefs)]
}

func usedBy(def index.Block, user string) string {
	switch def.Kind {
	case index.KindType, index.KindClass, index.KindInterface:
		return "type used by " + user
	case index.KindFunction, index.KindMethod:
		return "called by " + user
	}
	return "used by " + user
}

// displayName is how a reason names a block: Type.method for methods.
func displayName(b index.Block) string {
	if b.QualName != "" {
		return b.QualName
	}
	return b.Name
}

// callers are the blocks that use b's name and can see it (CanSee), tests
// left to the tests source.
func (g *GraphFollower) callers(ctx context.Context, b index.Block) ([]neighbour, error) {
	if len(b.Name) < expandMinName {
		return nil, nil
	}
	blocks, err := g.s.Callers(ctx, b.Name, 4*expandFanOut)
	if err != nil {
		return nil, fmt.Errorf("engine: expand: callers of %s: %w", b.Name, err)
	}
	var out []neighbour
	for _, c := range blocks {
		if c.ID == b.ID || (c.Test && !b.Test) || !CanSee(c, b) || len(out) >= expandFanOut {
			continue
		}
		out = append(out, neighbour{block: c, reason: "calls " + displayName(b), level: LevelReference, factor: factorCaller})
	}
	return out, nil
}

// candidate reads n's current text; a block that cannot be read is skipped.
func (g *GraphFollower) candidate(hit Candidate, n neighbour) (Candidate, bool) {
	c, ok := readCandidate(g.s, SourceCode, n.block)
	if !ok {
		return Candidate{}, false
	}
	c.Score = hit.Score * n.factor
	c.Signals = []Signal{{Name: "graph", Value: c.Score, Detail: n.reason}}
	c.Reason, c.Level, c.Neighbour = n.reason, n.level, true
	return c, true
}
