package packing

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/loupe-dev/loupe/engine"
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
	// Texts of shortWords words or more are compared on a sample of their
	// shingles, those whose hash is 0 modulo sampleRate (an unbiased
	// estimate of the Jaccard similarity, four times cheaper to sort and
	// compare); shorter texts are compared on every shingle.
	shortWords = 64
	sampleRate = 4
)

// Dedup folds duplicates into the best-scoring copy and records each merge.
// Two candidates are duplicates when they have the same path and range;
// when one lies inside the other (same path, across sources too, so a change
// hunk inside a code block counts): the finer is kept unless the container
// scores ratioContainerWins times higher; when their texts are at least 90 %
// alike by shingles; or when one is a commit and the other a change or hunk
// carrying the same "sha". Kept candidates keep their input order. The
// result depends only on the input, never on map order.
func Dedup(cands []engine.Candidate) ([]engine.Candidate, []Merge) {
	return dedup(cands, nil, nil)
}

// dedup is Dedup with a preference: a preferred candidate (pinned) is never
// folded into one that is not.
//
// With a cache, the whole result is memoized by its inputs (the candidates
// and which of them are preferred): a re-pack after a budget, level or
// drop change finds it, so near-duplicate detection, the costliest stage,
// runs once per retrieval and pin set.
func dedup(cands []engine.Candidate, prefer func(engine.Candidate) bool, cache *PackCache) ([]engine.Candidate, []Merge) {
	key, ok := cache.dedupKey(cands, prefer)
	alive, merges, hit := cache.lookupDedup(key, ok, len(cands))
	if !hit {
		d := newDeduper(cands, prefer)
		d.cache = cache
		for _, i := range d.order {
			d.place(i)
		}
		alive, merges = d.alive, d.merges
		cache.storeDedup(key, ok, alive, merges)
	}
	united := unitedBlocks(cands, merges)
	kept := make([]engine.Candidate, 0, len(cands))
	for i, c := range cands {
		if alive[i] {
			if u, ok := united[c.ID]; ok {
				c = u
			}
			kept = append(kept, c)
		}
	}
	return kept, merges
}

type deduper struct {
	cands  []engine.Candidate
	prefer func(engine.Candidate) bool
	order  []int // indexes by rank: score desc, then ID
	alive  []bool
	byPath map[string][]int
	sig    []textSig
	full   *nearIndex // short texts, every shingle
	sample *nearIndex // every text, sampled shingles
	bySHA  map[string][]int
	merges []Merge
	// absorbed marks blocks that took a change hunk in (one each: a second
	// hunk is kept as its own block).
	absorbed map[int]bool
	cache    *PackCache
}

func newDeduper(cands []engine.Candidate, prefer func(engine.Candidate) bool) *deduper {
	d := &deduper{
		cands: cands, prefer: prefer, alive: make([]bool, len(cands)),
		byPath: map[string][]int{}, sig: make([]textSig, len(cands)),
		full: newNearIndex(), sample: newNearIndex(), bySHA: map[string][]int{},
		absorbed: map[int]bool{},
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
		if !d.alive[k] || !comparable(d.cands[k], d.cands[i]) {
			continue
		}
		o := d.cands[k].Block
		switch {
		case o.StartLine == c.StartLine && o.EndLine == c.EndLine:
			return k, "same range"
		case rangeInside(c.StartLine, c.EndLine, o.StartLine, o.EndLine):
			if d.unitable(k, i) { // a change hunk inside a function: one block, the change marked
				d.absorbed[k] = true
				return k, whyUnited + d.cands[k].ID
			}
			// k contains i and scores at least as well: keep k only when
			// it is clearly better, or i may not replace it.
			if d.cands[k].Score >= ratioContainerWins*d.cands[i].Score || d.preferred(k) && !d.preferred(i) {
				return k, "inside " + d.cands[k].ID
			}
			d.alive[k] = false
			d.merges = append(d.merges, Merge{Kept: d.cands[i].ID, Dropped: d.cands[k].ID, Why: "contains " + d.cands[i].ID})
		case rangeInside(o.StartLine, o.EndLine, c.StartLine, c.EndLine):
			if d.unitable(i, k) {
				d.absorbed[i] = true
				d.alive[k] = false
				d.merges = append(d.merges, Merge{Kept: d.cands[i].ID, Dropped: d.cands[k].ID, Why: whyUnited + d.cands[i].ID})
				continue
			}
			return k, "contains " + d.cands[k].ID
		}
	}
	return -1, ""
}

