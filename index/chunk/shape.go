package chunk

import (
	"regexp"
	"strings"
)

// # Swift and Scala: declarations by their shape
//
// No tree-sitter grammar of Swift is served by the module proxy, and
// tree-sitter-scala's parse cannot be bounded (doc.go), so these two were
// cut into windows: a question about `Session.request` found a window
// that happened to hold it, and a symbol lookup found nothing. shapeFile
// reads them by the shape of their declarations instead, in one linear
// pass that no input can slow down:
//
//   - a line starts a declaration when, after attributes and modifiers, it
//     opens with one of the language's declaration keywords (func, init,
//     class, struct, extension, … ; def, class, object, trait, …);
//   - the declaration runs to the last line before the next code line
//     indented no deeper than its first, and takes that line too when it
//     closes the declaration ("}", or Scala 3's "end"). That holds for
//     braces and for Scala 3's significant indentation alike;
//   - lines inside block comments and multi-line strings neither start nor
//     end a declaration;
//   - the comments and attributes right above a declaration are part of it,
//     and the comments are its doc.
//
// Types, extensions, objects and traits are containers: the functions
// inside them (and Swift's computed properties, such as a SwiftUI view's
// body) are their members, qualified by the container's name; what nests
// deeper stays in its member. Top-level var, let and val are variable
// blocks, imports (and Scala's package clause) the header. References are
// the names called (`name(`) and the capitalized names used in a block.
// It is a reading of the layout, not a parser: code laid out against its
// indentation gets coarser blocks, never lost lines (assemble covers every
// line).
//
// Elixir (defmodule, def, do … end, @doc strings) and Zig (fn, and
// "const X = struct {" as a container) were read this way too and not
// kept: on the NL eval's repositories of those languages, phoenix went
// .904 → .908 but its architecture questions pulled that category under
// .80, and zls lost .024 (Server.zig's handler methods, now named blocks,
// came before the feature files the questions were about).

// shapeLang is what shapeFile needs of one language.
type shapeLang struct {
	keywords  map[string]bool // declaration keywords
	modifiers map[string]bool // words that may come before one
	header    *regexp.Regexp  // an import or package line
	container map[string]Kind
	function  map[string]bool // keywords of functions (members inside a container)
	variable  map[string]bool // keywords of top-level variables
	typeAlias map[string]bool
	nameless  map[string]bool // keywords that are the declaration's name (init)
	stop      map[string]bool // identifiers that are not references
}

var (
	swiftShape = shapeLang{
		keywords: wordSet("func init deinit subscript class struct enum protocol extension actor typealias var let"),
		modifiers: wordSet("public private fileprivate internal package open static class final override mutating " +
			"nonmutating convenience required lazy weak unowned dynamic indirect nonisolated isolated distributed " +
			"prefix postfix infix"),
		header: regexp.MustCompile(`^(?:@[\w.]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([\w.]+)`),
		container: map[string]Kind{
			"class": KindClass, "actor": KindClass, "extension": KindClass,
			"struct": KindType, "enum": KindType, "protocol": KindInterface,
		},
		function:  map[string]bool{"func": true, "init": true, "deinit": true, "subscript": true},
		variable:  map[string]bool{"var": true, "let": true},
		typeAlias: map[string]bool{"typealias": true},
		nameless:  wordSet("init deinit subscript"),
		stop: wordSet("if guard switch for while return func init self Self super try await catch throw " +
			"print precondition assert fatalError String Int Bool Double Float Void Any Optional Array Dictionary Set"),
	}
	scalaShape = shapeLang{
		keywords: wordSet("def val var class object trait enum given type"),
		modifiers: wordSet("private protected final sealed abstract override implicit lazy case inline opaque " +
			"transparent open infix erased"),
		header: regexp.MustCompile(`^(?:import|package)\s+([\w.{}, _*=>]+)`),
		container: map[string]Kind{
			"class": KindClass, "object": KindClass, "enum": KindType, "trait": KindInterface,
		},
		function:  map[string]bool{"def": true},
		variable:  map[string]bool{"val": true, "var": true, "given": true},
		typeAlias: map[string]bool{"type": true},
		stop: wordSet("if else match case for while yield return new this super throw try catch println " +
			"require assert Some None Option List Seq Map Set String Int Long Boolean Double Unit Any"),
	}
	shapeName = regexp.MustCompile("^\\s*(`[^`]+`|[A-Za-z_][\\w]*[?!]?(?:\\.[A-Za-z_][\\w]*)*|[-+*/%=<>!&|^~?]+)")
	attrOnly  = regexp.MustCompile(`^(?:@[\w.]+(?:\([^)]*\))?\s*)+$`)
)

