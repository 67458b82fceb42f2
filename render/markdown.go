package render

import (
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// Markdown renders a pack as Markdown: a "## source" header per group, a
// "### path:start-end · kind name · score" entry per block with its code
// in a fence longer than any backtick run inside, reference-level blocks
// as one bullet line, and the summary line last.
type Markdown struct{}

// Name returns "md".
func (Markdown) Name() string { return FormatMarkdown }

// Render renders the whole pack.
func (m Markdown) Render(p *packing.Pack) string {
	var sb strings.Builder
	sb.Grow(bodyBytes(p.Items) + 128*len(p.Items) + 256)
	if len(p.Items) == 0 {
		sb.WriteString(emptyMessage(p))
		sb.WriteString("\n\n")
	}
	for _, g := range groups(p.Items) {
		sb.WriteString(m.RenderGroup(g.source))
		for i := range g.items {
			writeMarkdownItem(&sb, &g.items[i])
		}
	}
	sb.WriteString(Summary(p))
	sb.WriteByte('\n')
	return sb.String()
}

// RenderGroup renders a source's header.
func (Markdown) RenderGroup(s engine.Source) string { return "## " + string(s) + "\n\n" }

// RenderItem renders one block.
func (Markdown) RenderItem(it packing.Item) string {
	var sb strings.Builder
	writeMarkdownItem(&sb, &it)
	return sb.String()
}

func writeMarkdownItem(sb *strings.Builder, it *packing.Item) {
	if it.Level == engine.LevelReference {
		sb.WriteString("- ")
		sb.WriteString(header(*it))
		sb.WriteString("\n\n")
		return
	}
	sb.WriteString("### ")
	sb.WriteString(header(*it))
	sb.WriteByte('\n')
	if len(it.Meta) > 0 {
		sb.WriteString(metaLine(it.Meta))
		sb.WriteByte('\n')
	}
	fence := "```"
	if strings.Contains(it.Body, fence) { // rare: scan only then
		fence = strings.Repeat("`", longestRun(it.Body, '`')+1)
	}
	sb.WriteString(fence)
	sb.WriteString(language(*it))
	sb.WriteByte('\n')
	sb.WriteString(it.Body)
	if !strings.HasSuffix(it.Body, "\n") {
		sb.WriteByte('\n')
	}
	sb.WriteString(fence)
	sb.WriteString("\n\n")
}

// bodyBytes is the total size of the items' bodies, to size buffers.
func bodyBytes(items []packing.Item) int {
	n := 0
	for i := range items {
		n += len(items[i].Body)
	}
	return n
}

// header is "path:start-end · kind name · score 4.21 · head · stale…".
func header(it packing.Item) string {
	parts := []string{packing.Location(it.Candidate)}
	if t := title(it); t != it.ID {
		parts = append(parts, oneLine(t))
	}
	parts = append(parts, "score "+score(it.Score))
	parts = append(parts, flags(it)...)
	return oneLine(strings.Join(parts, " · "))
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
