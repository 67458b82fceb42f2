package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// OpenForUpdate's walk serves the first Update: a change made before Open
// is found, and nothing else moves.
func TestOpenForUpdateWalksEarly(t *testing.T) {
	root, ix, _ := build(t, fixture)
	dir := ix.Dir()
	must(t, ix.Close())
	writeTree(t, root, map[string]string{"cart/cart.go": strings.Replace(fixture["cart/cart.go"], "Checkout", "CheckoutNow", 2)})
	opts := testOptions(t)
	opts.IndexDir = dir
	ix2, err := OpenForUpdate(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix2.Close()
	if ix2.early == nil {
		t.Fatal("no early walk")
	}
	st, err := ix2.Update(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Changed != 1 || st.Added != 0 || st.Removed != 0 || st.Unchanged != len(fixture)-1 {
		t.Fatalf("stats %+v", st)
	}
	if ix2.early != nil {
		t.Fatal("the early walk was not taken")
	}
	st, err = ix2.Update(context.Background(), nil) // walks again
	if err != nil || st.Changed+st.Added+st.Removed != 0 {
		t.Fatalf("second update %+v %v", st, err)
	}
}

// An index published by another writer after the early walk began makes
// it stale: a file that writer indexed, made after the walk, is not taken
// for removed.
func TestOpenForUpdateWalksAgainAfterAnotherWriter(t *testing.T) {
	root, ix, _ := build(t, fixture)
	opts := testOptions(t)
	opts.IndexDir = ix.Dir()
	ix2, err := OpenForUpdate(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix2.Close()
	<-ix2.early.done // the walk is over: the file below is not in it
	writeTree(t, root, map[string]string{"ship/ship.go": "package ship\n\n// ShipOrder sends the parcel.\nfunc ShipOrder() {}\n"})
	if st, err := ix.Update(context.Background(), nil); err != nil || st.Added != 1 {
		t.Fatalf("the other writer: %+v %v", st, err)
	}
	st, err := ix2.Update(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed != 0 || st.Added != 0 {
		t.Fatalf("stats %+v: the early walk was used after another writer published", st)
	}
	hits, err := ix2.Search(context.Background(), Query{Text: "shiporder"})
	if err != nil || len(hits) == 0 {
		t.Fatalf("ship/ship.go not found: %v %v", hits, err)
	}
}

// Close stops an early walk nobody took.
func TestOpenForUpdateClose(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, fixture)
	must(t, os.MkdirAll(filepath.Join(root, "more"), 0o755))
	ix, err := OpenForUpdate(root, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	must(t, ix.Close())
	if ix.early != nil {
		t.Fatal("Close left the early walk")
	}
}
