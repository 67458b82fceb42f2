//go:build unix

package semantic

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// BenchmarkNearest measures the exact cosine scan (one dot product per
// vector, then a top-50 heap) at 10^5 and 10^6 stored vectors. At 768
// dimensions (nomic-embed-text) 10^6 vectors are 3 GB of float32, more
// than this machine should hold for a benchmark; the scan is linear in
// n·d, so 10^6 is measured at 96 dimensions and scales by 8 to 768.
//
//	go test -run - -bench Nearest -benchtime 5x ./engine/source/semantic/
func BenchmarkNearest(b *testing.B) {
	for _, c := range []struct{ n, dim int }{{100_000, 768}, {1_000_000, 96}} {
		snap := randomSnapshot(c.n, c.dim)
		q := snap.vector(7)
		snap.entries() // built once per snapshot, when first searched
		b.Run(fmt.Sprintf("n=%d/dim=%d", c.n, c.dim), func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				topEntries(snap, q, 50, false)
			}
			// CPU time per query: steadier than wall time on a shared machine.
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

func randomSnapshot(n, dim int) *snapshot {
	r := rand.New(rand.NewPCG(1, 2))
	s := emptySnapshot("m")
	s.dim = dim
	s.vecs = make([]float32, n*dim)
	for i := range s.vecs {
		s.vecs[i] = r.Float32() - .5
	}
	const perFile = 10
	for f := 0; f < n/perFile; f++ {
		fe := fileEntries{Hash: "x"}
		for j := range perFile {
			i := f*perFile + j
			key := fmt.Sprint(i)
			normalize(s.vector(i))
			s.keys = append(s.keys, key)
			s.pos[key] = i
			fe.Blocks = append(fe.Blocks, entry{ID: key, Key: key})
		}
		s.files[fmt.Sprint(f)] = fe
	}
	return s
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