// comparable reports whether a and b may be folded into each other by range
// or text. A diagnostic or a note carries its own message beside the code it
// quotes, so it is only ever folded into another of its kind: merged into
// the code block it points at, the message would be lost.
func comparable(a, b engine.Candidate) bool {
	if ownsMessage(a) || ownsMessage(b) {
		return a.Block.Kind == b.Block.Kind
	}
	return true
}

func ownsMessage(c engine.Candidate) bool {
	return c.Block.Kind == index.KindDiagnostic || c.Block.Kind == index.KindNote
}

func rangeInside(s, e, outerS, outerE int) bool { return s >= outerS && e <= outerE }

// byCommit folds a change or hunk into the commit of the same sha when
// the commit shows every line the change does: the commit keeps its
// message and the change adds nothing. A commit is never folded into a
// change (its message would be lost), nor a change the commit does not
// show whole (a file the commit text leaves out or cuts).
func (d *deduper) byCommit(i int) (int, string) {
	sha := d.cands[i].Meta["sha"]
	if sha == "" {
		return -1, ""
	}
	for _, k := range d.bySHA[sha] {
		if !d.alive[k] || d.cands[k].Source == d.cands[i].Source {
			continue
		}
		commit, change := k, i
		if d.cands[i].Block.Kind == index.KindCommit {
			commit, change = i, k
		}
		if d.cands[commit].Block.Kind != index.KindCommit || !showsChange(d.cands[commit].Text, d.cands[change].Text) {
			continue
		}
		why := "shown in commit " + shortSHA(sha)
		if change == i {
			return k, why
		}
		d.alive[k] = false // the commit shows the change kept so far
		d.merges = append(d.merges, Merge{Kept: d.cands[i].ID, Dropped: d.cands[k].ID, Why: why})
	}
	return -1, ""
}

// showsChange reports whether a commit's text holds every added and
// removed line of a change's diff.
func showsChange(commit, change string) bool {
	have := map[string]bool{}
	for _, l := range strings.Split(commit, "\n") {
		have[l] = true
	}
	n := 0
	for _, l := range strings.Split(change, "\n") {
		if len(l) > 0 && (l[0] == '+' || l[0] == '-') && !strings.HasPrefix(l, "+++") && !strings.HasPrefix(l, "---") {
			if !have[l] {
				return false
			}
			n++
		}
	}
	return n > 0
}

func shortSHA(s string) string {
	if len(s) > 7 {
		return s[:7]
	}
	return s
}

