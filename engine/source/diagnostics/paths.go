package diagnostics

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/loupe-dev/loupe/index/inroot"
)

// errOutside: a path leaves the root and is never read.
var errOutside = errors.New("path outside the root")

// place is where a diagnostic's path points.
type place struct {
	shown  string // what the block shows: Root-relative when inside, as printed otherwise
	rel    string // Root-relative, forward slashes; "" when outside or unknown
	inside bool
}

// resolver maps printed paths to Root-relative ones. Go test prints bare
// file names ("calc_test.go"), so a name with no directory that is not at
// the root is looked up among the root's files, once, lazily.
type resolver struct {
	root   string
	once   sync.Once
	byName map[string][]string
}

func (r *resolver) resolve(p string) place {
	if p == "" {
		return place{}
	}
	if filepath.IsAbs(p) {
		return r.resolveAbs(p)
	}
	c := path.Clean(filepath.ToSlash(p))
	if c == ".." || strings.HasPrefix(c, "../") {
		return place{shown: p}
	}
	if r.root != "" && !strings.Contains(c, "/") && !exists(filepath.Join(r.root, c)) {
		if found := r.lookup(c); len(found) == 1 {
			c = found[0]
		}
	}
	return place{shown: c, rel: c, inside: true}
}

func (r *resolver) resolveAbs(p string) place {
	if r.root == "" {
		return place{shown: p}
	}
	root, err := filepath.Abs(r.root)
	if err != nil {
		return place{shown: p}
	}
	rel, err := filepath.Rel(root, filepath.Clean(p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return place{shown: p}
	}
	rel = filepath.ToSlash(rel)
	return place{shown: rel, rel: rel, inside: true}
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// walkLimit bounds the lazy lookup of bare file names.
const walkLimit = 100_000

var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, "target": true, ".venv": true, "__pycache__": true}

func (r *resolver) lookup(name string) []string {
	r.once.Do(func() {
		r.byName = map[string][]string{}
		seen := 0
		_ = filepath.WalkDir(r.root, func(p string, d fs.DirEntry, err error) error {
			if seen++; err != nil || seen > walkLimit {
				return filepath.SkipAll
			}
			if d.IsDir() && skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			if rel, err := filepath.Rel(r.root, p); err == nil && d.Type().IsRegular() {
				r.byName[d.Name()] = append(r.byName[d.Name()], filepath.ToSlash(rel))
			}
			return nil
		})
		for _, v := range r.byName {
			sort.Strings(v)
		}
	})
	return r.byName[name]
}

// diskReader reads Root-relative paths from disk through inroot: a path
// that leads outside the root, by ".." or by any symlink on the way, is
// refused at the moment of the read.
func diskReader(root string) func(string) ([]byte, error) {
	return func(rel string) ([]byte, error) {
		b, err := inroot.ReadFile(root, filepath.FromSlash(rel))
		if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) {
			return nil, fmt.Errorf("diagnostics: read %s: %w (%w)", rel, errOutside, err)
		}
		if err != nil {
			return nil, fmt.Errorf("diagnostics: read %s: %w", rel, err)
		}
		return b, nil
	}
}
