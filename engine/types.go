package engine

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/vocab"
)

// Source names where a candidate came from. The same words are used in
// flags, meters, output headers and configuration.
type Source string

// The sources, in the default output order.
const (
	SourceDiagnostics Source = "diagnostics"
	SourceChanges     Source = "changes"
	SourceCode        Source = "code"
	SourceTests       Source = "tests"
	SourceDocs        Source = "docs"
	SourceCommits     Source = "commits"
	SourceNotes       Source = "notes"
)

// DefaultOrder is the output order of source groups.
func DefaultOrder() []Source {
	return []Source{SourceDiagnostics, SourceChanges, SourceCode, SourceTests, SourceDocs, SourceCommits, SourceNotes}
}

// DefaultWeights weigh the sources against each other: a block's packing
// priority is its source's weight over the heaviest one's, times its score
// plus its file's best (engine/packing/budget.go). The meters show each source's share of
// the budget by weight as a reference point.
func DefaultWeights() map[Source]float64 {
	return map[Source]float64{
		SourceCode: 3, SourceChanges: 2, SourceDiagnostics: 2,
		SourceDocs: 1, SourceCommits: 1, SourceNotes: 1, SourceTests: 1,
	}
}

// Signal is one named term of a candidate's score, with a short human
// detail ("matches identifier retryPayment in name").
type Signal struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Detail string  `json:"detail,omitempty"`
}

// Candidate is a block offered to the packer by a source.
type Candidate struct {
	ID      string      `json:"id"` // unique across sources
	Source  Source      `json:"source"`
	Block   index.Block `json:"block"`
	Text    string      `json:"-"` // full text as it is now, newline-terminated
	Score   float64     `json:"score"`
	Signals []Signal    `json:"signals,omitempty"`
	// Reason is the one-line explanation shown in lists ("name matches
	// retryPayment", "called by processPayment", "edited 2 minutes ago").
	Reason  string `json:"reason,omitempty"`
	Stale   bool   `json:"stale,omitempty"`
	Deleted bool   `json:"deleted,omitempty"`
	// Keep asks the packer to include the block even when it ranks low
	// (for example the most recent changes); it is still dropped by a
	// user's drop and still degrades to fit.
	Keep bool `json:"keep,omitempty"`
	// History marks past work outside the commits source: a change
	// already committed. fuse ranks it below code, as it does commits,
	// unless the query asks for the history.
	History bool `json:"history,omitempty"`
	// Level is the level the source suggests (graph neighbours come at
	// signature or reference level); the packer packs no more than this
	// unless a person's override says so, or budget would otherwise go
	// unused (its leftover step). The zero value is LevelFull.
	Level Level `json:"suggested_level,omitempty"`
	// Neighbour marks a block the graph follower offered for a code hit's
	// sake (a callee, a type it uses, a caller), scored as a share of that
	// hit's score; fuse weighs it by the query words it holds itself.
	Neighbour bool `json:"neighbour,omitempty"`
	// Filler marks a block offered only for budget a pack would leave
	// unused: the rest of a file the ranked candidates are from, when the
	// search ran out of matches (engine/rest.go). The packer places
	// fillers after every other candidate has its place, so a filler
	// never displaces a ranked block, and one it leaves out is not
	// reported as left out.
	Filler bool `json:"filler,omitempty"`
	// Meta carries source-specific attribution: "sha", "author", "date",
	// "age", "severity", "tool", "category", …; rendered as attributes.
	Meta map[string]string `json:"meta,omitempty"`
	// Anchors are file lines no partial level may omit: a diagnostic's
	// line (set by its source). The packer adds the lines of stack-trace
	// frames in the query, and applies every anchor to each packed block
	// of the same file whose lines hold it.
	Anchors []int `json:"anchors,omitempty"`
	// Redactions are the secrets taken out of Text (see Redactor).
	Redactions []Redaction `json:"redactions,omitempty"`
	// TextClean says Text was proven free of secrets where it was read
	// (index.BlockText.Clean): the redactor skips it. Whoever changes
	// Text before redaction must clear it.
	TextClean bool `json:"-"`
	// norm is the divisor the index-backed ranker normalized Score by
	// (ranker.settle); fuse compares the docs source's with the code source's.
	norm float64
}

// Level is how much of a block is packed.
type Level int

