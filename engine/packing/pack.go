package packing

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/loupe-dev/loupe/engine"
)

// ErrBudgetTooSmall is returned (wrapped in a *BudgetError) when the budget
// minus the reserves is below the format's fixed overhead.
var ErrBudgetTooSmall = errors.New("budget too small")

// BudgetError says how small the budget was and the least that works.
type BudgetError struct {
	Budget  int
	Minimum int // the smallest budget that packs (overhead plus reserves)
	Format  string
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("budget %d is below the %d-token minimum for %s", e.Budget, e.Minimum, e.Format)
}

// Is makes errors.Is(err, ErrBudgetTooSmall) true.
func (e *BudgetError) Is(target error) bool { return target == ErrBudgetTooSmall }

// PartRenderer is implemented by formatters that can render one block or
// one group header alone; the packer then measures blocks one by one
// (cached by content) instead of rendering a pack per block. The whole pack
// is still rendered and counted before it is returned.
type PartRenderer interface {
	RenderItem(it Item) string
	RenderGroup(s engine.Source) string
}

// Assemble packs candidates under req's budget: dedup, pins, drops, shares,
// levels, then an exact check of the rendered output (see budget.go). The
// result renders with req.Formatter to at most req.Budget tokens of
// req.Counter. It is pure: same input, same pack.
func Assemble(cands []engine.Candidate, req PackRequest) (*Pack, error) {
	if req.Counter == nil || req.Formatter == nil {
		return nil, errors.New("engine: pack: request needs a counter and a formatter")
	}
	p := newPacker(req)
	live := p.filter(cands)
	if err := p.measureOverhead(live); err != nil {
		return nil, err
	}
	p.weighLines()
	p.setup(live)
	p.placePins()
	p.fill()
	return p.verify(), nil
}

// packer holds one Assemble call's state.
type packer struct {
	req      PackRequest
	parts    PartRenderer
	avail    int
	overhead int
	cands    []engine.Candidate // live, by rank
	lines    []*lineInfo        // each live candidate's lines, weighed against the query
	held     []uint32           // each live candidate's query terms, a bit each (weighLines)
	terms    bool               // the query has terms lines are matched with
	ch       []packChoice
	left     []LeftOut
	merges   []Merge
	packed   map[engine.Source]int
	groups   map[engine.Source]int
	shares   map[engine.Source]int
	prio     []float64 // packing priority of each live candidate (budget.go)
	warnings []string
	baseCost int // fallback measuring: the pack with no blocks at all
}

func newPacker(req PackRequest) *packer {
	if req.Weights == nil {
		req.Weights = engine.DefaultWeights()
	}
	if req.Order == nil {
		req.Order = engine.DefaultOrder()
	}
	p := &packer{req: req, avail: req.Budget - req.Reserves.Total(), packed: map[engine.Source]int{}, groups: map[engine.Source]int{},
		warnings: slices.Clone(req.Warnings)}
	p.parts, _ = req.Formatter.(PartRenderer)
	return p
}

// filter leaves out dropped candidates, disabled sources and duplicates,
// and returns the rest by rank.
func (p *packer) filter(cands []engine.Candidate) []engine.Candidate {
	var live []engine.Candidate
	for _, c := range cands {
		switch {
		case p.req.Drops[c.ID]:
			p.leave(&p.left, LeftOut{Candidate: c, Why: OutDropped})
		case p.req.Disabled[c.Source]:
			p.leave(&p.left, LeftOut{Candidate: c, Why: OutSourceOff})
		default:
			live = append(live, c)
		}
	}
	kept, merges := dedup(live, func(c engine.Candidate) bool { return p.req.Pins[c.ID] }, p.req.Cache)
	p.merges = merges
	final := resolveMerges(merges)
	keptIDs := make(map[string]bool, len(kept))
	for _, c := range kept {
		keptIDs[c.ID] = true
	}
	for _, c := range live {
		if !keptIDs[c.ID] {
			p.leave(&p.left, LeftOut{Candidate: c, Why: OutDuplicate, Of: final[c.ID]})
		}
	}
	p.left = byRank(p.left, func(l *LeftOut) *engine.Candidate { return &l.Candidate })
	return byRank(kept, func(c *engine.Candidate) *engine.Candidate { return c })
}

