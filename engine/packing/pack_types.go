package packing

import (
	"strconv"

	"github.com/loupe-dev/loupe/engine"
)

// Reserves are tokens kept free of context: for the instruction the person
// will write, the code they will select, and the model's answer.
type Reserves struct {
	Instruction int `json:"instruction"`
	Selection   int `json:"selection"`
	Completion  int `json:"completion"`
}

// Total is the sum of the reserves.
func (r Reserves) Total() int { return r.Instruction + r.Selection + r.Completion }

// PackRequest is everything the packer needs besides the candidates. Pins,
// drops and levels are keyed by Candidate.ID; they are inputs so that a UI
// can re-pack cached candidates without touching the index.
type PackRequest struct {
	Query     string
	Budget    int // B: tokens of the rendered output, reserves included
	Reserves  Reserves
	Weights   map[engine.Source]float64 // nil: engine.DefaultWeights()
	Order     []engine.Source           // nil: engine.DefaultOrder()
	Disabled  map[engine.Source]bool
	Pins      map[string]bool
	Drops     map[string]bool
	Levels    map[string]engine.Level // a person's level override per block
	Counter   engine.Counter
	Formatter Formatter
	// Cache, when set, keeps text-derived work across re-packs of the
	// same candidates (NewPackCache); it never changes the result.
	Cache *PackCache
	// Warnings from retrieval (a slow source, …) to carry into the pack.
	// Pass them here rather than appending to Pack.Warnings afterwards:
	// formats that show warnings (json) count them against the budget.
	Warnings []string
}

// Item is a packed block at a level.
type Item struct {
	engine.Candidate
	Level  engine.Level `json:"level"`
	Body   string       `json:"-"` // the text packed at Level
	Tokens int          `json:"tokens"`
	Pinned bool         `json:"pinned,omitempty"`
	// Note says what was left out of a degraded block and where the full
	// text is ("… 42 lines omitted (pay/retry.go:10-80)").
	Note string `json:"note,omitempty"`
	// Shown are the file lines the body prints, as [first, last] ranges,
	// after the level is applied: empty at reference level, nil for a text
	// without file coordinates (a hunk, a commit).
	Shown [][2]int `json:"shown,omitempty"`
}

// Why says why a candidate was left out of a pack.
type Why uint8

const (
	OutBudget    Why = iota // it did not fit
	OutDropped              // the person dropped it
	OutSourceOff            // its source is off
	OutDuplicate            // a near-duplicate of a packed block (LeftOut.Of)
)

var whyNames = [...]string{"budget", "dropped", "source off", "duplicate"}

// String is the reason's name: "budget", "dropped", "source off",
// "duplicate".
func (w Why) String() string {
	if int(w) < len(whyNames) {
		return whyNames[w]
	}
	return "why(" + strconv.Itoa(int(w)) + ")"
}

// LeftOut is a candidate that was not packed, and why.
type LeftOut struct {
	engine.Candidate
	Why Why
	Of  string // OutDuplicate: the ID of the block kept in its place
}

// Reason is why, as a person reads it: "budget", "dropped", "source
// off", "duplicate of ID".
func (l LeftOut) Reason() string {
	if l.Why == OutDuplicate && l.Of != "" {
		return "duplicate of " + l.Of
	}
	return l.Why.String()
}

// Merge records a near-duplicate folded into a better-scoring block.
type Merge struct {
	Kept    string `json:"kept"`
	Dropped string `json:"dropped"`
	Why     string `json:"why"` // "same range", "inside", "92% alike"
}

// SourceUsage is what one source used of the budget, against its share by
// weight (a reference point: the packer goes by priority, budget.go).
type SourceUsage struct {
	Share    int `json:"share"`
	Used     int `json:"used"`
	Included int `json:"included"`
	Excluded int `json:"excluded"`
}

// Pack is the result of packing: what goes out, in output order, and
// everything needed to explain it.
type Pack struct {
	Query      string                        `json:"query"`
	Budget     int                           `json:"budget"`
	Available  int                           `json:"available"` // Budget minus reserves
	Tokenizer  string                        `json:"tokenizer"`
	Format     string                        `json:"format"`
	Items      []Item                        `json:"blocks"`
	LeftOut    []LeftOut                     `json:"left_out"`
	Merges     []Merge                       `json:"merges,omitempty"`
	PerSource  map[engine.Source]SourceUsage `json:"per_source"`
	TokenCount int                           `json:"token_count"` // tokens of the rendered output
	FilesRead  int                           `json:"files_read"`
	Warnings   []string                      `json:"warnings,omitempty"`
	// Text is the pack rendered with the request's Formatter: the bytes
	// TokenCount counts, kept so that a caller prints what was verified
	// instead of rendering again. A caller that changes the pack, or wants
	// another format, renders it itself.
	Text string `json:"-"`
}

// Ranked returns the packed items best first across sources (engine.ByRank,
// the one scale fuse puts every source on); Items keeps output order, which
// groups them by source. The explorer's list and the block lists of JSON
// and MCP are ranked: a reader of a list expects its first entry to be the
// best.
func (p *Pack) Ranked() []Item {
	return byRank(p.Items, func(it *Item) *engine.Candidate { return &it.Candidate })
}

// Formatter renders a pack as text in one format (md, xml, plain, json).
// render implements it; the packer uses it to measure what it packs.
type Formatter interface {
	Name() string
	Render(p *Pack) string
}

// Redacted lists the secrets taken out of the packed blocks, in output
// order. It is derived from the items, so it can never disagree with them.
func (p *Pack) Redacted() []engine.Redaction {
	if p == nil {
		return nil
	}
	var out []engine.Redaction
	for _, it := range p.Items {
		out = append(out, it.Redactions...)
	}
	return out
}

// RenderWith returns the pack as f renders it: the verified Text when f is
// the format the pack was measured in, f.Render otherwise.
func (p *Pack) RenderWith(f Formatter) string {
	if p.Text != "" && p.Format == f.Name() {
		return p.Text
	}
	return f.Render(p)
}
