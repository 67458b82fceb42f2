package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/loupe-dev/loupe/index"
)

// Dedup thresholds.
const (
	// ratioContainerWins: a block that contains another matched block is
	// kept instead of the finer one only when it scores at least this many
	// times higher; otherwise the finer block stays.
	ratioContainerWins = 1.5
	// nearDupNum/nearDupDen: texts at least 9/10 alike (Jaccard similarity
	// of their word shingles) are near-duplicates.
	nearDupNum = 9
	nearDupDen = 10
	// shingleWords is how many consecutive words make one shingle.
	shingleWords = 3
)

// Dedup folds duplicates into the best-scoring copy and records each merge.
// Two candidates are duplicates when they have the same path and range;
// when one lies inside the other (same path, across sources too, so a change
// hunk inside a code block counts): the finer is kept unless the container
// scores ratioContainerWins times higher; when their texts are at least 90 %
// alike by shingles; or when one is a commit and the other a change or hunk
// carrying the same "sha". Kept candidates keep their input order. The
// result depends only on the input, never on map order.
func Dedup(cands []Candidate) ([]Candidate, []Merge) {
	return dedup(cands, nil)
}

// dedup is Dedup with a preference: a preferred candidate (pinned) is never
// folded into one that is not.
func dedup(cands []Candidate, prefer func(Candidate) bool) ([]Candidate, []Merge) {
	d := newDeduper(cands, prefer)
	for _, i := range d.order {
		d.place(i)
	}
	kept := make([]Candidate, 0, len(cands))
	for i, c := range cands {
		if d.alive[i] {
			kept = append(kept, c)
		}
	}
	return kept, d.merges
}

type deduper struct {
	cands  []Candidate
	prefer func(Candidate) bool
	order  []int // indexes by rank: score desc, then ID
	alive  []bool
	byPath map[string][]int
	sh     []shingles
	near   *nearIndex
	bySHA  map[string][]int
	merges []Merge
}

func newDeduper(cands []Candidate, prefer func(Candidate) bool) *deduper {
	d := &deduper{
		cands: cands, prefer: prefer, alive: make([]bool, len(cands)),
		byPath: map[string][]int{}, sh: make([]shingles, len(cands)),
		near: newNearIndex(), bySHA: map[string][]int{},
	}
	d.order = make([]int, len(cands))
	for i := range d.order {
		d.order[i] = i
	}
	slices.SortStableFunc(d.order, func(a, b int) int { return d.rank(a, b) })
	return d
}