func (d *deduper) byText(i int) (int, string) {
	sig := d.cache.signature(d.cands[i].Text)
	d.sig[i] = sig
	k, sim := -1, 0.0
	if sig.short() {
		k, sim = d.full.find(sig.all, d.alive, func(o int) bool { return comparable(d.cands[o], d.cands[i]) })
	}
	// Sampled views: a long text against every text; a short one only
	// against long ones (short pairs were compared in full above).
	only := func(o int) bool { return !d.sig[o].short() && comparable(d.cands[o], d.cands[i]) }
	if !sig.short() {
		only = func(o int) bool { return comparable(d.cands[o], d.cands[i]) }
	}
	if k2, sim2 := d.sample.find(sig.sample, d.alive, only); k2 >= 0 && (sim2 > sim || sim2 == sim && k2 < k) {
		k, sim = k2, sim2
	}
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
	if d.sig[i].short() {
		d.full.add(i, d.sig[i].all)
	}
	d.sample.add(i, d.sig[i].sample)
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

// shingles is a set of word-shingle hashes, sorted ascending.
type shingles []uint64

// textSig is a text's shingles: all of them for a short text, and the
// sample (hash divisible by sampleRate) for every text.
type textSig struct {
	all    shingles // nil for long texts
	sample shingles
}

func (t textSig) short() bool { return t.all != nil }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// signature hashes every run of shingleWords consecutive words (runs of
// non-space bytes) of text; a text with fewer words is one shingle. Every
// shingle is kept while the text is short, only the sample after.
func signature(text string) textSig {
	var w0, w1 uint64
	all := make([]uint64, 0, min(len(text)/6+1, shortWords))
	sample := make([]uint64, 0, len(text)/(6*sampleRate)+1)
	words := 0
	n := len(text)
	for i := 0; i < n; {
		for i < n && isASCIISpace(text[i]) {
			i++
		}
		if i == n {
			break
		}
		h := uint64(fnvOffset)
		for ; i < n && !isASCIISpace(text[i]); i++ {
			h = (h ^ uint64(text[i])) * fnvPrime
		}
		words++
		if words >= shingleWords {
			sh := mix3(w0, w1, h)
			if words < shortWords {
				all = append(all, sh)
			} else if sh%sampleRate == 0 {
				sample = append(sample, sh)
			}
		}
		w0, w1 = w1, h
	}
	switch words {
	case 1:
		all = append(all, mix3(0, 0, w1))
	case 2:
		all = append(all, mix3(0, w0, w1))
	}
	for _, sh := range all {
		if sh%sampleRate == 0 {
			sample = append(sample, sh)
		}
	}
	sig := textSig{sample: sortSet(sample)}
	if words < shortWords {
		sig.all = sortSet(all)
	}
	return sig
}

func sortSet(s []uint64) shingles {
	slices.Sort(s)
	return slices.Compact(s)
}

// mix3 combines three word hashes into a shingle hash.
func mix3(a, b, c uint64) uint64 {
	h := (a*0x9E3779B97F4A7C15 ^ b) * 0xC2B2AE3D27D4EB4F
	h = (h ^ c) * 0x165667B19E3779F9
	return h ^ h>>29
}

func isASCIISpace(c byte) bool { return c == ' ' || c-'\t' <= '\r'-'\t' }

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
func (x *nearIndex) find(s shingles, alive []bool, only func(int) bool) (int, float64) {
	best, bestSim := -1, 0.0
	if len(s) == 0 {
		return best, bestSim
	}
	for _, h := range s[:prefixLen(len(s))] {
		for _, k := range x.post[h] {
			o := x.sets[k]
			if !alive[k] || !sizesCompatible(len(s), len(o)) || only != nil && !only(k) {
				continue
			}
			inter, ok := intersectAtLeast(s, o)
			if !ok {
				continue
			}
			union := len(s) + len(o) - inter
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

// intersectAtLeast counts the common elements of two sorted sets, giving
// up (false) as soon as the rest cannot bring the Jaccard similarity to
// nearDupNum/nearDupDen: |a∩b| must reach t(|a|+|b|)/(1+t).
func intersectAtLeast(a, b shingles) (int, bool) {
	need := (nearDupNum*(len(a)+len(b)) + nearDupNum + nearDupDen - 1) / (nearDupNum + nearDupDen)
	n := 0
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if n+min(len(a)-i, len(b)-j) < need {
			return n, false
		}
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
	return n, n >= need
}

// whyUnited starts the Why of a change hunk united with the function
// around it.
const whyUnited = "united with "

// unitable reports whether the hunk h lies in the code block fn so that
// both can be shown as one: fn with the change marked in it. Dropping
// either would lose something: the function's signature and body, or
// what changed. A preferred (pinned) hunk is not absorbed by a block that
// is not.
func (d *deduper) unitable(fn, h int) bool {
	f, c := d.cands[fn], d.cands[h]
	if f.Source == engine.SourceChanges || c.Source != engine.SourceChanges || f.Block.Kind == index.KindHunk ||
		ownsMessage(f) || d.absorbed[fn] || d.preferred(h) && !d.preferred(fn) {
		return false
	}
	_, ok := uniteText(f, c)
	return ok
}

// unitedBlocks rebuilds, from the merges, the blocks that absorbed a
// change hunk: keyed by the kept block's ID. (It runs after the memoized
// dedup, so a cached result unites the same way.)
func unitedBlocks(cands []engine.Candidate, merges []Merge) map[string]engine.Candidate {
	var out map[string]engine.Candidate
	byID := map[string]int{}
	for _, m := range merges {
		if !strings.HasPrefix(m.Why, whyUnited) {
			continue
		}
		if len(byID) == 0 {
			for i, c := range cands {
				byID[c.ID] = i
			}
			out = map[string]engine.Candidate{}
		}
		fi, ok1 := byID[m.Kept]
		hi, ok2 := byID[m.Dropped]
		if !ok1 || !ok2 {
			continue
		}
		f, ok := out[m.Kept]
		if !ok {
			f = cands[fi]
		}
		if u, ok := unite(f, cands[hi]); ok {
			out[m.Kept] = u
		}
	}
	return out
}

// unite is fn shown as a diff over its whole range: its lines as context,
// the hunk's added and removed lines in place. It keeps fn's identity
// (ID, kind, name, source) and takes the better score, the change's
// status and sha, and its reason beside fn's.
func unite(fn, h engine.Candidate) (engine.Candidate, bool) {
	text, ok := uniteText(fn, h)
	if !ok {
		return fn, false
	}
	u := fn
	u.Text = text
	u.Block.Lang = "diff"
	u.Score = max(fn.Score, h.Score)
	u.Signals = append(slices.Clone(fn.Signals), h.Signals...)
	u.Meta = map[string]string{}
	for k, v := range fn.Meta {
		u.Meta[k] = v
	}
	for _, k := range []string{"status", "sha", "age"} {
		if v, ok := h.Meta[k]; ok {
			u.Meta[k] = v
		}
	}
	if h.Reason != "" {
		u.Reason = strings.TrimSpace(fn.Reason + " · changed: " + h.Reason)
	}
	return u, true
}

// uniteText lays the one hunk of h over fn's text. It refuses (false)
// when h is not a single clean hunk, or when its context and added lines
// are not fn's lines at those places (a stale or cut hunk).
func uniteText(fn, h engine.Candidate) (string, bool) {
	hs, body, ok := singleHunk(h.Text)
	if !ok || fn.Text == "" {
		return "", false
	}
	fl := strings.Split(strings.TrimSuffix(fn.Text, "\n"), "\n")
	start := fn.Block.StartLine
	if hs < start || len(fl) != fn.Block.EndLine-start+1 {
		return "", false
	}
	var b strings.Builder
	line, added, removed := start, 0, 0
	for ; line < hs; line++ {
		b.WriteString(" " + fl[line-start] + "\n")
	}
	for _, l := range body {
		switch {
		case l == "" || l[0] == ' ' || l[0] == '+':
			text := ""
			if l != "" {
				text = l[1:]
			}
			if line-start >= len(fl) || fl[line-start] != text {
				return "", false
			}
			if l != "" && l[0] == '+' {
				added++
			}
			line++
		case l[0] == '-':
			removed++
		case l[0] == '\\':
		default:
			return "", false
		}
		b.WriteString(l + "\n")
	}
	for ; line <= fn.Block.EndLine; line++ {
		b.WriteString(" " + fl[line-start] + "\n")
	}
	if added+removed == 0 {
		return "", false
	}
	n := len(fl)
	header := fmt.Sprintf("@@ -%d,%d +%d,%d @@ %s\n", start, n-added+removed, start, n, fn.Block.Name)
	return header + b.String(), true
}

// singleHunk parses a diff text of exactly one hunk: its new start line
// and its body lines; markers of cut hunks ("… 3 more lines") refuse.
func singleHunk(text string) (int, []string, bool) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "@@ ") {
		return 0, nil, false
	}
	_, rest, ok := strings.Cut(lines[0], " +")
	if !ok {
		return 0, nil, false
	}
	num, _, _ := strings.Cut(rest, ",")
	num, _, _ = strings.Cut(num, " ")
	start, err := strconv.Atoi(num)
	if err != nil {
		return 0, nil, false
	}
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "@@ ") || strings.HasPrefix(l, "…") {
			return 0, nil, false
		}
	}
	return start, lines[1:], true
}
