package engine

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loupe-dev/loupe/index"
)

// Scope: which definition a name can mean. The graph links a block to the
// definitions of the names it uses and back; without type checking a name
// is only text, so "Budget" in engine's BudgetError.Error would otherwise
// link to keymap.Budget, and "Logger" in net/http's Server to the Logger
// of net/http/triv.go (package main, in the same directory). CanSee keeps
// a link only when the using block's package can see the definition:
//
//   - Go (both blocks carry their package, index format 7 on): the same
//     package (same directory and package clause, a _test package
//     counting as its package), or, for an exported name (upper-case
//     first letter), a package the using block names
//     through an import (Block.Uses: pkg.Foo, by the import's name or
//     alias), its import path matching the definition's directory
//     (exactly, as a path suffix, or under a vendor directory; a package
//     at the repository root by its name as the path's last element).
//     Selector names on values (x.Foo) count as names of the block's own
//     package or of the packages it names: a method of a type from a
//     package the block never names is not linked.
//   - Go and another language: never.
//   - Other languages (no per-block import data): unchanged, every
//     definition is visible; expansion keeps its same-directory rule for
//     names defined more than expandMaxDefs times and the graph its
//     maxDefsPerName cut.
//
// CanSee is exported for the tests source, whose Callers lookup by name
// has the same clash: "Reader" in tar's and bufio's tests is not gzip's.
func CanSee(user, def index.Block) bool {
	userGo, defGo := user.Lang == "go", def.Lang == "go"
	switch {
	case user.Path == def.Path:
		return true
	case userGo != defGo:
		return user.Lang == "" || def.Lang == ""
	case !userGo || user.Package == "" || def.Package == "":
		return true
	}
	dir := path.Dir(def.Path)
	if path.Dir(user.Path) == dir && goPackage(user.Package) == goPackage(def.Package) {
		return true
	}
	if !goExported(def.Name) {
		return false
	}
	for _, imp := range user.Uses {
		if importNames(imp, dir, def.Package) {
			return true
		}
	}
	return false
}

// goExported reports whether a Go name is visible outside its package
// (an upper-case first letter); an unnamed block counts as exported.
func goExported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return name == "" || unicode.IsUpper(r)
}

// goPackage is the package a file belongs to for visibility: an external
// test package (foo_test) sees foo's names only by importing it, but its
// blocks are foo's for the graph's purposes as well.
func goPackage(name string) string { return strings.TrimSuffix(name, "_test") }

// importNames reports whether the Go import path imp names the package in
// directory dir (relative to the root) whose package clause is pkg.
func importNames(imp, dir, pkg string) bool {
	if dir == "." {
		return lastImportElem(imp) == pkg
	}
	return imp == dir || strings.HasSuffix(imp, "/"+dir) ||
		dir == "vendor/"+imp || strings.HasSuffix(dir, "/vendor/"+imp)
}

// lastImportElem is the element of an import path that usually names the
// package: the last one, or the one before a major-version suffix (/v2).
func lastImportElem(imp string) string {
	elems := strings.Split(imp, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	return strings.TrimPrefix(last, "go-")
}
