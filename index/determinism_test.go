package index

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2"
)

// tiedTree holds n files whose blocks score the same for "same".
func tiedTree(n int, body func(i int) string) map[string]string {
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("tie/f%02d.go", i)] = body(i)
	}
	return files
}

// TestSearchIndependentOfSegments builds one tree twice: fresh, and by
// rewriting half of its files after a first build, so that their blocks
// land in later segments. Equal scores straddle the cut of a small limit;
// both indexes must keep the same hits, the first by ID.
func TestSearchIndependentOfSegments(t *testing.T) {
	final := tiedTree(40, func(int) string { return "package tie\n\nfunc Same() {}\n" })
	_, fresh, _ := build(t, final)

	root, moved, _ := build(t, tiedTree(40, func(i int) string {
		if i < 20 {
			return "package tie\n\nfunc Other() {}\n"
		}
		return final[fmt.Sprintf("tie/f%02d.go", i)]
	}))
	writeTree(t, root, final)
	if _, err := moved.Update(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	ids := func(ix *Index) []string {
		hits, err := ix.Search(context.Background(), Query{Text: "same", Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range hits {
			out = append(out, h.Block.ID)
		}
		return out
	}
	a, b := ids(fresh), ids(moved)
	if !slices.Equal(a, b) {
		t.Fatalf("fresh build kept %v, rebuilt one %v", a, b)
	}
	if len(a) != 5 || !slices.IsSorted(a) {
		t.Fatalf("hits %v, want the 5 tied blocks of the smallest IDs", a)
	}
}

// TestTopHitsIndependentOfFirstPage: Search asks a first page of twice the
// limit (so that a group of equal scores at the cut rarely needs a second
// search); the hits kept must be the ones any first page gives.
func TestTopHitsIndependentOfFirstPage(t *testing.T) {
	_, ix, _ := build(t, tiedTree(40, func(i int) string {
		if i%3 == 0 {
			return "package tie\n\nfunc Same() { same() }\n"
		}
		return "package tie\n\nfunc Same() {}\n"
	}))
	q := buildQuery(Query{Text: "same"})
	for _, limit := range []int{1, 5, 13, 25, 39, 60} {
		var want []string
		for _, first := range []int{limit + 1, 2 * limit, 2, 64, maxTieHits} {
			var got []string
			err := ix.withIndex(func(bi bleve.Index) error {
				res, err := topHits(context.Background(), bi, q, limit, first)
				for _, m := range res {
					got = append(got, fmt.Sprintf("%s %.6f", m.ID, m.Score))
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			if want == nil {
				want = got
			} else if !slices.Equal(got, want) {
				t.Fatalf("limit %d, first page %d: %v, want %v", limit, first, got, want)
			}
		}
	}
}