// leave records l in list, unless it is a filler that a person did not
// drop: a filler is never chosen against (engine.Candidate.Filler), so
// one not packed, folded into another block or of a source turned off
// was simply not needed.
func (p *packer) leave(list *[]LeftOut, l LeftOut) {
	if !l.Filler || l.Why == OutDropped {
		*list = append(*list, l)
	}
}

// byRank returns a copy of xs best first by the rank of each element's
// candidate (engine.ByRank), stable. It sorts indices: candidates are
// large, and moving them while sorting costs more than the comparisons.
// The packer's kept and left-out candidates and Pack.Ranked's items all
// sort through it.
func byRank[T any](xs []T, cand func(*T) *engine.Candidate) []T {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return engine.ByRank(*cand(&xs[a]), *cand(&xs[b])) })
	out := make([]T, len(xs))
	for i, j := range idx {
		out[i] = xs[j]
	}
	return out
}

// measureOverhead counts the pack with nothing in it and fails when the
// budget cannot hold even that.
func (p *packer) measureOverhead(live []engine.Candidate) error {
	p.cands = live
	p.ch = make([]packChoice, len(live))
	for i := range p.ch {
		p.ch[i].cur = -1
	}
	empty := p.build()
	p.overhead, _ = p.measure(empty)
	if p.parts == nil {
		bare := &Pack{Budget: p.req.Budget, Available: p.avail, Tokenizer: p.req.Counter.Name(), Format: p.req.Formatter.Name()}
		p.baseCost, _ = p.measure(bare)
	}
	if p.avail < p.overhead || p.req.Budget < 0 {
		return fmt.Errorf("engine: pack: %w", &BudgetError{
			Budget: p.req.Budget, Minimum: p.overhead + p.req.Reserves.Total(), Format: p.req.Formatter.Name(),
		})
	}
	return nil
}

// measure renders pk and counts it, iterating because the output states
// its own token count; ok is false if that count did not settle (then n
// is still the count of pk as it stands).
func (p *packer) measure(pk *Pack) (n int, ok bool) {
	for range 4 {
		pk.Text = p.req.Formatter.Render(pk)
		n = p.req.Counter.Count(pk.Text)
		if n == pk.TokenCount {
			return n, true
		}
		pk.TokenCount = n
	}
	pk.Text = p.req.Formatter.Render(pk)
	return p.req.Counter.Count(pk.Text), false
}

// verify renders and counts the pack, shrinking it until it fits: the
// pack returned renders to exactly pk.TokenCount <= available tokens.
func (p *packer) verify() *Pack {
	for {
		pk := p.build()
		if n, ok := p.measure(pk); ok && n <= p.avail {
			return pk
		}
		if !p.shrink() {
			return p.fitWarnings()
		}
	}
}

// fitWarnings is the last resort when even the empty pack is over: the
// warnings the packer added (pins left out) made it bigger than the
// overhead measured at first. They are folded into one, then dropped,
// until the empty pack fits as measureOverhead promised.
func (p *packer) fitWarnings() *Pack {
	pins := 0
	kept := p.warnings[:0:0]
	for _, w := range p.warnings {
		if strings.HasPrefix(w, "pinned ") {
			pins++
		} else {
			kept = append(kept, w)
		}
	}
	if pins > 0 {
		p.warnings = append(kept, strconv.Itoa(pins)+" pinned blocks left out: they do not fit the budget")
	}
	for {
		pk := p.build()
		if n, ok := p.measure(pk); ok && n <= p.avail || len(p.warnings) == 0 {
			return pk
		}
		p.warnings = p.warnings[:len(p.warnings)-1]
	}
}

// shrink takes one level off the packed item of least value (pins last)
// or leaves it out from its cheapest level.
func (p *packer) shrink() bool {
	victim := -1
	for i := range p.ch {
		ch := &p.ch[i]
		if ch.cur < 0 {
			continue
		}
		if victim < 0 || lessValuable(ch, &p.ch[victim]) || !lessValuable(&p.ch[victim], ch) && i > victim {
			victim = i
		}
	}
	if victim < 0 {
		return false
	}
	ch := &p.ch[victim]
	if ch.cur < len(ch.opts)-1 {
		ch.cur++
		return true
	}
	if ch.pinned {
		p.warnings = append(p.warnings, "pinned "+p.cands[victim].ID+" left out: it does not fit the budget")
	}
	p.remove(victim)
	return true
}

