package index

import (
	"context"
	"fmt"
	"slices"
	"testing"
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
