//go:build cgo

package chunk

import (
	"strings"

	ts "github.com/tree-sitter/go-tree-sitter"
)

// maxOutline caps the lines of a container's outline.
const maxOutline = 60

// outlines sets the signature of each top-level container that has
// members to its outline: the declaration, then the container's own lines
// (fields, constants, nested types) with each member shown as the first
// line of its signature followed by " …". The container block spans the
// whole container, members included; the outline is what it says on its
// own, so that a packer can show the class without repeating its methods.
func (f *tsFile) outlines(top []Block, bodies []int, members []Block) {
	if len(members) == 0 {
		return
	}
	lines := SplitLines(string(f.src))
	for i := range top {
		c := &top[i]
		if bodies[i] == 0 || (c.Kind != KindClass && c.Kind != KindInterface && c.Kind != KindType) {
			continue
		}
		var in []Block
		for _, m := range members {
			if m.StartLine >= c.StartLine && m.EndLine <= c.EndLine {
				in = append(in, m)
			}
		}
		if len(in) > 0 {
			c.Signature = outline(lines, c, bodies[i], in)
		}
	}
}

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

// header returns the block of the file's prologue: from line 1 through the
// last import (or Java package clause) that comes before the first other
// top-level statement. Comments, a module docstring, directives and Rust
// "mod x;" lines may sit among the imports. A file without imports has no
// header.
func (f *tsFile) header(root *ts.Node) (Block, bool) {
	b := Block{Kind: KindHeader, StartLine: 1}
	cur := root.Walk()
	defer cur.Close()
	for ok, first := cur.GotoFirstChild(), true; ok; ok = cur.GotoNextSibling() {
		ch := cur.Node()
		if !ch.IsNamed() {
			continue
		}
		if !f.prologue(ch, &b, first) {
			break
		}
		first = false
	}
	return b, b.EndLine > 0
}

// prologue takes one top-level node into the header being built and
// reports whether the header may go on after it.
func (f *tsFile) prologue(ch *ts.Node, b *Block, first bool) bool {
	spec := f.c.spec
	k := ch.Kind()
	switch {
	case contains(spec.imports, k):
		b.EndLine = endLine(ch)
		if k == "package_declaration" {
			b.Signature = cleanSignature(f.text(ch))
		} else {
			b.Imports = append(b.Imports, f.importPaths(ch)...)
		}
		return true
	case k == "expression_statement":
		// A module docstring or a "use strict" directive, only first.
		if first && b.Doc == "" {
			b.Doc = f.moduleDoc(ch)
		}
		return first
	case k == "mod_item":
		return ch.ChildByFieldName("body") == nil
	case k == "lexical_declaration" || k == "variable_declaration":
		// CommonJS: const fs = require("fs").
		if mod := requireSource(f.text(ch)); mod != "" {
			b.EndLine = endLine(ch)
			b.Imports = append(b.Imports, mod)
			return true
		}
		return false
	}
	return contains(spec.prologue, k)
}

// moduleDoc returns a Python module docstring.
func (f *tsFile) moduleDoc(st *ts.Node) string {
	if !f.c.spec.docstrings || st.NamedChildCount() != 1 {
		return ""
	}
	if s := st.NamedChild(0); s != nil && s.Kind() == "string" {
		return validUTF8(cleanDocstring(f.text(s)))
	}
	return ""
}

// importPaths returns what an import statement imports: Python module
// names, JavaScript sources, Rust use paths, Java qualified names.
func (f *tsFile) importPaths(n *ts.Node) []string {
	switch n.Kind() {
	case "import_statement":
		if src := n.ChildByFieldName("source"); src != nil {
			return validAll([]string{strings.Trim(f.text(src), "\"'`")})
		}
		var out []string
		for i := uint(0); i < n.NamedChildCount(); i++ {
			ch := n.NamedChild(i)
			switch ch.Kind() {
			case "dotted_name":
				out = append(out, f.text(ch))
			case "aliased_import":
				if nm := ch.ChildByFieldName("name"); nm != nil {
					out = append(out, f.text(nm))
				}
			}
		}
		return validAll(out)
	case "import_from_statement":
		if m := n.ChildByFieldName("module_name"); m != nil {
			return validAll([]string{f.text(m)})
		}
	case "future_import_statement":
		return []string{"__future__"}
	case "use_declaration":
		if a := n.ChildByFieldName("argument"); a != nil {
			return validAll([]string{strings.Join(strings.Fields(f.text(a)), " ")})
		}
	case "extern_crate_declaration":
		if nm := n.ChildByFieldName("name"); nm != nil {
			return validAll([]string{f.text(nm)})
		}
	case "import_declaration":
		t := strings.TrimSuffix(strings.TrimSpace(f.text(n)), ";")
		t = strings.TrimSpace(strings.TrimPrefix(t, "import"))
		t = strings.TrimSpace(strings.TrimPrefix(t, "static "))
		return validAll([]string{t})
	}
	return nil
}

// requireSource returns the module of a short declaration whose value is
// a require("…") call, or "".
func requireSource(decl string) string {
	if len(decl) > 300 {
		return ""
	}
	_, rest, ok := strings.Cut(decl, "require(")
	if !ok || rest == "" || !strings.ContainsRune("\"'`", rune(rest[0])) {
		return ""
	}
	q := rest[:1]
	mod, _, ok := strings.Cut(rest[1:], q)
	if !ok || strings.ContainsAny(mod, "\n") {
		return ""
	}
	return validUTF8(mod)
}

func validAll(ss []string) []string {
	for i, s := range ss {
		ss[i] = validUTF8(s)
	}
	return ss
}
