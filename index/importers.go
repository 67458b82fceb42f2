package index

import (
	"bufio"
	"bytes"
	"context"
	"path"
	"path/filepath"
	"strings"

	"github.com/loupe-dev/loupe/index/inroot"
)

// Importers returns the header blocks of files that import the file at p
// (relative to the root). For Go the file's directory is mapped to its
// import path through the nearest go.mod's module line; for other
// languages imports are matched by their last element and then resolved:
// relative imports against the importer's directory, dotted ones (Python,
// Java) as paths.
func (ix *Index) Importers(ctx context.Context, p string) ([]Block, error) {
	if strings.HasSuffix(p, ".go") {
		imp, ok := ix.goImportPath(path.Dir(p))
		if !ok {
			return nil, nil
		}
		return ix.lookup(ctx, term(imp, fImports, 1), maxLookup)
	}
	cands, err := ix.lookup(ctx, term(moduleTail(p), fImpTail, 1), maxLookup)
	if err != nil {
		return nil, err
	}
	var out []Block
	for _, b := range cands {
		if b.Path != p && importsFile(b, p, filepath.Base(ix.root)) {
			out = append(out, b)
		}
	}
	return out, nil
}

// moduleTail is the name other files import p by: its stem, or its
// directory's name for package files (index.js, __init__.py, mod.rs).
func moduleTail(p string) string {
	base := path.Base(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	switch stem {
	case "index", "__init__", "mod", "lib":
		return path.Base(path.Dir(p))
	}
	return stem
}

// importsFile reports whether one of b's imports resolves to file p. A
// root that is itself a package (fastapi/, src/Illuminate/) is named by
// the first part of the imports of its files (fastapi.exceptions,
// Illuminate\Queue\QueueManager): rootName, the root's base name, is
// also tried as a prefix to drop.
func importsFile(b Block, p, rootName string) bool {
	want := strings.TrimSuffix(p, path.Ext(p))
	pkgDir := path.Dir(p)
	for _, imp := range b.Imports {
		imp = strings.Trim(imp, `"'<> `)
		var target string
		switch {
		case strings.HasPrefix(imp, "./") || strings.HasPrefix(imp, "../"):
			target = path.Join(path.Dir(b.Path), imp)
		case strings.HasPrefix(imp, "."): // Python: from .mod / ..pkg.mod
			dots := len(imp) - len(strings.TrimLeft(imp, "."))
			dir := path.Dir(b.Path)
			for range dots - 1 {
				dir = path.Dir(dir)
			}
			target = path.Join(dir, strings.ReplaceAll(imp[dots:], ".", "/"))
		case strings.Contains(imp, "/"):
			target = imp
		case strings.Contains(imp, `\`): // PHP: use Illuminate\Pipeline\Pipeline
			target = strings.ReplaceAll(strings.TrimLeft(imp, `\`), `\`, "/")
		default:
			target = strings.ReplaceAll(imp, ".", "/")
		}
		target = strings.TrimSuffix(target, path.Ext(target))
		if resolves(target, want, pkgDir) {
			return true
		}
		if inRoot, ok := strings.CutPrefix(target, rootName+"/"); ok && rootName != "" && resolves(inRoot, want, pkgDir) {
			return true
		}
	}
	return false
}

// resolves reports whether an import's target path names file want (its
// extension dropped) or its directory pkgDir, whole or as a suffix.
func resolves(target, want, pkgDir string) bool {
	return target == want || target == pkgDir || strings.HasSuffix(want, "/"+target) || strings.HasSuffix(pkgDir, "/"+target)
}

// goImportPath maps a directory (relative to the root) to its Go import
// path using the nearest go.mod at or above it inside the root.
func (ix *Index) goImportPath(dir string) (string, bool) {
	for d := dir; ; d = path.Dir(d) {
		if mod, ok := readModulePath(ix.root, path.Join(d, "go.mod")); ok {
			rel := strings.TrimPrefix(strings.TrimPrefix(dir, d), "/")
			if d == "." {
				rel = strings.TrimPrefix(dir, "./")
				if dir == "." {
					rel = ""
				}
			}
			if rel == "" {
				return mod, true
			}
			return mod + "/" + rel, true
		}
		if d == "." || d == "/" || d == "" {
			return "", false
		}
	}
}

func readModulePath(root, gomod string) (string, bool) {
	data, err := inroot.ReadFile(root, filepath.FromSlash(gomod))
	if err != nil {
		return "", false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`), true
		}
	}
	return "", false
}
