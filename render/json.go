package render

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// Bounds on what JSON echoes, so that its fixed overhead stays small: the
// query (a pasted issue may be 200 KB) and the list of left-out blocks
// (summary.excluded and left_out_total always give the full count).
const (
	maxQueryEcho   = 200
	maxLeftOutJSON = 10
)

// JSON renders a pack as one JSON object: query, budget, tokenizer,
// token_count, context (the Markdown rendering), blocks (attribution and
// the reasons for each), left_out (the best-scoring few), summary.
type JSON struct{}

// Name returns "json".
func (JSON) Name() string { return FormatJSON }

type jsonPack struct {
	Query        string        `json:"query"`
	Budget       int           `json:"budget"`
	Tokenizer    string        `json:"tokenizer"`
	TokenCount   int           `json:"token_count"`
	Context      string        `json:"context"`
	Blocks       []jsonBlock   `json:"blocks"`
	LeftOut      []jsonLeftOut `json:"left_out"`
	LeftOutTotal int           `json:"left_out_total"`
	Summary      jsonSummary   `json:"summary"`
	Warnings     []string      `json:"warnings,omitempty"`
}

type jsonBlock struct {
	ID            string            `json:"id"`
	Source        engine.Source     `json:"source"`
	Path          string            `json:"path"`
	StartLine     int               `json:"start_line"`
	EndLine       int               `json:"end_line"`
	Kind          string            `json:"kind"`
	Name          string            `json:"name"`
	QualifiedName string            `json:"qualified_name"`
	Level         string            `json:"level"`
	Tokens        int               `json:"tokens"`
	Score         float64           `json:"score"`
	Pinned        bool              `json:"pinned"`
	Stale         bool              `json:"stale"`
	Deleted       bool              `json:"deleted,omitempty"`
	Filler        bool              `json:"filler,omitempty"` // only for budget left over (engine.Candidate.Filler)
	Note          string            `json:"note,omitempty"`
	Shown         *[][2]int         `json:"shown,omitempty"`
	Meta          map[string]string `json:"meta,omitempty"`
	Reasons       []string          `json:"reasons"`
}

type jsonLeftOut struct {
	ID     string        `json:"id"`
	Source engine.Source `json:"source"`
	Path   string        `json:"path,omitempty"`
	Lines  string        `json:"lines,omitempty"`
	Score  float64       `json:"score"`
	Reason string        `json:"reason"`
}

type jsonSummary struct {
	Line      string                                `json:"line"`
	Included  int                                   `json:"included"`
	Excluded  int                                   `json:"excluded"`
	FilesRead int                                   `json:"files_read"`
	PerSource map[engine.Source]packing.SourceUsage `json:"per_source"`
	// Redactions are the secrets taken out of the packed blocks.
	Redactions []engine.Redaction `json:"redactions,omitempty"`
}

// Render renders the whole pack.
func (JSON) Render(p *packing.Pack) string {
	out := jsonPack{
		Query: clip(p.Query, maxQueryEcho), Budget: p.Budget, Tokenizer: p.Tokenizer,
		TokenCount: p.TokenCount, Context: Markdown{}.Render(p),
		Blocks: make([]jsonBlock, 0, len(p.Items)), LeftOut: []jsonLeftOut{},
		LeftOutTotal: len(p.LeftOut), Warnings: p.Warnings,
		Summary: jsonSummary{
			Line: Summary(p), Included: len(p.Items), Excluded: len(p.LeftOut),
			FilesRead: p.FilesRead, PerSource: p.PerSource, Redactions: p.Redacted(),
		},
	}
	for _, it := range p.Ranked() {
		out.Blocks = append(out.Blocks, block(it))
	}
	for i, l := range p.LeftOut {
		if i == maxLeftOutJSON {
			break
		}
		out.LeftOut = append(out.LeftOut, leftOut(l))
	}
	return marshal(out)
}

// RenderGroup renders a group header as it appears inside "context".
func (JSON) RenderGroup(s engine.Source) string { return marshal(Markdown{}.RenderGroup(s)) }

// RenderItem renders a block's entry in "blocks" and its Markdown in
// "context".
func (JSON) RenderItem(it packing.Item) string {
	return marshal(block(it)) + "," + marshal(Markdown{}.RenderItem(it))
}

func block(it packing.Item) jsonBlock {
	b := it.Block
	return jsonBlock{
		ID: it.ID, Source: it.Source, Path: b.Path, StartLine: b.StartLine, EndLine: b.EndLine,
		Kind: string(b.Kind), Name: b.Name, QualifiedName: b.QualName, Level: it.Level.String(),
		Tokens: it.Tokens, Score: it.Score, Pinned: it.Pinned, Stale: it.Stale, Deleted: it.Deleted, Filler: it.Filler,
		Note: it.Note, Shown: shown(it), Meta: it.Meta, Reasons: reasons(it.Candidate),
	}
}

// shown is the file lines a block prints ([] at reference level), or nil
// (left out of the JSON) for a block without file coordinates.
func shown(it packing.Item) *[][2]int {
	if it.Shown == nil {
		return nil
	}
	s := it.Shown
	return &s
}

// reasons are the one-line reason and each signal ("symbol +2.00: name
// matches Retry").
func reasons(c engine.Candidate) []string {
	out := []string{}
	if c.Reason != "" {
		out = append(out, c.Reason)
	}
	for _, s := range c.Signals {
		r := s.Name + " " + strconv.FormatFloat(s.Value, 'f', 2, 64)
		if s.Value >= 0 {
			r = s.Name + " +" + strconv.FormatFloat(s.Value, 'f', 2, 64)
		}
		if s.Detail != "" {
			r += ": " + s.Detail
		}
		out = append(out, r)
	}
	return out
}

func leftOut(l packing.LeftOut) jsonLeftOut {
	j := jsonLeftOut{ID: l.ID, Source: l.Source, Path: l.Block.Path, Score: l.Score, Reason: l.Reason()}
	if l.Block.StartLine > 0 {
		j.Lines = strconv.Itoa(l.Block.StartLine) + "-" + strconv.Itoa(l.Block.EndLine)
	}
	return j
}

// marshal encodes v compactly without HTML escaping (code is full of <, >
// and &), newline-terminated.
func marshal(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return `{"error":` + strconv.Quote(err.Error()) + "}\n"
	}
	return buf.String()
}

// clip shortens s to at most n bytes at a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.TrimSpace(s[:cut]) + "…"
}
