package vocab

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortPairs: the radix sort orders as a comparison sort does, with
// keys in every 16-bit digit (passes skipped or not), and no pairs at all.
func TestSortPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, mask := range []uint64{0, 0xff, 0xffff_0000_ffff, 0x0001_0000_0003_ffff, ^uint64(0)} {
		for _, n := range []int{0, 1, 2, 1000} {
			pairs := make([]pairCount, n)
			for i := range pairs {
				pairs[i] = pairCount{key: r.Uint64() & mask, n: int64(i)}
			}
			want := slices.Clone(pairs)
			slices.SortStableFunc(want, func(a, b pairCount) int { return cmp.Compare(a.key, b.key) })
			sortPairs(pairs)
			if !slices.Equal(pairs, want) {
				t.Fatalf("mask %#x, %d pairs: radix order differs", mask, n)
			}
		}
	}
}
