package index

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A no-change Update plans with the readers' own manifest (no copy); an
// Update that writes must leave that manifest as readers saw it.
func TestUpdateLeavesReadersManifest(t *testing.T) {
	root, ix, _ := build(t, fixture)
	ctx := context.Background()
	if _, err := ix.Update(ctx, nil); err != nil { // nothing changed: shared
		t.Fatal(err)
	}
	_, seen := ix.snapshot()
	before := maps.Clone(seen.Files)
	entries := map[string]fileEntry{}
	for k, e := range seen.Files {
		entries[k] = *e
	}
	gen := seen.Gen
	writeTree(t, root, map[string]string{"cart/cart.go": strings.Replace(fixture["cart/cart.go"], "Checkout", "CheckoutNow", 2)})
	must(t, os.Remove(filepath.Join(root, "README.md")))
	st, err := ix.Update(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Changed != 1 || st.Removed != 1 {
		t.Fatalf("stats %+v", st)
	}
	if seen.Gen != gen || len(seen.Files) != len(before) {
		t.Fatalf("the readers' manifest changed: gen %d -> %d, %d -> %d files", gen, seen.Gen, len(before), len(seen.Files))
	}
	for k, e := range seen.Files {
		if before[k] != e || entries[k] != *e {
			t.Fatalf("the readers' entry of %s changed", k)
		}
	}
	if _, now := ix.snapshot(); now == seen || now.Gen == gen {
		t.Fatal("the Update published no new manifest")
	}
}
