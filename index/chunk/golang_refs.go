package chunk

import (
	"go/ast"
	"go/token"
)

// goRefs lists the identifiers a declaration uses that may be defined
// elsewhere: called functions, type names, package-level values and
// selector names (x.Foo and pkg.Foo both give Foo). Without type checking
// this is an approximation: names the declaration itself defines (its own
// name, parameters, results, locals, struct fields, labels) are left out
// everywhere in it, as are Go's predeclared identifiers, imported package
// names and the keys of composite literals (usually field names).
func goRefs(n ast.Node, imports map[string]bool) []string {
	r := refSet{}
	defs := goDefs(n)
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				if !imports[id.Name] && !defs[id.Name] && !isGoPredeclared(id.Name) {
					r.add(id.Name)
				}
			} else {
				ast.Inspect(x.X, visit)
			}
			r.add(x.Sel.Name)
			return false
		case *ast.KeyValueExpr:
			if _, ok := x.Key.(*ast.Ident); !ok {
				ast.Inspect(x.Key, visit)
			}
			ast.Inspect(x.Value, visit)
			return false
		case *ast.Ident:
			if !defs[x.Name] && !isGoPredeclared(x.Name) && x.Name != "_" {
				r.add(x.Name)
			}
		case *ast.BranchStmt, *ast.ImportSpec:
			return false
		}
		return true
	}
	ast.Inspect(n, visit)
	return r.list
}

// goDefs collects the names a declaration defines: its own name, its
// receiver, parameters and results, locals, fields and labels.
func goDefs(n ast.Node) map[string]bool {
	defs := map[string]bool{}
	addIdents := func(ids []*ast.Ident) {
		for _, id := range ids {
			defs[id.Name] = true
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl:
			defs[x.Name.Name] = true
		case *ast.TypeSpec:
			defs[x.Name.Name] = true
			if x.TypeParams != nil {
				for _, f := range x.TypeParams.List {
					addIdents(f.Names)
				}
			}
		case *ast.Field:
			addIdents(x.Names)
		case *ast.ValueSpec:
			addIdents(x.Names)
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				for _, e := range x.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						defs[id.Name] = true
					}
				}
			}
		case *ast.RangeStmt:
			if x.Tok == token.DEFINE {
				for _, e := range []ast.Expr{x.Key, x.Value} {
					if id, ok := e.(*ast.Ident); ok {
						defs[id.Name] = true
					}
				}
			}
		case *ast.LabeledStmt:
			defs[x.Label.Name] = true
		}
		return true
	})
	return defs
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
