//go:build cgo

package chunk

import (
	"strings"

	ts "github.com/tree-sitter/go-tree-sitter"
)

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

// header returns the block of the file's prologue: from line 1 through the
// last import (or package clause) that comes before the first other
// top-level statement. Comments, a module docstring, directives and Rust
// "mod x;" lines may sit among the imports; the header goes on into a C
// include guard or a namespace (see tsLang.enter). A file without imports
// or such an opening has no header.
func (f *tsFile) header(root *ts.Node) (Block, bool) {
	b := Block{Kind: KindHeader, StartLine: 1}
	first := true
	f.prologueIn(root, &b, &first, 0)
	return b, b.EndLine > 0
}

// maxEnter bounds how deep the header goes into nested namespaces.
const maxEnter = 4

// prologueIn takes the named children of n into the header being built
// and reports whether all of them belonged to it. A child named by the
// field "name" (an include guard's macro) is skipped.
func (f *tsFile) prologueIn(n *ts.Node, b *Block, first *bool, depth int) bool {
	cur := n.Walk()
	defer cur.Close()
	for ok := cur.GotoFirstChild(); ok; ok = cur.GotoNextSibling() {
		ch := cur.Node()
		if !ch.IsNamed() || (depth > 0 && cur.FieldName() == "name") {
			continue
		}
		if !f.prologue(ch, b, *first, depth) {
			return false
		}
		*first = false
	}
	return true
}

// prologue takes one top-level node into the header being built and
// reports whether the header may go on after it.
func (f *tsFile) prologue(ch *ts.Node, b *Block, first bool, depth int) bool {
	spec := f.c.spec
	k := ch.Kind()
	switch {
	case depth < maxEnter && contains(spec.enter, k):
		return f.enter(ch, b, first, depth)
	case contains(spec.imports, k):
		if isPackageClause(k) {
			b.Signature = cleanSignature(f.text(ch))
		} else {
			paths := f.importPaths(ch)
			if len(paths) == 0 && (k == "call" || k == "command") {
				// A Ruby or shell statement, not a require or source; "set -e"
				// may sit among the sources.
				return k == "command" && f.isShellSetting(ch)
			}
			b.Imports = append(b.Imports, paths...)
		}
		b.EndLine = endLine(ch)
		return true
	case k == "expression_statement":
		// A module docstring or a "use strict" directive, only first.
		if first && b.Doc == "" {
			b.Doc = f.moduleDoc(ch)
		}
		return first
	case k == "preproc_def":
		// An include guard's or a feature macro without a value.
		return ch.ChildByFieldName("value") == nil
	case k == "mod_item":
		return ch.ChildByFieldName("body") == nil
	case k == "lexical_declaration" || k == "variable_declaration":
		// CommonJS: const fs = require("fs"); Lua: local x = require "x".
		if mod := requireSource(f.text(ch)); mod != "" {
			b.EndLine = endLine(ch)
			b.Imports = append(b.Imports, mod)
			return true
		}
		return false
	}
	return contains(spec.prologue, k)
}

// enter takes a namespace or an include guard into the header: its
// opening line, then its children while they are prologue. It reports
// whether the whole node was prologue.
func (f *tsFile) enter(ch *ts.Node, b *Block, first bool, depth int) bool {
	inner := ch
	if body := ch.ChildByFieldName("body"); body != nil {
		inner = body
		b.EndLine = max(b.EndLine, startLine(body))
	} else if ch.Kind() != "preproc_ifdef" {
		// PHP's "namespace X;" statement.
		b.EndLine = max(b.EndLine, endLine(ch))
		return true
	} else {
		b.EndLine = max(b.EndLine, startLine(ch))
	}
	if !f.prologueIn(inner, b, &first, depth+1) {
		return false
	}
	b.EndLine = max(b.EndLine, endLine(ch))
	return true
}

func isPackageClause(k string) bool {
	return k == "package_declaration" || k == "package_header" || k == "package_clause"
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
	case "preproc_include":
		if p := n.ChildByFieldName("path"); p != nil {
			return validAll([]string{strings.Trim(f.text(p), "<>\" ")})
		}
	case "using_directive", "namespace_use_declaration", "import":
		return validAll([]string{usePath(f.text(n))})
	case "call":
		return f.rubyRequire(n)
	case "command":
		return f.shellSource(n)
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
	if !ok {
		_, rest, ok = strings.Cut(decl, "require ") // Lua: require "x"
	}
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

// usePath is what a C# using, a PHP use or a Kotlin import names:
// "using static System.Math;" → "System.Math".
func usePath(t string) string {
	t = strings.TrimSuffix(strings.TrimSpace(t), ";")
	for _, p := range []string{"global ", "using ", "use ", "import ", "static ", "function ", "const "} {
		t = strings.TrimSpace(strings.TrimPrefix(t, p))
	}
	if _, after, ok := strings.Cut(t, "="); ok {
		t = strings.TrimSpace(after)
	}
	return strings.Join(strings.Fields(t), " ")
}

// rubyRequire returns the path of a Ruby require, require_relative or
// load call, or nothing for any other call.
func (f *tsFile) rubyRequire(n *ts.Node) []string {
	m := n.ChildByFieldName("method")
	args := n.ChildByFieldName("arguments")
	if m == nil || args == nil || n.ChildByFieldName("receiver") != nil {
		return nil
	}
	switch f.text(m) {
	case "require", "require_relative", "load", "autoload":
	default:
		return nil
	}
	for i := uint(0); i < args.NamedChildCount(); i++ {
		if a := args.NamedChild(i); a != nil && a.Kind() == "string" {
			return validAll([]string{strings.Trim(f.text(a), "\"'")})
		}
	}
	return nil
}

// shellSource returns the file of a "source x" or ". x" command, or
// nothing for any other command.
func (f *tsFile) shellSource(n *ts.Node) []string {
	name := n.ChildByFieldName("name")
	arg := n.ChildByFieldName("argument")
	if name == nil || arg == nil {
		return nil
	}
	if c := f.text(name); c != "source" && c != "." {
		return nil
	}
	return validAll([]string{strings.Trim(f.text(arg), "\"'")})
}

// isShellSetting reports whether a command is "set …" or "shopt …".
func (f *tsFile) isShellSetting(n *ts.Node) bool {
	name := n.ChildByFieldName("name")
	return name != nil && (f.text(name) == "set" || f.text(name) == "shopt")
}
