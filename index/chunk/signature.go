package chunk

import "strings"

// maxOutline caps the lines of a container's outline.
const maxOutline = 60

// outline is a container's signature when it has members: its declaration
// (c.Signature), then its own lines after body (fields, constants, nested
// types) with each member of in shown as the first line of its signature
// followed by " …".
func outline(lines []string, c *Block, body int, in []Block) string {
	out := []string{c.Signature}
	next := 0
	for l := body + 1; l <= c.EndLine && l <= len(lines) && len(out) < maxOutline; l++ {
		if next < len(in) && l >= in[next].StartLine {
			m := in[next]
			indent := lines[l-1][:len(lines[l-1])-len(strings.TrimLeft(lines[l-1], " \t"))]
			sig, _, _ := strings.Cut(m.Signature, "\n")
			out = append(out, indent+sig+" …")
			l = max(l, m.EndLine)
			for next < len(in) && in[next].StartLine <= l {
				next++
			}
			continue
		}
		if t := strings.TrimRight(lines[l-1], " \t\r"); strings.TrimSpace(t) != "" {
			out = append(out, t)
		}
	}
	return validUTF8(strings.Join(out, "\n"))
}

// summaryTags are the tags of a C# doc comment's summary, dropped.
var summaryTags = strings.NewReplacer("<summary>", "", "</summary>", "")

// cleanComment strips comment markers from a line or block comment.
func cleanComment(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		for _, p := range []string{"///", "//!", "//", "/**", "/*!", "/*", "#", "---", "--"} {
			if strings.HasPrefix(l, p) {
				l = l[len(p):]
				break
			}
		}
		l = strings.TrimSuffix(l, "*/")
		if strings.HasPrefix(l, "*") {
			l = l[1:]
		}
		l = strings.TrimSpace(summaryTags.Replace(l))
		lines[i] = l
	}
	return strings.TrimSpace(joinNonEmptyEnds(lines))
}

// joinNonEmptyEnds joins lines, dropping empty ones at either end.
func joinNonEmptyEnds(lines []string) string {
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}
