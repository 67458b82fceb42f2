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
	// method: the name qualifies it by a type outside any container
	// (C++ "int Widget::size()", Lua "function M.pick()", Kotlin
	// "fun String.shout()").
	method bool
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
			// const f = () => {} matches as a variable and a function; a
			// Kotlin interface as a class and an interface.
			if d.what == "function" || (d.what == "interface" && defs[i].what == "class") {
				defs[i].what = d.what
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
	switch {
	case d.what == "impl":
		f.implNames(d)
	case name.Kind() == "member_expression":
		f.memberName(d)
	case f.c.spec.splitNames:
		splitName(d)
	case f.c.spec.receiver != "" && d.what == "function":
		f.receiverName(d, name)
	}
	return d.name != ""
}

// splitName names a definition named by a path after its last part,
// qualified by the part before: "ns::Widget::size" is "Widget.size",
// "M.state:get" is "state.get", Ruby "Rack::Request" is "Rack.Request".
func splitName(d *tsDef) {
	parts := namePath(d.name)
	n := len(parts)
	if n < 2 {
		return
	}
	d.name, d.prefix = parts[n-1], parts[n-1]
	d.qual = parts[n-2] + "." + parts[n-1]
	d.method = d.what == "function"
}

// memberName names a function assigned to a member at the top of a
// JavaScript or TypeScript module as splitName does, once the parts that
// say nothing of what it belongs to are dropped: "prototype"
// ("Router.prototype.handle" is "Router.handle"), and a leading "this",
// "module" or "exports", after which it is a plain function
// ("exports.parse" is "parse"). "module.exports = function f()" is named
// by the function's own name, else "exports". A member path that is not
// all identifiers ("a().b", "a[0].b") is not a name.
func (f *tsFile) memberName(d *tsDef) {
	var parts []string
	for _, p := range strings.Split(d.name, ".") {
		p = strings.TrimSpace(p)
		if !IsIdentifier(p) {
			d.name = ""
			return
		}
		if p != "prototype" {
			parts = append(parts, p)
		}
	}
	for len(parts) > 1 && (parts[0] == "this" || parts[0] == "module" || parts[0] == "exports") {
		parts = parts[1:]
	}
	if len(parts) == 1 && parts[0] == "exports" {
		if fn := f.assignedName(d); fn != "" {
			parts[0] = fn
		}
	}
	d.name = strings.Join(parts, ".")
	d.qual, d.prefix = d.name, d.name
	splitName(d)
}

// assignedName is the name of the function expression a JavaScript
// assignment definition holds ("module.exports = function f() {}" → "f").
func (f *tsFile) assignedName(d *tsDef) string {
	as := d.node.NamedChild(0)
	if as == nil {
		return ""
	}
	if fn := assignedValue(as); fn != nil {
		if nm := fn.ChildByFieldName("name"); nm != nil {
			return validUTF8(f.text(nm))
		}
	}
	return ""
}

// namePath splits a qualified name at "::", "." and ":" after dropping
// template arguments; it returns nil when a part would be empty.
func namePath(s string) []string {
	s = stripTemplateArgs(s)
	parts := strings.FieldsFunc(strings.ReplaceAll(s, "::", "."), func(r rune) bool {
		return r == '.' || r == ':' || r == '\\'
	})
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
		if parts[i] == "" {
			return nil
		}
	}
	return parts
}

// stripTemplateArgs removes balanced <…> from a name: "Map<K, V>::get" →
// "Map::get"; an unbalanced "<" (operator<) stays.
func stripTemplateArgs(s string) string {
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			return s
		}
		depth, j := 0, i
		for ; j < len(s); j++ {
			if s[j] == '<' {
				depth++
			} else if s[j] == '>' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if j >= len(s) {
			return s
		}
		s = s[:i] + s[j+1:]
	}
}

// receiverName makes an extension function (Kotlin "fun String.shout()")
// a method of the type it extends: the receiver is the child of the
// language's receiver kind that comes before the name.
func (f *tsFile) receiverName(d *tsDef, name *ts.Node) {
	for i := uint(0); i < d.node.NamedChildCount(); i++ {
		ch := d.node.NamedChild(i)
		if ch == nil || ch.StartByte() >= name.StartByte() {
			return
		}
		if ch.Kind() == f.c.spec.receiver {
			if t := baseTypeName(validUTF8(f.text(ch))); t != "" {
				d.qual, d.method = t+"."+d.name, true
			}
			return
		}
	}
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
	var stack []open  // enclosing definitions that are blocks
	var scopes []open // enclosing Ruby modules, outside any block
	var bodies []int  // per top block: the line its body's contents start after
	for i := range defs {
		d := &defs[i]
		stack, scopes = popEnded(stack, d.node.StartByte()), popEnded(scopes, d.node.StartByte())
		if d.what == "namespace" && len(stack) == 0 {
			scopes = append(scopes, open{end: d.node.EndByte(), def: i})
			continue
		}
		switch {
		case len(stack) == 0:
			prefix := ""
			if len(scopes) > 0 && d.what == "function" {
				prefix = defs[scopes[len(scopes)-1].def].prefix
			}
			b, body := f.block(d, prefix)
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

// open is a definition enclosing the ones that follow, up to end.
type open struct {
	end uint
	def int
}

// popEnded drops the definitions that end before at.
func popEnded(stack []open, at uint) []open {
	for len(stack) > 0 && stack[len(stack)-1].end <= at {
		stack = stack[:len(stack)-1]
	}
	return stack
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