func lessValuable(a, b *packChoice) bool {
	if a.pinned != b.pinned {
		return !a.pinned
	}
	return a.opts[a.cur].value < b.opts[b.cur].value
}

// exactCost renders candidate i at option k and counts it (memoized).
func (p *packer) exactCost(i, k int) int {
	o := &p.ch[i].opts[k]
	if o.exact >= 0 {
		return o.exact
	}
	o.body, o.note, o.shown = renderLevel(p.cands[i], p.lines[i], o.level, o.spans)
	it := p.item(i, k)
	it.Tokens = o.est
	if p.parts != nil {
		o.exact = p.req.Counter.Count(p.parts.RenderItem(it))
	} else {
		one := &Pack{Budget: p.req.Budget, Available: p.avail, Tokenizer: p.req.Counter.Name(),
			Format: p.req.Formatter.Name(), Items: []Item{it}, TokenCount: p.baseCost}
		o.exact = max(p.req.Counter.Count(p.req.Formatter.Render(one))-p.baseCost, 1)
	}
	return o.exact
}

// item is candidate i packed at option k. A level that kept every line
// (a short block at focus, head, signature or bookend) is reported as full.
func (p *packer) item(i, k int) Item {
	o := &p.ch[i].opts[k]
	lv := o.level
	if o.note == "" && lv != engine.LevelReference {
		lv = engine.LevelFull
	}
	return Item{Candidate: p.cands[i], Level: lv, Body: o.body, Tokens: o.exact, Pinned: p.ch[i].pinned, Note: o.note,
		Shown: o.shown}
}

// groupCost is the exact cost of a source's group header.
func (p *packer) groupCost(s engine.Source) int {
	if p.parts == nil {
		return 0
	}
	if n, ok := p.groups[s]; ok {
		return n
	}
	n := p.req.Counter.Count(p.parts.RenderGroup(s))
	p.groups[s] = n
	return n
}

// build assembles the Pack for the current choices: items in output order,
// everything else left out with its reason, usage per source.
func (p *packer) build() *Pack {
	pk := &Pack{
		Query: p.req.Query, Budget: p.req.Budget, Available: p.avail,
		Tokenizer: p.req.Counter.Name(), Format: p.req.Formatter.Name(),
		Merges: p.merges, PerSource: map[engine.Source]SourceUsage{},
		Warnings: slices.Clone(p.warnings), Items: []Item{},
	}
	files := map[string]bool{}
	budgetOut := make([]LeftOut, 0, len(p.cands))
	for i, c := range p.cands {
		if p.ch[i].cur < 0 {
			p.leave(&budgetOut, LeftOut{Candidate: c, Why: OutBudget})
			continue
		}
		p.exactCost(i, p.ch[i].cur)
		pk.Items = append(pk.Items, p.item(i, p.ch[i].cur))
		if c.Block.Path != "" {
			files[c.Block.Path] = true
		}
	}
	pk.FilesRead = len(files)
	p.order(pk.Items)
	pk.LeftOut = mergeByRank(p.left, budgetOut)
	p.usage(pk)
	return pk
}