// shapeLangs are the languages shapeFile reads.
var shapeLangs = map[string]shapeLang{"swift": swiftShape, "scala": scalaShape}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// declaration reads a trimmed line as attributes ("@objc",
// "@available(iOS 13, *)"), modifiers (each maybe qualified:
// "private[scopt]", "private(set)") and a declaration keyword, and returns
// the keyword and the rest of the line. A modifier that is also a keyword
// ("class func" in Swift) is a keyword when nothing declared follows it.
func (s shapeLang) declaration(t string) (kw, rest string, ok bool) {
	for strings.HasPrefix(t, "@") {
		t = skipQualifier(strings.TrimLeft(t[1:], identChars))
		t = strings.TrimLeft(t, " \t")
	}
	for {
		w, after := leadingWord(t)
		if w == "" {
			return "", "", false
		}
		if s.modifiers[w] {
			next := strings.TrimLeft(skipQualifier(after), " \t")
			if nw, _ := leadingWord(next); nw != "" && (s.keywords[nw] || s.modifiers[nw]) && next != after {
				t = next
				continue
			}
		}
		if !s.keywords[w] {
			return "", "", false
		}
		rest = strings.TrimLeft(after, "?!")
		return w, rest, rest == "" || !isIdentByte(rest[0])
	}
}

const identChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_."

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// leadingWord splits t into its leading identifier and the rest.
func leadingWord(t string) (string, string) {
	i := 0
	for i < len(t) && isIdentByte(t[i]) {
		i++
	}
	return t[:i], t[i:]
}

// skipQualifier drops a parenthesized or bracketed argument at the start
// of t ("(set)", "[scopt]"), without nesting.
func skipQualifier(t string) string {
	if t == "" || (t[0] != '(' && t[0] != '[') {
		return t
	}
	if i := strings.IndexAny(t, ")]"); i >= 0 {
		return t[i+1:]
	}
	return ""
}

// shapeLine is what shapeFile knows of one line before reading blocks.
type shapeLine struct {
	indent  int    // columns, a tab counting 4
	text    string // trimmed
	opaque  bool   // begins inside a block comment or a multi-line string
	comment bool   // a comment (or an attribute) and nothing else
}

// shapeFile returns the top-level blocks and the members of a file in one
// of shapeLangs (see above), and the references found in it.
func shapeFile(lang string, lines []string) (top, members []Block, refs []lineRef) {
	spec := shapeLangs[lang]
	info := scanShape(lines)
	if h, ok := shapeHeader(spec, info); ok {
		top = append(top, h)
	}
	type open struct {
		b         Block
		container bool
	}
	var stack []open // the declarations whose range the current line is in
	closeTo := func(l int) {
		for len(stack) > 0 && stack[len(stack)-1].b.EndLine < l {
			stack = stack[:len(stack)-1]
		}
	}
	for i, li := range info {
		l := i + 1
		closeTo(l)
		if li.opaque || li.comment || li.text == "" {
			continue
		}
		kw, rest, ok := spec.declaration(li.text)
		if !ok {
			continue
		}
		b, container, ok := spec.block(kw, rest, l, shapeDecl(info, i))
		if !ok {
			continue
		}
		b.EndLine = shapeEnd(info, i)
		b.StartLine, b.Doc = shapeDoc(lines, info, i)
		switch {
		case len(stack) == 0:
			top = append(top, b)
		case len(stack) == 1 && stack[0].container && (spec.function[kw] || computedProperty(kw, li.text)):
			b.Kind = KindMethod
			b.QualName = stack[0].b.Name + "." + b.Name
			members = append(members, b)
		case container && len(stack) == 1 && stack[0].container:
			// a type nested in a type: part of the outer one, and its
			// functions are not the outer one's members
		case len(stack) == 1 && b.EndLine > b.StartLine:
			// a property with a body (an anonymous object, a closure):
			// part of the container, and what it declares is not a member
		default:
			continue // code inside a member: part of its block
		}
		stack = append(stack, open{b: b, container: container})
	}
	shapeOutlines(lines, top, members)
	return top, members, shapeRefs(spec, lines, info)
}

