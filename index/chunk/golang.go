package chunk

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// goFile chunks Go source with go/ast. A file that does not parse falls
// back to windows, so a half-edited file is still searchable.
func goFile(p string, src []byte, lines []string) []Block {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || f == nil {
		return nil
	}
	tf := fset.File(f.Pos())
	if tf == nil {
		return nil
	}
	g := &goChunker{tf: tf, src: src, imports: goImportNames(f), scratch: newGoScratch()}
	out := []Block{g.header(f)}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			out = append(out, g.funcBlock(d))
		case *ast.GenDecl:
			if d.Tok != token.IMPORT {
				out = append(out, g.genBlocks(d)...)
			}
		}
	}
	for i := range out {
		out[i].Package = f.Name.Name
	}
	return out
}

// goChunker holds what every block of one Go file needs.
type goChunker struct {
	tf      *token.File
	src     []byte
	imports map[string]string // local names of imported packages → their paths
	scratch *goScratch
}

// line is the physical line of pos; //line directives are ignored, since
// blocks address the file as it is on disk.
func (g *goChunker) line(pos token.Pos) int { return g.tf.PositionFor(pos, false).Line }

// text returns the source between two positions, or "" when they are
// invalid (positions from a damaged AST never make it panic).
func (g *goChunker) text(from, to token.Pos) string {
	a, b := g.tf.Offset(from), g.tf.Offset(to)
	if a < 0 || b > len(g.src) || a > b {
		return ""
	}
	return string(g.src[a:b])
}

// header covers the package clause, the comments above it (build tags,
// licence, package doc) and every import declaration.
func (g *goChunker) header(f *ast.File) Block {
	end := g.line(f.Name.End())
	var imports []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		end = max(end, g.line(gd.End()))
		for _, s := range gd.Specs {
			if is, ok := s.(*ast.ImportSpec); ok {
				if path, err := strconv.Unquote(is.Path.Value); err == nil {
					imports = append(imports, path)
				}
			}
		}
	}
	return Block{
		Kind:      KindHeader,
		Signature: "package " + f.Name.Name,
		Doc:       docText(f.Doc),
		StartLine: 1,
		EndLine:   end,
		Imports:   imports,
	}
}

// funcBlock makes a function or method block. Its range starts at the doc
// comment; its signature is the text from "func" up to the body's brace.
func (g *goChunker) funcBlock(d *ast.FuncDecl) Block {
	b := Block{
		Kind:      KindFunction,
		Name:      d.Name.Name,
		QualName:  d.Name.Name,
		Doc:       docText(d.Doc),
		StartLine: g.line(d.Pos()),
		EndLine:   g.line(d.End()),
	}
	if d.Doc != nil {
		b.StartLine = g.line(d.Doc.Pos())
	}
	if d.Recv != nil && len(d.Recv.List) > 0 {
		b.Kind = KindMethod
		if recv := recvTypeName(d.Recv.List[0].Type); recv != "" {
			b.QualName = recv + "." + d.Name.Name
		}
	}
	end := d.End()
	if d.Body != nil {
		end = d.Body.Lbrace
	}
	b.Signature = cleanSignature(g.text(d.Pos(), end))
	b.Refs, b.Uses = goRefs(d, g.imports, g.scratch)
	return b
}

// recvTypeName strips pointers, parentheses and type parameters from a
// receiver type: (*List[T]) → List.
func recvTypeName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// genBlocks turns a type, var or const declaration into blocks: one per
// type spec (a grouped "type ( … )" is split, its first block keeping the
// "type (" line and its last the closing parenthesis), one per var or
// const declaration however many names it groups.
func (g *goChunker) genBlocks(d *ast.GenDecl) []Block {
	if d.Tok != token.TYPE {
		return []Block{g.valueBlock(d)}
	}
	out := make([]Block, 0, len(d.Specs))
	for i, s := range d.Specs {
		ts, ok := s.(*ast.TypeSpec)
		if !ok {
			continue
		}
		b := g.typeBlock(ts, d)
		if i == 0 {
			b.StartLine = g.line(d.Pos())
			if d.Doc != nil {
				b.StartLine = g.line(d.Doc.Pos())
			}
		}
		if i == len(d.Specs)-1 {
			b.EndLine = g.line(d.End())
		}
		out = append(out, b)
	}
	return out
}

