package index

import (
	"context"
	"testing"

	"github.com/loupe-dev/loupe/index/chunk"
)

// TestChunkerPanicSkipsOneFile injects a panic into the chunker for one
// file: the Update succeeds, that file is left out as unchunkable, and
// every other file is searchable.
func TestChunkerPanicSkipsOneFile(t *testing.T) {
	old := chunkFile
	chunkFile = func(path string, data []byte) []chunk.Block {
		if path == "bad.go" {
			panic("injected chunker bug")
		}
		return old(path, data)
	}
	defer func() { chunkFile = old }()
	_, ix, st := build(t, map[string]string{
		"bad.go":  "package p\n\nfunc Bad() {}\n",
		"good.go": "package p\n\n// Checkout charges the cart.\nfunc Checkout() {}\n",
	})
	if st.Skipped[SkipUnchunkable] != 1 || st.Added != 1 {
		t.Fatalf("stats %+v: want bad.go unchunkable and good.go added", st)
	}
	hits, err := ix.Search(context.Background(), Query{Text: "checkout"})
	if err != nil || len(hits) == 0 {
		t.Fatalf("search after a chunker panic: %v %v", hits, err)
	}
}
