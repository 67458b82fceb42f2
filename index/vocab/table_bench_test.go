package vocab

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// A real index's counts and table (LOUPE_INDEX: an index directory), to
// measure the table's build on and to check that a faster build writes
// the same bytes as the one that wrote the index's table:
//
//	LOUPE_INDEX=IX go test ./index/vocab -run IndexTable -bench BuildTable

// indexCounts reads LOUPE_INDEX's counts and its table of the same
// generation.
func indexCounts(tb testing.TB) (*Counts, []byte) {
	dir := os.Getenv("LOUPE_INDEX")
	if dir == "" {
		tb.Skip("LOUPE_INDEX names no index directory")
	}
	f, err := os.Open(filepath.Join(dir, "vocab.counts"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	br := bufio.NewReader(f)
	gen, err := binary.ReadVarint(br)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := ReadCounts(br)
	if err != nil {
		tb.Fatal(err)
	}
	table, err := os.ReadFile(filepath.Join(dir, "vocab.table"))
	if err != nil {
		tb.Fatal(err)
	}
	g, n := binary.Varint(table)
	if n <= 0 || g != gen {
		tb.Skipf("the table is of generation %d, the counts of %d", g, gen)
	}
	return c, table[n:]
}

func TestBuildTableIsTheIndexTable(t *testing.T) {
	c, want := indexCounts(t)
	if got := BuildTable(c); !bytes.Equal(got, want) {
		t.Errorf("the table built differs from the index's (%d and %d bytes)", len(got), len(want))
	}
}

// BenchmarkBuildTable builds the table of a real index's counts, as every
// Update that changes a file does.
func BenchmarkBuildTable(b *testing.B) {
	c, _ := indexCounts(b)
	b.ReportAllocs()
	for b.Loop() {
		BuildTable(c)
	}
}
