package chunk

import (
	"go/ast"
	"go/token"
)

// goRefs lists the identifiers a declaration uses that may be defined
// elsewhere: called functions, type names, package-level values and
// selector names (x.Foo and pkg.Foo both give Foo). Without type checking
// this is an approximation, made in one pass in source order: a name the
// declaration defines (its own name, receiver, parameters, results,
// locals, struct fields, labels) is left out from its definition on, as
// are Go's predeclared identifiers, imported package names and the keys
// of composite literals (usually field names). uses are the import paths
// of the packages the declaration names (pkg.Foo, through the import's
// name or alias), in first-use order: the packages other than its own
// whose definitions its refs can mean.
func goRefs(n ast.Node, imports map[string]string, scratch *goScratch) (refs, uses []string) {
	clear(scratch.defs)
	clear(scratch.seen)
	w := &goRefWalker{defs: scratch.defs, imports: imports, refs: refSet{seen: scratch.seen}}
	ast.Walk(w, n)
	return w.refs.list, w.uses.list
}

// goRefWalker is the ast.Visitor behind goRefs.
type goRefWalker struct {
	defs    map[string]bool
	imports map[string]string // local name → import path
	refs    refSet
	uses    refSet
}

func (w *goRefWalker) use(name string) {
	if !w.defs[name] && !isGoPredeclared(name) && name != "_" {
		w.refs.add(name)
	}
}

func (w *goRefWalker) Visit(n ast.Node) ast.Visitor {
	switch x := n.(type) {
	case *ast.Ident:
		w.use(x.Name)
		return nil
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			if imp, isPkg := w.imports[id.Name]; isPkg && !w.defs[id.Name] {
				w.uses.add(imp)
			} else if !isPkg {
				w.use(id.Name)
			}
		} else {
			ast.Walk(w, x.X)
		}
		w.refs.add(x.Sel.Name)
		return nil
	case *ast.KeyValueExpr:
		if _, ok := x.Key.(*ast.Ident); !ok {
			ast.Walk(w, x.Key)
		}
		ast.Walk(w, x.Value)
		return nil
	case *ast.BranchStmt, *ast.ImportSpec:
		return nil
	}
	w.define(n)
	return w
}

// define records the names a node defines before its children are
// visited, so that uses inside it are not taken for references.
func (w *goRefWalker) define(n ast.Node) {
	switch x := n.(type) {
	case *ast.FuncDecl:
		w.defs[x.Name.Name] = true
	case *ast.TypeSpec:
		w.defs[x.Name.Name] = true
		if x.TypeParams != nil {
			for _, f := range x.TypeParams.List {
				w.idents(f.Names)
			}
		}
	case *ast.Field:
		w.idents(x.Names)
	case *ast.ValueSpec:
		w.idents(x.Names)
	case *ast.AssignStmt:
		if x.Tok == token.DEFINE {
			w.exprs(x.Lhs)
		}
	case *ast.RangeStmt:
		if x.Tok == token.DEFINE {
			w.exprs([]ast.Expr{x.Key, x.Value})
		}
	case *ast.LabeledStmt:
		w.defs[x.Label.Name] = true
	}
}

func (w *goRefWalker) idents(ids []*ast.Ident) {
	for _, id := range ids {
		w.defs[id.Name] = true
	}
}

func (w *goRefWalker) exprs(es []ast.Expr) {
	for _, e := range es {
		if id, ok := e.(*ast.Ident); ok {
			w.defs[id.Name] = true
		}
	}
}

// goScratch holds maps reused from one declaration to the next.
type goScratch struct {
	defs, seen map[string]bool
}

func newGoScratch() *goScratch {
	return &goScratch{defs: map[string]bool{}, seen: map[string]bool{}}
}

// refSet keeps names in first-use order without duplicates.
type refSet struct {
	seen map[string]bool
	list []string
}

func (r *refSet) add(name string) {
	if name == "" || r.seen[name] {
		return
	}
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	r.seen[name] = true
	r.list = append(r.list, name)
}

// isGoPredeclared reports Go's predeclared identifiers (universe scope).
func isGoPredeclared(name string) bool {
	switch name {
	case "bool", "byte", "complex64", "complex128", "error", "float32",
		"float64", "int", "int8", "int16", "int32", "int64", "rune",
		"string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
		"any", "comparable", "true", "false", "iota", "nil",
		"append", "cap", "clear", "close", "complex", "copy", "delete",
		"imag", "len", "make", "max", "min", "new", "panic", "print",
		"println", "real", "recover":
		return true
	}
	return false
}
