package render

import (
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// Plain renders a pack as plain text: a "--- source ---" line per group,
// "=== kind: name (path:start-end) ===" before each block, the summary
// line last.
type Plain struct{}

// Name returns "plain".
func (Plain) Name() string { return FormatPlain }

// Render renders the whole pack.
func (t Plain) Render(p *packing.Pack) string {
	var sb strings.Builder
	if len(p.Items) == 0 {
		sb.WriteString(emptyMessage(p))
		sb.WriteString("\n\n")
	}
	for _, g := range groups(p.Items) {
		sb.WriteString(t.RenderGroup(g.source))
		for _, it := range g.items {
			sb.WriteString(t.RenderItem(it))
		}
	}
	sb.WriteString(Summary(p))
	sb.WriteByte('\n')
	return sb.String()
}

// RenderGroup renders a source's header line.
func (Plain) RenderGroup(s engine.Source) string { return "--- " + string(s) + " ---\n\n" }

// RenderItem renders one block.
func (Plain) RenderItem(it packing.Item) string {
	var sb strings.Builder
	sb.WriteString("=== ")
	kind, name := string(it.Block.Kind), it.Block.QualName
	if name == "" {
		name = it.Block.Name
	}
	if kind == "" {
		kind = "block"
	}
	if name == "" {
		name = it.ID
	}
	sb.WriteString(kind + ": " + oneLine(name) + " (" + packing.Location(it.Candidate) + ")")
	for _, f := range append([]string{"score " + score(it.Score)}, flags(it)...) {
		sb.WriteString(" · " + f)
	}
	sb.WriteString(" ===\n")
	if len(it.Meta) > 0 {
		sb.WriteString(metaLine(it.Meta) + "\n")
	}
	if it.Level != engine.LevelReference {
		sb.WriteString(it.Body)
		if !strings.HasSuffix(it.Body, "\n") {
			sb.WriteByte('\n')
		}
	}
	sb.WriteByte('\n')
	return sb.String()
}