// block makes the block a declaration line starts; container reports a
// type, extension, object or trait; false for a declaration without a
// usable name.
func (s shapeLang) block(kw, rest string, l int, text string) (b Block, container bool, ok bool) {
	name, qual := kw, kw
	if !s.nameless[kw] {
		m := shapeName.FindStringSubmatch(rest)
		if m == nil {
			return Block{}, false, false
		}
		qual = strings.Trim(m[1], "`")
		name = qual[strings.LastIndexByte(qual, '.')+1:]
		if name == "" {
			return Block{}, false, false
		}
	}
	kind, container := s.container[kw]
	switch {
	case container:
	case s.function[kw]:
		kind = KindFunction
	case s.typeAlias[kw]:
		kind = KindType
	default:
		kind = KindVariable
	}
	if !container {
		qual = name
	}
	return Block{Kind: kind, Name: name, QualName: qual, StartLine: l, Signature: shapeSignature(text)}, container, true
}

// computedProperty reports a Swift computed property ("var body: some
// View {"): a member whose code is the point, unlike a stored property.
func computedProperty(kw, text string) bool {
	return kw == "var" && strings.HasSuffix(text, "{") && !strings.Contains(text, "=")
}

// maxSignatureLines bounds a declaration whose parameters span lines.
const maxSignatureLines = 12

// shapeDecl is the declaration starting at index i: its line, and the
// next ones while its parentheses are open ("init(session: URLSession,"
// goes on to the closing one).
func shapeDecl(info []shapeLine, i int) string {
	parts := []string{info[i].text}
	open := strings.Count(info[i].text, "(") - strings.Count(info[i].text, ")")
	for j := i + 1; open > 0 && j < len(info) && j-i < maxSignatureLines; j++ {
		t := info[j].text
		parts = append(parts, t)
		open += strings.Count(t, "(") - strings.Count(t, ")")
	}
	return strings.Join(parts, "\n")
}

// shapeSignature is a declaration without its opening brace or body.
func shapeSignature(text string) string {
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "{"))
	return validUTF8(text)
}

// scanShape measures every line and marks those inside block comments
// and multi-line strings ("""), which both languages share.
func scanShape(lines []string) []shapeLine {
	out := make([]shapeLine, len(lines))
	depth, inString := 0, false // block comments nest in both languages
	for i, raw := range lines {
		li := &out[i]
		inStringAtStart := inString
		li.opaque = depth > 0 || inString
		li.text = strings.TrimSpace(raw)
		_, li.indent = trimIndent(raw)
		code := false
		for j := 0; j < len(raw); j++ {
			switch {
			case inString:
				if strings.HasPrefix(raw[j:], `"""`) {
					inString, j = false, j+2
				}
			case depth > 0:
				if strings.HasPrefix(raw[j:], "*/") {
					depth, j = depth-1, j+1
				} else if strings.HasPrefix(raw[j:], "/*") {
					depth, j = depth+1, j+1
				}
			case strings.HasPrefix(raw[j:], "//"):
				j = len(raw)
			case strings.HasPrefix(raw[j:], "/*"):
				depth, j = depth+1, j+1
			case strings.HasPrefix(raw[j:], `"""`):
				inString, code, j = true, true, j+2
			case raw[j] == '"':
				code = true
				for j++; j < len(raw) && raw[j] != '"'; j++ {
					if raw[j] == '\\' {
						j++
					}
				}
			case raw[j] != ' ' && raw[j] != '\t' && raw[j] != '\r':
				code = true
			}
		}
		li.comment = li.text != "" && (!code && !inStringAtStart || li.text[0] == '@' && attrOnly.MatchString(li.text))
	}
	return out
}

