//go:build cgo

package chunk

import (
	"strings"

	ts "github.com/tree-sitter/go-tree-sitter"
)

// maxSignature caps a signature's length; longer ones are cut at a line.
const maxSignature = 400

// block makes the block of one definition. Its range grows to the wrappers
// around it (decorators, export) and to the comments and attributes right
// above it; its signature is the text from the definition's start up to
// its body. A non-empty prefix makes it a method "prefix.name". It also
// returns the line after which the body's contents start (0 without a
// body), used for a container's outline.
func (f *tsFile) block(d *tsDef, prefix string) (Block, int) {
	outer := d.node
	for p := outer.Parent(); p != nil && contains(f.c.spec.wrappers, p.Kind()); p = p.Parent() {
		outer = *p
	}
	first, doc := f.leading(outer)
	b := Block{
		Kind:      defKind(d.what),
		Name:      d.name,
		QualName:  d.qual,
		StartLine: first,
		EndLine:   endLine(&outer),
		Doc:       doc,
	}
	if prefix != "" {
		b.Kind, b.QualName = KindMethod, prefix+"."+d.name
	} else if d.method {
		b.Kind = KindMethod
	}
	b.Test = d.what == "test"
	body := f.bodyOf(&d.node)
	sigEnd := d.node.EndByte()
	if body != nil {
		sigEnd = body.StartByte()
	}
	sig := f.src[d.node.StartByte():sigEnd]
	bodyLine := 0
	if body != nil {
		trimmed := strings.TrimRight(string(sig), " \t\r\n")
		bodyLine = startLine(&d.node) + strings.Count(trimmed, "\n")
	} else if i := strings.IndexByte(string(sig), '\n'); i >= 0 && (b.Test || (b.Kind != KindFunction && b.Kind != KindMethod)) {
		sig = sig[:i]
	}
	b.Signature = capSignature(cleanSignature(string(sig)))
	if f.c.spec.docstrings {
		if ds := f.docstring(body); ds != "" {
			b.Doc = ds
		}
	}
	return b, bodyLine
}

func defKind(what string) Kind {
	switch what {
	case "class":
		return KindClass
	case "interface":
		return KindInterface
	case "type", "impl":
		return KindType
	case "variable":
		return KindVariable
	}
	return KindFunction
}

// bodyOf returns the body of a definition: its "body" field, a child of
// one of the language's body kinds, or the body of a function value it
// holds (const f = () => {…}, M.f = function() … end, res.send =
// function send(body) {…}).
func (f *tsFile) bodyOf(n *ts.Node) *ts.Node {
	if b := fieldBody(n); b != nil {
		return b
	}
	if len(f.c.spec.bodies) > 0 {
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if ch := n.NamedChild(i); ch != nil && contains(f.c.spec.bodies, ch.Kind()) {
				return ch
			}
		}
	}
	if f.c.spec.splitNames {
		return nestedBody(n, 3)
	}
	return nil
}

// nestedBody returns the first "body" field among n's descendants down to
// depth levels, breadth first: the function a Lua assignment holds.
func nestedBody(n *ts.Node, depth int) *ts.Node {
	level := []*ts.Node{n}
	for d := 0; d < depth && len(level) > 0; d++ {
		var next []*ts.Node
		for _, p := range level {
			for i := uint(0); i < p.NamedChildCount(); i++ {
				ch := p.NamedChild(i)
				if ch == nil {
					continue
				}
				if b := ch.ChildByFieldName("body"); b != nil {
					return b
				}
				next = append(next, ch)
			}
		}
		level = next
	}
	return nil
}

func fieldBody(n *ts.Node) *ts.Node {
	if b := n.ChildByFieldName("body"); b != nil {
		return b
	}
	v := n.ChildByFieldName("value")
	if v == nil && n.NamedChildCount() > 0 {
		switch decl := n.NamedChild(0); {
		case decl == nil:
		case decl.Kind() == "variable_declarator":
			v = decl.ChildByFieldName("value")
		case decl.Kind() == "assignment_expression":
			v = assignedValue(decl)
		}
	}
	if v != nil {
		return v.ChildByFieldName("body")
	}
	return nil
}

// assignedValue is what an assignment finally assigns, through a chain
// (res.type = res.contentType = function …): its last right side.
func assignedValue(as *ts.Node) *ts.Node {
	v := as.ChildByFieldName("right")
	for v != nil && v.Kind() == "assignment_expression" {
		v = v.ChildByFieldName("right")
	}
	return v
}

// leading returns the first line of a definition including the comments
// and attributes touching it from above, and the text of those comments.
func (f *tsFile) leading(n ts.Node) (int, string) {
	cur := n
	var docs []string
	for prev := cur.PrevNamedSibling(); prev != nil; prev = cur.PrevNamedSibling() {
		if !contains(f.c.spec.attached, prev.Kind()) || endLine(prev)+1 < startLine(&cur) {
			break
		}
		if contains(f.c.spec.comments, prev.Kind()) {
			docs = append(docs, cleanComment(f.text(prev)))
		}
		cur = *prev
	}
	for i, j := 0, len(docs)-1; i < j; i, j = i+1, j-1 {
		docs[i], docs[j] = docs[j], docs[i]
	}
	return startLine(&cur), validUTF8(strings.TrimSpace(strings.Join(docs, "\n")))
}

// docstring returns a Python docstring: the string that opens a body.
func (f *tsFile) docstring(body *ts.Node) string {
	if body == nil || body.Kind() != "block" || body.NamedChildCount() == 0 {
		return ""
	}
	st := body.NamedChild(0)
	if st == nil || st.Kind() != "expression_statement" || st.NamedChildCount() != 1 {
		return ""
	}
	s := st.NamedChild(0)
	if s == nil || s.Kind() != "string" {
		return ""
	}
	return validUTF8(cleanDocstring(f.text(s)))
}

// cleanDocstring strips a Python string's prefix and quotes and the
// indentation of its lines.
func cleanDocstring(s string) string {
	s = strings.TrimLeft(s, "rRbBuUfF")
	for _, q := range []string{`"""`, `'''`, `"`, `'`} {
		if strings.HasPrefix(s, q) && strings.HasSuffix(s, q) && len(s) >= 2*len(q) {
			s = s[len(q) : len(s)-len(q)]
			break
		}
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// capSignature keeps at most maxSignature bytes, cut at a line end.
func capSignature(s string) string {
	if len(s) <= maxSignature {
		return s
	}
	cut := s[:maxSignature]
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i]
	}
	return validUTF8(cut) + " …"
}
