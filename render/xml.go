package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// XML renders a pack as one <context> element holding a <source> element
// per group and a <block> element per block, attributes escaped, the text
// in CDATA (split around "]]>"), and characters XML cannot carry (C0
// controls but tab and newlines, invalid UTF-8, U+FFFE, U+FFFF) replaced by
// U+FFFD or their control picture (U+2400 block). The output parses with
// encoding/xml.
type XML struct{}

// Name returns "xml".
func (XML) Name() string { return FormatXML }

// Render renders the whole pack.
func (x XML) Render(p *packing.Pack) string {
	var sb strings.Builder
	sb.WriteString("<context")
	attr(&sb, "tokenizer", p.Tokenizer)
	attr(&sb, "budget", strconv.Itoa(p.Budget))
	attr(&sb, "tokens", strconv.Itoa(p.TokenCount))
	sb.WriteString(">\n")
	if len(p.Items) == 0 {
		sb.WriteString("<empty>" + emptyMessage(p) + "</empty>\n")
	}
	for _, g := range groups(p.Items) {
		open, closing := x.groupTags(g.source)
		sb.WriteString(open)
		for _, it := range g.items {
			sb.WriteString(x.RenderItem(it))
		}
		sb.WriteString(closing)
	}
	sb.WriteString("<summary>")
	sb.WriteString(escapeText(Summary(p)))
	sb.WriteString("</summary>\n</context>\n")
	return sb.String()
}

func (XML) groupTags(s engine.Source) (string, string) {
	var sb strings.Builder
	sb.WriteString("<source")
	attr(&sb, "name", string(s))
	sb.WriteString(">\n")
	return sb.String(), "</source>\n"
}

// RenderGroup renders a group's opening and closing tags.
func (x XML) RenderGroup(s engine.Source) string {
	open, closing := x.groupTags(s)
	return open + closing
}

// RenderItem renders one <block> element.
func (XML) RenderItem(it packing.Item) string {
	var sb strings.Builder
	sb.WriteString("<block")
	attr(&sb, "id", it.ID)
	attr(&sb, "path", it.Block.Path)
	if it.Block.StartLine > 0 {
		attr(&sb, "lines", strconv.Itoa(it.Block.StartLine)+"-"+strconv.Itoa(it.Block.EndLine))
	}
	attr(&sb, "kind", string(it.Block.Kind))
	attr(&sb, "name", firstNonEmpty(it.Block.QualName, it.Block.Name))
	attr(&sb, "score", score(it.Score))
	if it.Level != engine.LevelFull {
		attr(&sb, "level", it.Level.String())
	}
	attr(&sb, "lang", language(it))
	boolAttr(&sb, "pinned", it.Pinned)
	boolAttr(&sb, "stale", it.Stale && !it.Deleted)
	boolAttr(&sb, "deleted", it.Deleted)
	metaAttrs(&sb, it.Meta)
	if it.Level == engine.LevelReference {
		sb.WriteString("/>\n")
		return sb.String()
	}
	sb.WriteString(">")
	writeCDATA(&sb, "\n"+it.Body)
	sb.WriteString("</block>\n")
	return sb.String()
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// reservedAttrs are the block attributes a meta key may not take.
func reservedAttr(k string) bool {
	switch k {
	case "id", "path", "lines", "kind", "name", "score", "level", "lang", "pinned", "stale", "deleted":
		return true
	}
	return false
}

// metaAttrs writes meta entries as attributes, keys made into XML names.
func metaAttrs(sb *strings.Builder, m map[string]string) {
	seen := map[string]bool{}
	for _, k := range metaKeys(m) {
		name := xmlName(k)
		if reservedAttr(name) {
			name = "meta-" + name
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		attr(sb, name, m[k])
	}
}

// xmlName keeps ASCII letters, digits, '-' and '_' and makes sure the
// name starts with a letter.
func xmlName(k string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(k) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			sb.WriteRune(r)
		default:
			sb.WriteByte('_')
		}
	}
	s := sb.String()
	if s == "" || s[0] < 'a' || s[0] > 'z' || strings.HasPrefix(s, "xml") {
		s = "m-" + s
	}
	return s
}

func attr(sb *strings.Builder, name, value string) {
	if value == "" {
		return
	}
	sb.WriteString(" " + name + `="`)
	sb.WriteString(escapeAttr(value))
	sb.WriteByte('"')
}

func boolAttr(sb *strings.Builder, name string, v bool) {
	if v {
		attr(sb, name, "true")
	}
}

// escapeAttr escapes an attribute value; newlines and tabs become
// character references so they survive attribute normalization.
func escapeAttr(s string) string {
	var sb strings.Builder
	for _, r := range xmlSafe(s) {
		switch r {
		case '&':
			sb.WriteString("&amp;")
		case '<':
			sb.WriteString("&lt;")
		case '>':
			sb.WriteString("&gt;")
		case '"':
			sb.WriteString("&quot;")
		case '\n':
			sb.WriteString("&#xA;")
		case '\r':
			sb.WriteString("&#xD;")
		case '\t':
			sb.WriteString("&#x9;")
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

func escapeText(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	return r.Replace(xmlSafe(s))
}

// writeCDATA writes s as CDATA sections, split so "]]>" never closes one
// early.
func writeCDATA(sb *strings.Builder, s string) {
	s = xmlSafe(s)
	sb.WriteString("<![CDATA[")
	sb.WriteString(strings.ReplaceAll(s, "]]>", "]]]]><![CDATA[>"))
	sb.WriteString("]]>")
}

// xmlSafe replaces what XML 1.0 cannot carry: invalid UTF-8 and U+FFFE/
// U+FFFF become U+FFFD, C0 controls other than tab, LF and CR become their
// control pictures (U+2400 + c).
func xmlSafe(s string) string {
	if !needsXMLFix(s) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1, r == 0xFFFE, r == 0xFFFF:
			sb.WriteRune(utf8.RuneError)
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r':
			sb.WriteRune(0x2400 + r)
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

func needsXMLFix(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c >= 0x80 {
			return !utf8.ValidString(s) || hasBadRune(s)
		}
	}
	return false
}

func hasBadRune(s string) bool {
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return true
		}
	}
	return false
}
