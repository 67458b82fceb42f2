package main

import (
	"io"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"strings"

	"github.com/loupe-dev/loupe/index/hugeheap"
	"github.com/loupe-dev/loupe/index/inroot"
	"github.com/loupe-dev/loupe/index/safefile"
)

// A one-shot pack backs heap in huge pages before it starts (packHeap),
// and how much it needs depends on the tree: about 16 MB more than every
// process starts with on the Go tree, 34 on Loki, none on a repository of
// a few hundred files. Backing what a pack does not use costs 1-2 ms a MB
// after a pause (see packHeap), 40-70 ms of a 0.2 s pack on a small
// repository. So each pack measures what it used and leaves the figure
// in the index's directory for the next pack of the same index.
const (
	// packHeapFile holds the bytes the next pack backs, in decimal.
	packHeapFile = "pack-heap"
	// packHeapMax bounds what a record can ask for: a pack that also
	// rebuilt much of its index allocates far more than the next will,
	// and the file may have been edited by anyone who can write there.
	packHeapMax = 64 << 20
	// packHeapStep is what the figure is rounded up to: what Back backs
	// in, so that small differences between packs do not rewrite the file.
	packHeapStep = hugeheap.PageSize
)

// heapMeter measures, for one pack, how much heap it used beyond what was
// backed for it.
type heapMeter struct {
	dir      string // the index's directory; "" records nothing
	recorded int    // what packHeapFile said, -1 when it said nothing usable
	backed   int    // what hugeheap.Back backed
	resident uint64 // heap in memory right after backing
}

// backPackHeap backs the heap for a pack of the index in dir: what the
// last pack there measured, or packHeap when none did.
func backPackHeap(dir string) *heapMeter {
	m := &heapMeter{dir: dir, recorded: readPackHeap(dir)}
	want := m.recorded
	if want < 0 {
		want = packHeap
	}
	m.backed = hugeheap.Back(want)
	m.resident, _ = heapUse()
	return m
}

// done records what the next pack should back: what this one backed, plus
// what its heap grew by beyond that, minus what stayed free in memory at
// the end, rounded up to packHeapStep. The file is written only when the
// figure moved by more than a step (packs of one tree often measure a
// step apart from run to run, and the write is synced); an error writing
// it loses nothing but the hint.
func (m *heapMeter) done() {
	if m.dir == "" {
		return
	}
	resident, free := heapUse()
	next := nextPackHeap(m.backed, int64(resident)-int64(m.resident), int64(free))
	if m.recorded < 0 || next > m.recorded+packHeapStep || next < m.recorded-packHeapStep {
		safefile.Write(filepath.Join(m.dir, packHeapFile), []byte(strconv.Itoa(next)+"\n"))
	}
}

// nextPackHeap is the backing for the next pack: backed, plus grew (heap
// faulted in beyond it), minus free (backed but unused at the end),
// rounded up to packHeapStep and kept within [0, packHeapMax].
func nextPackHeap(backed int, grew, free int64) int {
	n := int64(backed) + max(grew, 0) - max(free, 0)
	n = (n + packHeapStep - 1) / packHeapStep * packHeapStep
	return int(min(max(n, 0), packHeapMax))
}

// readPackHeap returns the figure in dir's packHeapFile, or -1 when there
// is none or it is not a number in [0, packHeapMax].
func readPackHeap(dir string) int {
	if dir == "" {
		return -1
	}
	f, _, err := inroot.OpenPath(filepath.Join(dir, packHeapFile)) // a pipe there is refused, not waited on
	if err != nil {
		return -1
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, 32))
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || n < 0 || n > packHeapMax {
		return -1
	}
	return n
}

// heapUse returns the heap the process holds in memory (objects, the
// unused ends of their spans, goroutine stacks and free pages not yet
// returned) and, of that, the free pages.
func heapUse() (resident, free uint64) {
	s := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(s)
	for _, x := range s {
		if x.Value.Kind() == metrics.KindUint64 {
			resident += x.Value.Uint64()
		}
	}
	if s[3].Value.Kind() == metrics.KindUint64 {
		free = s[3].Value.Uint64()
	}
	return resident, free
}
