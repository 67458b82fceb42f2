package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestReaderWhileWriting: a second Index on the same directory (as a
// second process would be: bolt locks are per open file) keeps searching
// its snapshot while the first writes twice, and moves to the new
// snapshot on its next Update.
func TestReaderWhileWriting(t *testing.T) {
	root, writer, _ := build(t, fixture)
	ctx := context.Background()
	reader, err := Open(root, writer.opts)
	must(t, err)
	defer reader.Close()
	before := len(mustSearch(t, reader, "checkout"))
	if before == 0 {
		t.Fatal("reader finds nothing")
	}
	for i, body := range []string{"func Refund() {}\n", "func Refund() {}\nfunc Void() {}\n"} {
		writeTree(t, root, map[string]string{"refund.go": "package shop\n\n" + body})
		done := make(chan error)
		go func() { _, err := writer.Update(ctx, nil); done <- err }()
		for range 20 {
			if got := len(mustSearch(t, reader, "checkout")); got != before {
				t.Fatalf("round %d: reader saw %d hits during a write, want %d", i, got, before)
			}
		}
		must(t, <-done)
	}
	if hits := mustSearch(t, reader, "void"); len(hits) != 0 {
		t.Fatalf("reader sees new data before its Update: %v", paths(hits))
	}
	if _, err := os.Stat(snapshotPath(writer.dir, reader.man.Gen)); err != nil {
		t.Fatalf("the reader's snapshot was pruned while open: %v", err)
	}
	st, err := reader.Update(ctx, nil)
	must(t, err)
	if st.Blocks != 0 {
		t.Fatalf("reader's update rewrote %d blocks", st.Blocks)
	}
	if hits := mustSearch(t, reader, "void"); len(hits) != 1 {
		t.Fatalf("after Update the reader finds %v", paths(hits))
	}
	must(t, reader.Close())
	_, err = writer.Update(ctx, nil) // nothing changed: no write, no prune
	must(t, err)
	writeTree(t, root, map[string]string{"x.go": "package shop\n"})
	_, err = writer.Update(ctx, nil)
	must(t, err)
	snaps, _ := filepath.Glob(filepath.Join(writer.dir, snapshotsDir, "*"))
	if len(snaps) != 1 {
		t.Fatalf("snapshots left after readers closed: %v", snaps)
	}
}

func mustSearch(t *testing.T, ix *Index, text string) []Hit {
	t.Helper()
	hits, err := ix.Search(context.Background(), Query{Text: text})
	must(t, err)
	return hits
}
