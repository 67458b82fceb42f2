package semantic

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/loupe-dev/loupe/index/cputime"
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
		snap, q := randomSnapshot(c.n, c.dim)
		snap.entries() // built once per snapshot, when first searched
		b.Run(fmt.Sprintf("n=%d/dim=%d", c.n, c.dim), func(b *testing.B) {
			start := cputime.Self()
			for b.Loop() {
				topEntries(snap, q, 50, false)
			}
			cputime.Report(b, start)
		})
	}
}

func randomSnapshot(n, dim int) (*snapshot, []float32) {
	r := rand.New(rand.NewPCG(1, 2))
	s := emptySnapshot("m")
	s.dim = dim
	s.vecs = make([]int8, 0, n*dim)
	v := make([]float32, dim)
	var q []float32
	const perFile = 10
	for f := 0; f < n/perFile; f++ {
		fe := fileEntries{Hash: "x"}
		for j := range perFile {
			i := f*perFile + j
			for d := range v {
				v[d] = r.Float32() - .5
			}
			normalize(v)
			if i == 7 {
				q = append([]float32(nil), v...)
			}
			key := fmt.Sprint(i)
			s.add(key, v)
			fe.Blocks = append(fe.Blocks, entry{ID: key, Key: key})
		}
		s.files[fmt.Sprint(f)] = fe
	}
	return s, q
}
