package render

import (
	"slices"
	"strconv"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// Messages for packs with nothing in them.
const (
	msgNoMatch = "No blocks matched the query."
	msgNoFit   = "No blocks fit the budget."
)

// Summary is the closing line: "14 blocks from 2 sources · 7,812 of 8,000
// tokens (o200k) · 9 left out (budget)".
func Summary(p *packing.Pack) string {
	var sb strings.Builder
	sources := sourceCount(p.Items)
	sb.WriteString(plural(len(p.Items), "block", "blocks"))
	sb.WriteString(" from ")
	sb.WriteString(plural(sources, "source", "sources"))
	sb.WriteString(" · ")
	sb.WriteString(Thousands(p.TokenCount))
	sb.WriteString(" of ")
	sb.WriteString(Thousands(p.Available))
	sb.WriteString(" tokens (")
	sb.WriteString(p.Tokenizer)
	if r := p.Budget - p.Available; r > 0 {
		sb.WriteString(", " + Thousands(r) + " reserved")
	}
	sb.WriteString(")")
	if len(p.LeftOut) > 0 {
		sb.WriteString(" · " + strconv.Itoa(len(p.LeftOut)) + " left out (" + leftOutReasons(p.LeftOut) + ")")
	}
	if r := p.Redacted(); len(r) > 0 {
		sb.WriteString(" · " + plural(len(r), "secret", "secrets") + " redacted (" + redactedWhere(r) + ")")
	}
	return sb.String()
}

// leftOutReasons is "budget" or "9 budget, 2 duplicate, 1 dropped".
func leftOutReasons(l []packing.LeftOut) string {
	counts := map[string]int{}
	for _, x := range l {
		counts[x.Why.String()]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return strings.Compare(a, b)
	})
	if len(keys) == 1 {
		return keys[0]
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strconv.Itoa(counts[k]) + " " + k
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Thousands formats n with commas: 7812 → "7,812". The explorer uses it
// too, so its status line and the summary line agree.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var sb strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteRune(r)
	}
	if neg {
		return "-" + sb.String()
	}
	return sb.String()
}

// emptyMessage says why a pack has no blocks.
func emptyMessage(p *packing.Pack) string {
	if len(p.LeftOut) == 0 {
		return msgNoMatch
	}
	return msgNoFit
}

// maxRedactedWhere bounds the places named in the summary line.
const maxRedactedWhere = 3

// redactedWhere is "config.go:12, .env:3, and 4 more".
func redactedWhere(rs []engine.Redaction) string {
	var parts []string
	for i, r := range rs {
		if i == maxRedactedWhere {
			parts = append(parts, "and "+strconv.Itoa(len(rs)-i)+" more")
			break
		}
		parts = append(parts, r.Path+":"+strconv.Itoa(r.Line))
	}
	return strings.Join(parts, ", ")
}
