//go:build cgo

package chunk

import (
	"sort"
	"strings"

	ts "github.com/tree-sitter/go-tree-sitter"
)

// tsFile is one file being chunked with tree-sitter.
type tsFile struct {
	c   *compiled
	src []byte
}

// tsDef is one definition the definitions query found.
type tsDef struct {
	node ts.Node // the definition itself (function_definition, impl_item, …)
	what string  // function, class, interface, type, impl, variable
	name string
	qual string // qualified name of a top-level definition
	// prefix is what a member's qualified name starts with: the class
	// name, or for a Rust impl the implementing type.
	prefix string
}

func (f *tsFile) text(n *ts.Node) string {
	a, b := n.StartByte(), n.EndByte()
	if a > b || b > uint(len(f.src)) {
		return ""
	}
	return string(f.src[a:b])
}

// startLine and endLine give a node's 1-based lines; a node ending at
// column 0 (after its own newline) ends on the line before.
func startLine(n *ts.Node) int { return int(n.StartPosition().Row) + 1 }

func endLine(n *ts.Node) int {
	s, e := n.StartPosition(), n.EndPosition()
	if e.Column == 0 && e.Row > s.Row {
		return int(e.Row)
	}
	return int(e.Row) + 1
}

// scan runs the language's query once over the tree and returns the
// named definitions, sorted by position with outer before inner, and the
// references in source order (without the language's common names).
func (f *tsFile) scan(root *ts.Node) ([]tsDef, []lineRef) {
	qc := ts.NewQueryCursor()
	defer qc.Close()
	var defs []tsDef
	var refs []lineRef
	seen := map[uintptr]int{} // node → index in defs
	ms := qc.Matches(f.c.query, root, f.src)
	for m := ms.Next(); m != nil; m = ms.Next() {
		var d tsDef
		var name *ts.Node
		for i := range m.Captures {
			cp := &m.Captures[i]
			switch w, ok := f.c.what[cp.Index]; {
			case cp.Index == f.c.refIdx:
				refs = f.addRef(refs, &cp.Node)
			case cp.Index == f.c.nameIdx:
				name = &cp.Node
			case ok:
				d.node, d.what = cp.Node, w
			}
		}
		if name == nil || d.what == "" {
			continue
		}
		if i, ok := seen[d.node.Id()]; ok {
			// const f = () => {} matches as a variable and a function.
			if d.what == "function" {
				defs[i].what = "function"
			}
			continue
		}
		if f.name(&d, name) {
			seen[d.node.Id()] = len(defs)
			defs = append(defs, d)
		}
	}
	sort.SliceStable(defs, func(i, j int) bool {
		a, b := &defs[i].node, &defs[j].node
		if a.StartByte() != b.StartByte() {
			return a.StartByte() < b.StartByte()
		}
		return a.EndByte() > b.EndByte()
	})
	sort.SliceStable(refs, func(i, j int) bool { return refs[i].at < refs[j].at })
	return defs, refs
}

// name fills a definition's names from its name node and reports whether
// it has one.
func (f *tsFile) name(d *tsDef, name *ts.Node) bool {
	d.name = validUTF8(f.text(name))
	d.qual, d.prefix = d.name, d.name
	if d.what == "impl" {
		f.implNames(d)
	}
	return d.name != ""
}

// addRef appends a reference unless it is too short (one letter: a type
// parameter or loop variable), too long, or one of the language's common
// names.
func (f *tsFile) addRef(refs []lineRef, n *ts.Node) []lineRef {
	name := f.text(n)
	if len(name) < 2 || len(name) > 100 || f.c.spec.stop(name) {
		return refs
	}
	return append(refs, lineRef{line: startLine(n), at: n.StartByte(), name: validUTF8(name)})
}

// implNames names a Rust impl block after its type ("impl Settler",
// "impl Backoff for Exponential"); its methods are "Settler.new".
func (f *tsFile) implNames(d *tsDef) {
	typ := baseTypeName(d.name)
	d.name, d.prefix, d.qual = typ, typ, "impl "+typ
	if tr := d.node.ChildByFieldName("trait"); tr != nil {
		d.qual = "impl " + baseTypeName(validUTF8(f.text(tr))) + " for " + typ
	}
}

// baseTypeName strips generics and paths: "crate::a::Foo<T>" → "Foo".
func baseTypeName(s string) string {
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	return strings.TrimSpace(strings.TrimLeft(s, "&*"))
}

// blocks turns definitions into top-level blocks and members. A
// definition inside another is a member when its only enclosing
// definition is a top-level container (class, interface, trait, impl) and
// it is a function; any other nested definition (a closure, a nested class
// and its methods) stays part of its enclosing block.
func (f *tsFile) blocks(defs []tsDef) (top, members []Block) {
	type open struct {
		end uint
		def int
	}
	var stack []open
	var bodies []int // per top block: the line its body's contents start after
	for i := range defs {
		d := &defs[i]
		for len(stack) > 0 && stack[len(stack)-1].end <= d.node.StartByte() {
			stack = stack[:len(stack)-1]
		}
		switch {
		case len(stack) == 0:
			b, body := f.block(d, "")
			top, bodies = append(top, b), append(bodies, body)
		case len(stack) == 1 && isContainer(defs[stack[0].def].what) && d.what == "function":
			b, _ := f.block(d, defs[stack[0].def].prefix)
			members = append(members, b)
		}
		stack = append(stack, open{end: d.node.EndByte(), def: i})
	}
	top, bodies = f.mergeVariables(top, bodies)
	f.outlines(top, bodies, members)
	return top, members
}

// mergeVariables joins runs of top-level variable blocks separated by
// nothing but blank lines into one block, named after the first, whose
// signature lists each statement's first line: a module's constants
// become one block rather than one per line.
func (f *tsFile) mergeVariables(top []Block, bodies []int) ([]Block, []int) {
	var lines []string
	outT, outB := top[:0], bodies[:0]
	for i, b := range top {
		if n := len(outT); n > 0 && b.Kind == KindVariable && outT[n-1].Kind == KindVariable {
			if lines == nil {
				lines = SplitLines(string(f.src))
			}
			if prev := &outT[n-1]; prev.EndLine < b.StartLine && b.StartLine <= len(lines) &&
				onlyBlank(lines[prev.EndLine:b.StartLine-1]) {
				prev.EndLine = max(prev.EndLine, b.EndLine)
				prev.Signature = capSignature(prev.Signature + "\n" + b.Signature)
				if prev.Doc == "" {
					prev.Doc = b.Doc
				}
				continue
			}
		}
		outT, outB = append(outT, b), append(outB, bodies[i])
	}
	return outT, outB
}

func onlyBlank(lines []string) bool {
	for _, l := range lines {
		if !isBlank(l) {
			return false
		}
	}
	return true
}

func isContainer(what string) bool {
	return what == "class" || what == "interface" || what == "impl"
}