// typeBlock makes one type spec's block: kind interface for interface
// types, type otherwise; a struct's fields are part of the block.
func (g *goChunker) typeBlock(ts *ast.TypeSpec, d *ast.GenDecl) Block {
	b := Block{
		Kind:      KindType,
		Name:      ts.Name.Name,
		QualName:  ts.Name.Name,
		StartLine: g.line(ts.Pos()),
		EndLine:   g.line(ts.End()),
	}
	doc := ts.Doc
	if doc == nil && !d.Lparen.IsValid() {
		doc = d.Doc
	}
	if doc != nil {
		b.Doc = docText(doc)
		b.StartLine = min(b.StartLine, g.line(doc.Pos()))
	}
	end := ts.End()
	switch t := ts.Type.(type) {
	case *ast.InterfaceType:
		b.Kind = KindInterface
		end = t.Methods.Opening
	case *ast.StructType:
		end = t.Fields.Opening
	}
	sig := g.text(ts.Pos(), end)
	if i := strings.IndexByte(sig, '\n'); i >= 0 && end == ts.End() {
		sig = sig[:i]
	}
	b.Signature = cleanSignature("type " + sig)
	b.Refs, b.Uses = goRefs(ts, g.imports, g.scratch)
	return b
}

// valueBlock makes one block of a var or const declaration. It is named
// after its first name; the signature lists every name so that a search
// for any of them finds the block.
func (g *goChunker) valueBlock(d *ast.GenDecl) Block {
	var names []string
	for _, s := range d.Specs {
		if vs, ok := s.(*ast.ValueSpec); ok {
			for _, n := range vs.Names {
				if n.Name != "_" {
					names = append(names, n.Name)
				}
			}
		}
	}
	b := Block{
		Kind:      KindVariable,
		Doc:       docText(d.Doc),
		StartLine: g.line(d.Pos()),
		EndLine:   g.line(d.End()),
	}
	b.Refs, b.Uses = goRefs(d, g.imports, g.scratch)
	if d.Doc != nil {
		b.StartLine = g.line(d.Doc.Pos())
	}
	if len(names) > 0 {
		b.Name, b.QualName = names[0], names[0]
	}
	b.Signature = d.Tok.String() + " " + strings.Join(names, ", ")
	if d.Lparen.IsValid() {
		b.Signature = d.Tok.String() + " (" + strings.Join(names, ", ") + ")"
	}
	return b
}

// goImportNames returns the names under which a file refers to its
// imported packages, each with its import path, so that "pkg.Foo" yields
// the ref Foo but not pkg, and the path of pkg as a use.
func goImportNames(f *ast.File) map[string]string {
	names := make(map[string]string, len(f.Imports))
	for _, is := range f.Imports {
		path, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			continue
		}
		if is.Name != nil {
			names[is.Name.Name] = path
			continue
		}
		name := path[strings.LastIndexByte(path, '/')+1:]
		names[name] = path
		// "gopkg.in/yaml.v3" and "github.com/x/go-foo" are commonly
		// imported as yaml and foo.
		if i := strings.IndexByte(name, '.'); i > 0 {
			names[name[:i]] = path
		}
		names[strings.TrimPrefix(name, "go-")] = path
	}
	return names
}

// docText returns a comment group's text without comment markers.
func docText(c *ast.CommentGroup) string {
	if c == nil {
		return ""
	}
	return strings.TrimSpace(validUTF8(c.Text()))
}

// cleanSignature trims a declaration's text and drops trailing spaces on
// each line, keeping multi-line signatures readable.
func cleanSignature(s string) string {
	s = validUTF8(strings.TrimSpace(s))
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	ls := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.Join(ls, "\n")
}
