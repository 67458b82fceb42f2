package index

import (
	"context"
	"slices"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
)

// maxLookup bounds the blocks an exact lookup returns.
const maxLookup = 1000

// firstLookup is the page an exact lookup asks for first. Most names match
// fewer blocks, and bleve allocates a whole page of hits before it
// searches: a page of a thousand cost a pack on the Go tree 8 MB.
const firstLookup = 64

// Symbol finds blocks whose name or qualified name is exactly name (case
// kept), ordered by path and line.
func (ix *Index) Symbol(ctx context.Context, name string) ([]Block, error) {
	if name == "" {
		return nil, nil
	}
	return ix.lookup(ctx, term(name, fSym, 1), maxLookup)
}

// Callers finds blocks whose refs contain name: the blocks that call or
// use it. limit ≤ 0 means maxLookup.
func (ix *Index) Callers(ctx context.Context, name string, limit int) ([]Block, error) {
	if name == "" {
		return nil, nil
	}
	if limit <= 0 || limit > maxLookup {
		limit = maxLookup
	}
	return ix.lookup(ctx, term(name, fRefs, 1), limit)
}

// FileBlocks returns the blocks of one file (a path relative to the root,
// forward slashes), ordered by line.
func (ix *Index) FileBlocks(path string) ([]Block, error) {
	return ix.lookup(context.Background(), term(path, fPath, 1), maxLookup)
}

// BlockByID returns the block with the given ID.
func (ix *Index) BlockByID(id string) (Block, bool) {
	bs, err := ix.lookup(context.Background(), bleve.NewDocIDQuery([]string{id}), 1)
	if err != nil || len(bs) == 0 {
		return Block{}, false
	}
	return bs[0], true
}

// Enclosing returns the innermost block of path, other than its header,
// whose lines contain line. Diagnostics use it to show the code around an
// error.
func (ix *Index) Enclosing(path string, line int) (Block, bool) {
	bs, err := ix.FileBlocks(path)
	if err != nil {
		return Block{}, false
	}
	var best Block
	found := false
	for _, b := range bs {
		if b.Kind == KindHeader || line < b.StartLine || line > b.EndLine {
			continue
		}
		if !found || b.Lines() < best.Lines() {
			best, found = b, true
		}
	}
	return best, found
}

// lookup runs an unscored query and returns blocks in path and line order.
func (ix *Index) lookup(ctx context.Context, q query.Query, limit int) ([]Block, error) {
	var out []Block
	err := ix.withIndex(func(bi bleve.Index) error {
		res, err := lookupHits(ix.withScoring(ctx, bi), bi, q, limit)
		if err != nil {
			return err
		}
		out, err = hitBlocks(bi, res)
		return err
	})
	slices.SortStableFunc(out, blockCompare)
	return out, err
}

// lookupHits runs q in one pass (a term query: flat.go), or in bleve for
// a small page first and again for limit hits only when more matched;
// the result is the same as one search for limit.
// The hits kept when more match are the same whatever the index's segment
// layout (see topHits).
func lookupHits(ctx context.Context, bi bleve.Index, q query.Query, limit int) (search.DocumentMatchCollection, error) {
	return searchTop(ctx, bi, q, limit, min(limit, firstLookup)+1)
}