// Levels from the most to the least text.
const (
	LevelFull      Level = iota // the whole block
	LevelFocus                  // signature, the lines that match the query or a trace, with context
	LevelHead                   // signature and the first lines that fit, with an omission marker
	LevelSignature              // the signature (and doc comment) only
	LevelBookend                // the first and last lines
	LevelReference              // one line: kind, name, path:lines
)

// Query is the analysed form of what the person typed.
type Query struct {
	Raw         string   `json:"raw"`
	Keywords    []string `json:"keywords"`    // stop words removed, lowercased
	Identifiers []string `json:"identifiers"` // camelCase, snake_case, pkg.Func as typed
	Paths       []string `json:"paths"`       // path-like tokens, forward slashes
	Phrases     []string `json:"phrases"`     // quoted phrases and error strings
	// Compounds are two adjacent words of the first line that a name may
	// run together: "parse durations" → parseDuration, parse_duration.
	Compounds  []string `json:"compounds,omitempty"`
	Intent     string   `json:"intent"`      // create, modify, debug, explain, refactor, search
	Scope      string   `json:"scope"`       // symbol, module, codebase
	AboutTests bool     `json:"about_tests"` // the query is about tests
	// Related are weaker expansions of the keywords, learned from the
	// repository (see expand_terms.go); filled by the index providers.
	Related []RelatedTerm `json:"related,omitempty"`
}

// RelatedTerm is a word of the repository searched for in place of a
// keyword, at a lower weight: "unquote" for "unescaping".
type RelatedTerm struct {
	Word   string  `json:"word"`   // as shown: the repository's form
	Stem   string  `json:"stem"`   // as the index holds it
	From   string  `json:"from"`   // the keyword it expands
	Weight float64 `json:"weight"` // relative to a typed word's 1
}

// Provider is a source of candidates: the index-backed code and docs
// search, git changes, diagnostics, commits, notes. Engine runs every
// enabled provider in parallel under a deadline.
type Provider interface {
	Source() Source
	Candidates(ctx context.Context, q Query) ([]Candidate, error)
}

// Follower is a source that builds on the strongest code candidates:
// tests of the top hits, graph neighbours, commits that touched them.
// Engine starts the followers as soon as the code provider is done (beside
// the other providers), in parallel, each under its own deadline.
type Follower interface {
	Source() Source
	Follow(ctx context.Context, q Query, top []Candidate) ([]Candidate, error)
}

// Searcher is what engine needs from the index. index.Index implements it;
// tests use a fake.
type Searcher interface {
	Search(ctx context.Context, q index.Query) ([]index.Hit, error)
	// Symbol finds blocks whose name or qualified name is exactly name.
	Symbol(ctx context.Context, name string) ([]index.Block, error)
	// Callers finds blocks whose refs contain name.
	Callers(ctx context.Context, name string, limit int) ([]index.Block, error)
	// Read returns a block's current text (see index.BlockText).
	Read(b index.Block) (index.BlockText, error)
}

// Vocabulary is what query expansion needs from the index: the entry of a
// stem in the repository's related-terms table. index.Index implements it;
// a Searcher that does not (a test fake) gets no expansions.
type Vocabulary interface {
	Vocab(stem string) (vocab.Entry, bool)
}

// Counter counts tokens of rendered text with one tokenizer.
type Counter interface {
	Name() string // "o200k", "cl100k", "chars4"
	Count(s string) int
}

// ByRank orders candidates by score (descending), then path, line and ID:
// the one tie-break that makes every stage's output deterministic. Sources
// sort their own candidates with it too.
func ByRank(a, b Candidate) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Block.Path, b.Block.Path); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Block.StartLine, b.Block.StartLine); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

var levelNames = [...]string{"full", "focus", "head", "signature", "bookend", "reference"}

// String returns the level's name: full, focus, head, signature, bookend,
// reference.
func (l Level) String() string {
	if l < LevelFull || int(l) >= len(levelNames) {
		return "level(" + strconv.Itoa(int(l)) + ")"
	}
	return levelNames[l]
}

// MarshalText makes levels readable in JSON and TOML.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText parses a level name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// ParseLevel parses a level name ("full", "focus", "head", "signature",
// "bookend", "reference"; "sig" and "ref" too).
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "full", "":
		return LevelFull, nil
	case "focus":
		return LevelFocus, nil
	case "head":
		return LevelHead, nil
	case "signature", "sig":
		return LevelSignature, nil
	case "bookend":
		return LevelBookend, nil
	case "reference", "ref":
		return LevelReference, nil
	}
	return LevelFull, fmt.Errorf("engine: unknown level %q", s)
}