// mergeByRank merges two lists sorted by rank into a new one.
func mergeByRank(a, b []LeftOut) []LeftOut {
	out := make([]LeftOut, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if engine.ByRank(b[0].Candidate, a[0].Candidate) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// order sorts items by source group (req.Order, unknown sources after by
// name), then by rank.
func (p *packer) order(items []Item) {
	pos := make(map[engine.Source]int, len(p.req.Order))
	for i, s := range p.req.Order {
		if _, ok := pos[s]; !ok {
			pos[s] = i
		}
	}
	rank := func(s engine.Source) int {
		if r, ok := pos[s]; ok {
			return r
		}
		return len(pos)
	}
	slices.SortStableFunc(items, func(a, b Item) int {
		if c := cmp.Compare(rank(a.Source), rank(b.Source)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Source, b.Source); c != 0 {
			return c
		}
		return engine.ByRank(a.Candidate, b.Candidate)
	})
}

// usage fills PerSource: the share, tokens used (with the group header),
// blocks included and left out.
func (p *packer) usage(pk *Pack) {
	for s, n := range p.shares {
		pk.PerSource[s] = SourceUsage{Share: n}
	}
	for _, it := range pk.Items {
		u := pk.PerSource[it.Source]
		if u.Included == 0 {
			u.Used += p.groupCost(it.Source)
		}
		u.Used += it.Tokens
		u.Included++
		pk.PerSource[it.Source] = u
	}
	for _, l := range pk.LeftOut {
		u := pk.PerSource[l.Source]
		u.Excluded++
		pk.PerSource[l.Source] = u
	}
}

// packCacheLimit bounds each map of a PackCache; a full one is cleared.
const packCacheLimit = 1 << 14

// memo returns m[k], computing it outside the lock when it is
// missing and storing it (clearing m first when it is full). Two packs
// may compute the same value at once; either result is the same.
func memo[V any](mu *sync.Mutex, m map[uint64]V, k uint64, compute func() V) V {
	mu.Lock()
	v, ok := m[k]
	mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	mu.Lock()
	if len(m) >= packCacheLimit {
		clear(m)
	}
	m[k] = v
	mu.Unlock()
	return v
}

// PackCache keeps work that depends only on a candidate's text (its
// near-duplicate signature, its lines' query terms) across Assemble calls, so that re-packing the
// same candidates after a pin or a budget change skips it. It never changes
// a result, only the time to get it. Safe for concurrent use; bounded. A
// nil *PackCache is valid and caches nothing.
type PackCache struct {
	seed  maphash.Seed
	mu    sync.Mutex
	sigs  map[uint64]textSig
	dedup [dedupMemos]dedupMemo // a ring of recent results
	next  int
	masks map[uint64][]uint32 // per-line query-term masks, by query and text
	infos map[uint64]*lineInfo
	fq    *focusQuery // the last query analysed for focus
	fqRaw string
}

// dedupMemos is how many recent dedup results a PackCache keeps: a person
// pins and unpins, so states recur.
const dedupMemos = 8

// dedupMemo is one dedup result, keyed by a hash of its inputs.
type dedupMemo struct {
	key    uint64
	alive  []bool
	merges []Merge
}

// NewPackCache returns an empty cache.
func NewPackCache() *PackCache {
	return &PackCache{seed: maphash.MakeSeed(), sigs: map[uint64]textSig{}, masks: map[uint64][]uint32{},
		infos: map[uint64]*lineInfo{}}
}

func (c *PackCache) signature(text string) textSig {
	if c == nil {
		return signature(text)
	}
	return memo(&c.mu, c.sigs, maphash.String(c.seed, text), func() textSig { return signature(text) })
}

// dedupKey hashes everything dedup reads: each candidate's identity, text,
// location, score, sha and whether it is preferred. ok is false without a
// cache.
func (c *PackCache) dedupKey(cands []engine.Candidate, prefer func(engine.Candidate) bool) (uint64, bool) {
	if c == nil {
		return 0, false
	}
	var h maphash.Hash
	h.SetSeed(c.seed)
	var num [8]byte
	writeInt := func(v uint64) {
		binary.LittleEndian.PutUint64(num[:], v)
		h.Write(num[:])
	}
	for _, x := range cands {
		for _, s := range []string{x.ID, string(x.Source), string(x.Block.Kind), x.Block.Path, x.Meta["sha"], x.Text} {
			writeInt(uint64(len(s)))
			h.WriteString(s)
		}
		writeInt(uint64(x.Block.StartLine))
		writeInt(uint64(x.Block.EndLine))
		writeInt(math.Float64bits(x.Score))
		if prefer != nil && prefer(x) {
			h.WriteByte(1)
		} else {
			h.WriteByte(0)
		}
	}
	return h.Sum64(), true
}

func (c *PackCache) lookupDedup(key uint64, ok bool, n int) ([]bool, []Merge, bool) {
	if !ok {
		return nil, nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.dedup {
		if m.alive != nil && m.key == key && len(m.alive) == n {
			return m.alive, slices.Clone(m.merges), true
		}
	}
	return nil, nil, false
}

func (c *PackCache) storeDedup(key uint64, ok bool, alive []bool, merges []Merge) {
	if !ok {
		return
	}
	c.mu.Lock()
	c.dedup[c.next] = dedupMemo{key: key, alive: slices.Clone(alive), merges: slices.Clone(merges)}
	c.next = (c.next + 1) % dedupMemos
	c.mu.Unlock()
}