// rank orders the better candidate first: preferred, higher score, ID.
func (d *deduper) rank(a, b int) int {
	if pa, pb := d.preferred(a), d.preferred(b); pa != pb {
		if pa {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(d.cands[b].Score, d.cands[a].Score); c != 0 {
		return c
	}
	return cmp.Compare(d.cands[a].ID, d.cands[b].ID)
}

func (d *deduper) preferred(i int) bool { return d.prefer != nil && d.prefer(d.cands[i]) }

// place decides the fate of candidate i against the better ones kept so far.
func (d *deduper) place(i int) {
	if k, why := d.duplicateOf(i); k >= 0 {
		d.merges = append(d.merges, Merge{Kept: d.cands[k].ID, Dropped: d.cands[i].ID, Why: why})
		return
	}
	d.alive[i] = true
	d.index(i)
}

// duplicateOf finds a kept candidate that i duplicates, or folds kept
// containers of i into i; it returns -1 when i stays.
func (d *deduper) duplicateOf(i int) (int, string) {
	if k, why := d.byRange(i); k >= 0 {
		return k, why
	}
	if k, why := d.byCommit(i); k >= 0 {
		return k, why
	}
	return d.byText(i)
}

func (d *deduper) byRange(i int) (int, string) {
	c := d.cands[i].Block
	if c.Path == "" || c.StartLine <= 0 {
		return -1, ""
	}
	for _, k := range d.byPath[c.Path] {
		if !d.alive[k] {
			continue
		}
		o := d.cands[k].Block
		switch {
		case o.StartLine == c.StartLine && o.EndLine == c.EndLine:
			return k, "same range"
		case rangeInside(c.StartLine, c.EndLine, o.StartLine, o.EndLine):
			// k contains i and scores at least as well: keep k only when
			// it is clearly better, or i may not replace it.
			if d.cands[k].Score >= ratioContainerWins*d.cands[i].Score || d.preferred(k) && !d.preferred(i) {
				return k, "inside " + d.cands[k].ID
			}
			d.alive[k] = false
			d.merges = append(d.merges, Merge{Kept: d.cands[i].ID, Dropped: d.cands[k].ID, Why: "contains " + d.cands[i].ID})
		case rangeInside(o.StartLine, o.EndLine, c.StartLine, c.EndLine):
			return k, "contains " + d.cands[k].ID
		}
	}
	return -1, ""
}

func rangeInside(s, e, outerS, outerE int) bool { return s >= outerS && e <= outerE }

// byCommit folds a commit and a change or hunk with the same sha.
func (d *deduper) byCommit(i int) (int, string) {
	sha := d.cands[i].Meta["sha"]
	if sha == "" {
		return -1, ""
	}
	for _, k := range d.bySHA[sha] {
		if d.alive[k] && d.cands[k].Source != d.cands[i].Source &&
			(d.cands[k].Block.Kind == index.KindCommit || d.cands[i].Block.Kind == index.KindCommit) {
			return k, "change of commit " + shortSHA(sha)
		}
	}
	return -1, ""
}

func shortSHA(s string) string {
	if len(s) > 7 {
		return s[:7]
	}
	return s
}

func (d *deduper) byText(i int) (int, string) {
	d.sh[i] = shingle(d.cands[i].Text)
	k, sim := d.near.find(d.sh[i], d.alive)
	if k < 0 {
		return -1, ""
	}
	return k, strconv.Itoa(int(sim*100)) + "% alike"
}

func (d *deduper) index(i int) {
	c := d.cands[i]
	if c.Block.Path != "" {
		d.byPath[c.Block.Path] = append(d.byPath[c.Block.Path], i)
	}
	if sha := c.Meta["sha"]; sha != "" {
		d.bySHA[sha] = append(d.bySHA[sha], i)
	}
	d.near.add(i, d.sh[i])
}

// resolveMerges maps every dropped ID to the ID that finally kept it
// (following chains), for "duplicate of X" reasons.
func resolveMerges(merges []Merge) map[string]string {
	to := make(map[string]string, len(merges))
	for _, m := range merges {
		to[m.Dropped] = m.Kept
	}
	final := make(map[string]string, len(to))
	for from := range to {
		k := to[from]
		for steps := 0; steps < len(to); steps++ {
			next, ok := to[k]
			if !ok {
				break
			}
			k = next
		}
		final[from] = k
	}
	return final
}

func (m Merge) String() string { return fmt.Sprintf("%s kept over %s (%s)", m.Kept, m.Dropped, m.Why) }

// shingles is a text's set of word-shingle hashes, sorted ascending.
type shingles []uint64

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// shingle hashes every run of shingleWords consecutive words (runs of
// non-space bytes) of text; a text with fewer words is one shingle.
func shingle(text string) shingles {
	var win [shingleWords]uint64
	out := make([]uint64, 0, len(text)/8)
	words := 0
	for i := 0; i < len(text); {
		for i < len(text) && isASCIISpace(text[i]) {
			i++
		}
		if i == len(text) {
			break
		}
		h := uint64(fnvOffset)
		for ; i < len(text) && !isASCIISpace(text[i]); i++ {
			h = (h ^ uint64(text[i])) * fnvPrime
		}
		copy(win[:], win[1:])
		win[shingleWords-1] = h
		if words++; words >= shingleWords {
			out = append(out, combineHashes(win[:]))
		}
	}
	if words > 0 && words < shingleWords {
		out = append(out, combineHashes(win[shingleWords-words:]))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func combineHashes(hs []uint64) uint64 {
	h := uint64(fnvOffset)
	for _, x := range hs {
		h = (h ^ x) * fnvPrime
		h ^= h >> 29
	}
	return h
}

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// nearIndex finds near-duplicates exactly with prefix filtering: two sets
// with Jaccard similarity >= t share an element among the first
// |x| - ceil(t|x|) + 1 elements of each (in one global order, here the
// hash value), so only the prefixes are indexed and only sets sharing a
// prefix element, of compatible sizes, are compared in full.
type nearIndex struct {
	post map[uint64][]int
	sets map[int]shingles
}

func newNearIndex() *nearIndex { return &nearIndex{post: map[uint64][]int{}, sets: map[int]shingles{}} }

func prefixLen(n int) int { return n - (nearDupNum*n+nearDupDen-1)/nearDupDen + 1 }

func (x *nearIndex) add(i int, s shingles) {
	if len(s) == 0 {
		return
	}
	x.sets[i] = s
	for _, h := range s[:prefixLen(len(s))] {
		x.post[h] = append(x.post[h], i)
	}
}

// find returns the live indexed set most alike to s (at least 90 %; ties
// to the earliest added) and the similarity, or -1.
func (x *nearIndex) find(s shingles, alive []bool) (int, float64) {
	best, bestSim := -1, 0.0
	if len(s) == 0 {
		return best, bestSim
	}
	for _, h := range s[:prefixLen(len(s))] {
		for _, k := range x.post[h] {
			o := x.sets[k]
			if !alive[k] || !sizesCompatible(len(s), len(o)) {
				continue
			}
			inter := intersectSorted(s, o)
			union := len(s) + len(o) - inter
			if inter*nearDupDen < nearDupNum*union {
				continue
			}
			sim := float64(inter) / float64(union)
			if sim > bestSim || sim == bestSim && k < best {
				best, bestSim = k, sim
			}
		}
	}
	return best, bestSim
}

func sizesCompatible(a, b int) bool {
	return a*nearDupDen >= nearDupNum*b && b*nearDupDen >= nearDupNum*a
}

func intersectSorted(a, b shingles) int {
	n := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}