// shapeEnd is the last line of the declaration starting at index i: the
// line before the next code line indented no deeper, or that line when
// it closes the declaration ("}" at the same indentation), trailing blank
// and comment lines left to what follows.
func shapeEnd(info []shapeLine, i int) int {
	d := info[i].indent
	last := i
	for j := i + 1; j < len(info); j++ {
		lj := info[j]
		if lj.opaque || lj.comment || lj.text == "" {
			if lj.opaque && !lj.comment {
				last = j // a string of its code, whatever its indentation
			}
			continue
		}
		if lj.indent <= d {
			if lj.indent == d && (strings.ContainsAny(lj.text[:1], "})]") || strings.HasPrefix(lj.text, "end ")) {
				last = j
			}
			break
		}
		last = j
	}
	return last + 1
}

// shapeDoc extends the declaration at index i over the comments and
// attributes right above it and returns its first line and doc.
func shapeDoc(lines []string, info []shapeLine, i int) (int, string) {
	first := i
	for first > 0 && info[first-1].comment && info[first-1].text != "" {
		first--
	}
	var doc []string
	for j := first; j < i; j++ {
		if !strings.HasPrefix(info[j].text, "@") {
			doc = append(doc, lines[j])
		}
	}
	return first + 1, validUTF8(cleanComment(strings.Join(doc, "\n")))
}

// shapeHeader is the file's imports (and Scala's package clause) from
// line 1, when the first code lines are such.
func shapeHeader(s shapeLang, info []shapeLine) (Block, bool) {
	b := Block{Kind: KindHeader, StartLine: 1}
	for i, li := range info {
		if li.opaque || li.comment || li.text == "" {
			continue
		}
		m := s.header.FindStringSubmatch(li.text)
		if m == nil {
			break
		}
		if strings.HasPrefix(li.text, "package ") {
			b.Signature = li.text
		} else {
			b.Imports = append(b.Imports, strings.TrimSpace(m[1]))
		}
		b.EndLine = i + 1
	}
	return b, b.EndLine > 0
}

// shapeOutlines gives each container with members its outline. Both
// lists are in line order, and a member lies in at most one container.
func shapeOutlines(lines []string, top, members []Block) {
	j := 0
	for i := range top {
		c := &top[i]
		for j < len(members) && members[j].StartLine < c.StartLine {
			j++
		}
		k := j
		for k < len(members) && members[k].EndLine <= c.EndLine {
			k++
		}
		in := members[j:k]
		j = k
		if len(in) == 0 || (c.Kind != KindClass && c.Kind != KindType && c.Kind != KindInterface) {
			continue
		}
		first, _, _ := strings.Cut(c.Signature, "\n")
		decl := c.StartLine
		for decl < in[0].StartLine && !strings.Contains(lines[decl-1], first) {
			decl++
		}
		c.Signature = outline(lines, c, decl, in)
	}
}

// shapeRefs lists the names each code line calls or capitalizes.
func shapeRefs(s shapeLang, lines []string, info []shapeLine) []lineRef {
	var out []lineRef
	for i, li := range info {
		if li.opaque || li.comment {
			continue
		}
		for _, m := range s.shapeRef(lines[i]) {
			out = append(out, lineRef{line: i + 1, at: uint(m.at), name: m.name})
		}
	}
	return out
}

type shapeMatch struct {
	at   int
	name string
}

// shapeRef lists the identifiers of a code line that are called
// ("charge(") or capitalized (a type), outside strings and after no "//".
func (s shapeLang) shapeRef(line string) []shapeMatch {
	var out []shapeMatch
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '/' && i+1 < len(line) && line[i+1] == '/':
			return out
		case c == '"':
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					i++
				}
			}
			i++
		case isIdentByte(c) && (c < '0' || c > '9'):
			w, rest := leadingWord(line[i:])
			called := strings.HasPrefix(strings.TrimLeft(rest, " "), "(")
			if (called || c >= 'A' && c <= 'Z') && len(w) > 1 && !s.stop[w] {
				out = append(out, shapeMatch{at: i, name: w})
			}
			i += len(w)
		default:
			i++
		}
	}
	return out
}
