package tui

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// rowState is what the packer did with a candidate, as the list shows it.
type rowState int

const (
	statePinned rowState = iota
	stateIncluded
	stateLeftOut
	stateDropped
	statePinnedOut // pinned, but the packer could not fit it
)

// mark is the state's one-cell symbol in the list.
func (s rowState) mark() string {
	switch s {
	case statePinned:
		return "●"
	case stateIncluded:
		return "+"
	case stateDropped:
		return "x"
	case statePinnedOut:
		return "!"
	}
	return "·"
}

func (s rowState) included() bool { return s == statePinned || s == stateIncluded }

// row is one line of the candidates list, computed off the event loop after
// each re-pack.
type row struct {
	id     string
	state  rowState
	source engine.Source
	name   string
	kind   string
	loc    string
	tokens int
	level  engine.Level
	score  float64 // 0..1, relative to the best candidate
	reason string  // the strongest signal, or why it was left out
	filler bool    // only for budget left over (engine.Candidate.Filler)
}

// buildRows lists the packed items best first, then every other candidate
// best first: the engine puts every source on one scale (engine's fuse),
// so the list means "best first" across sources, where the output groups
// them by source (the preview shows that order). tokens holds full-text
// counts; a left-out row at a lower level is counted at that level (head
// with a quarter of its full size, as an estimate: the packer sizes heads
// to the source's share).
func buildRows(p *packing.Pack, cands []engine.Candidate, tokens map[string]int, cur curation, counter engine.Counter) []row {
	best := 0.0
	for _, c := range cands {
		best = max(best, c.Score)
	}
	rows := make([]row, 0, len(cands))
	seen := make(map[string]bool, len(cands))
	if p != nil {
		for _, it := range p.Ranked() {
			r := newRow(it.Candidate, best)
			r.state, r.tokens, r.level = stateIncluded, it.Tokens, it.Level
			if it.Pinned || cur.pins[it.ID] {
				r.state = statePinned
			}
			rows = append(rows, r)
			seen[it.ID] = true
		}
	}
	whyOut := leftOutReasons(p)
	rest := make([]engine.Candidate, 0, len(cands))
	for _, c := range cands {
		if !seen[c.ID] {
			rest = append(rest, c)
		}
	}
	slices.SortStableFunc(rest, engine.ByRank)
	for _, c := range rest {
		r := newRow(c, best)
		r.state, r.tokens, r.level = stateLeftOut, tokens[c.ID], levelFor(c, cur)
		if r.level != engine.LevelFull && counter != nil {
			body, _ := packing.RenderBody(c, r.level, max(r.tokens/4, headMinTokens))
			r.tokens = counter.Count(body)
		}
		if cur.drops[c.ID] {
			r.state = stateDropped
		}
		if why, ok := whyOut[c.ID]; ok && why != "" {
			r.reason = "left out: " + why
		}
		if cur.pins[c.ID] {
			r.state = statePinnedOut
			r.reason = "pinned but does not fit: raise the budget or lower its level"
		}
		rows = append(rows, r)
	}
	disambiguate(rows)
	return rows
}

// disambiguate prefixes the names that two rows of different files share
// with their parent directory: two hunks of 80x24/a.golden and
// 120x40/a.golden must not read alike.
func disambiguate(rows []row) {
	paths := map[string]map[string]bool{}
	for _, r := range rows {
		p, _, _ := strings.Cut(r.loc, ":")
		if paths[r.name] == nil {
			paths[r.name] = map[string]bool{}
		}
		paths[r.name][p] = true
	}
	for i, r := range rows {
		if len(paths[r.name]) < 2 {
			continue
		}
		p, _, _ := strings.Cut(r.loc, ":")
		if dir := path.Base(path.Dir(p)); dir != "." && dir != "/" {
			rows[i].name = dir + "/" + r.name
		}
	}
}

func newRow(c engine.Candidate, best float64) row {
	b := c.Block
	name := b.Name
	if b.QualName != "" {
		name = b.QualName
	}
	if name == "" {
		name = b.Path
	}
	r := row{id: c.ID, source: c.Source, name: name, kind: string(b.Kind), reason: c.Reason, filler: c.Filler}
	r.loc = fmt.Sprintf("%s:%d-%d", b.Path, b.StartLine, b.EndLine)
	if b.StartLine == 0 {
		r.loc = b.Path
	}
	if best > 0 {
		r.score = min(max(c.Score/best, 0), 1)
	}
	if r.reason == "" && len(c.Signals) > 0 {
		r.reason = strongest(c.Signals).Detail
	}
	return r
}

func strongest(sigs []engine.Signal) engine.Signal {
	s := sigs[0]
	for _, x := range sigs[1:] {
		if x.Value > s.Value {
			s = x
		}
	}
	return s
}

func leftOutReasons(p *packing.Pack) map[string]string {
	if p == nil {
		return nil
	}
	out := make(map[string]string, len(p.LeftOut))
	for _, l := range p.LeftOut {
		out[l.ID] = l.Reason()
	}
	for _, m := range p.Merges {
		if _, ok := out[m.Dropped]; !ok {
			out[m.Dropped] = "duplicate of " + m.Kept + " (" + m.Why + ")"
		}
	}
	return out
}

// levelFor is the level a candidate would be packed at: a person's
// override, else the source's suggestion.
func levelFor(c engine.Candidate, cur curation) engine.Level {
	if l, ok := cur.levels[c.ID]; ok {
		return l
	}
	return c.Level
}

// headMinTokens is the least head allowance used for a left-out row's
// estimate.
const headMinTokens = 40

// rowIndex finds a row by candidate ID, or -1.
func rowIndex(rows []row, id string) int {
	for i := range rows {
		if rows[i].id == id {
			return i
		}
	}
	return -1
}
