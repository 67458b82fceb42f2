package semantic

import (
	"cmp"
	"container/heap"
	"slices"
)

// scored is one block with its similarity to the query.
type scored struct {
	id  string
	sim float32
}

// topEntries scores every stored vector against the unit query vector q
// (one dot product each, once per distinct vector) and returns the k
// best blocks of the asked kind, best first, ties by block ID.
func topEntries(snap *snapshot, q []float32, k int, prose bool) []scored {
	return topOf(snap, similarities(snap, q), k, prose)
}

// similarities scores every stored vector against q.
func similarities(snap *snapshot, q []float32) []float32 {
	sims := make([]float32, len(snap.keys))
	for i := range sims {
		sims[i] = dot(q, snap.vector(i)) * snap.scales[i]
	}
	return sims
}

// topOf returns the k best blocks of the asked kind by sims.
func topOf(snap *snapshot, sims []float32, k int, prose bool) []scored {
	h := &minHeap{}
	for _, e := range snap.entries() {
		if e.prose != prose {
			continue
		}
		sim := sims[e.vec]
		if h.Len() == k && sim < (*h)[0].sim {
			continue // cannot enter: skip the comparison of IDs
		}
		h.offer(scored{id: e.id, sim: sim}, k)
	}
	out := slices.Clone(*h)
	slices.SortFunc(out, func(a, b scored) int { return -less(a, b) })
	return out
}

// dot is the dot product of a float vector and a quantized one of the
// same length, unrolled by four (about twice as fast as the plain loop).
func dot(a []float32, b []int8) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * float32(b[i])
		s1 += a[i+1] * float32(b[i+1])
		s2 += a[i+2] * float32(b[i+2])
		s3 += a[i+3] * float32(b[i+3])
	}
	for ; i < len(a); i++ {
		s0 += a[i] * float32(b[i])
	}
	return s0 + s1 + s2 + s3
}

// less orders by similarity, then by ID (the smaller ID is better), so the
// result does not depend on map order.
func less(a, b scored) int {
	if c := cmp.Compare(a.sim, b.sim); c != 0 {
		return c
	}
	return cmp.Compare(b.id, a.id)
}

// minHeap keeps the k best scored blocks; the worst is at the top.
type minHeap []scored

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return less(h[i], h[j]) < 0 }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(scored)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (h *minHeap) offer(s scored, k int) {
	if k <= 0 {
		return
	}
	if h.Len() < k {
		heap.Push(h, s)
		return
	}
	if less(s, (*h)[0]) > 0 {
		(*h)[0] = s
		heap.Fix(h, 0)
	}
}
