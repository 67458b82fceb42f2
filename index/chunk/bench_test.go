package chunk

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index/cputime"
)

// benchFile is one file loaded for a benchmark.
type benchFile struct {
	path string
	src  []byte
}

// loadTree reads the files under root with one of the extensions (see
// readTree), skipping the benchmark when there are none.
func loadTree(b *testing.B, root string, exts ...string) ([]benchFile, int64) {
	files, total := readTree(root, exts...)
	if len(files) == 0 {
		b.Skipf("no %v files under %s", exts, root)
	}
	return files, total
}

// readTree reads the files under root with one of the extensions, leaving
// out testdata directories (they hold deliberately broken files).
func readTree(root string, exts ...string) ([]benchFile, int64) {
	var files []benchFile
	var total int64
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		for _, ext := range exts {
			if !d.IsDir() && strings.HasSuffix(p, ext) {
				if src, err := os.ReadFile(p); err == nil {
					rel, _ := filepath.Rel(root, p)
					files = append(files, benchFile{filepath.ToSlash(rel), src})
					total += int64(len(src))
				}
			}
		}
		return nil
	})
	return files, total
}

func runChunkBench(b *testing.B, files []benchFile, total int64) {
	b.SetBytes(total)
	b.ReportAllocs()
	blocks, iters := 0, 0
	cpu0 := cputime.Self()
	for b.Loop() {
		blocks = 0
		for _, f := range files {
			blocks += len(File(f.path, f.src))
		}
		iters++
	}
	// CPU time includes the garbage collector's background work.
	if cpu := cputime.Self() - cpu0; cpu > 0 {
		b.ReportMetric(float64(total)*float64(iters)/1e6/cpu.Seconds(), "cpu-MB/s")
	}
	b.ReportMetric(float64(len(files)), "files")
	b.ReportMetric(float64(blocks), "blocks")
}

// BenchmarkChunkGoStdlib chunks every .go file of the Go standard library
// source ($GOROOT/src), one goroutine.
func BenchmarkChunkGoStdlib(b *testing.B) {
	files, total := loadTree(b, filepath.Join(runtime.GOROOT(), "src"), ".go")
	runChunkBench(b, files, total)
}

// BenchmarkChunkLang chunks real files of each tree-sitter language: the
// example files shipped in the grammar modules and the Python standard
// library (skipped where absent).
func BenchmarkChunkLang(b *testing.B) {
	mod := os.Getenv("GOMODCACHE")
	if mod == "" {
		mod = filepath.Join(os.Getenv("HOME"), "go", "pkg", "mod")
	}
	ts := filepath.Join(mod, "github.com", "tree-sitter")
	for _, c := range []struct{ name, root, ext string }{
		{"python", "/usr/lib/python3.11", ".py"},
		{"javascript", filepath.Join(ts, "tree-sitter-javascript@v0.25.0", "examples"), ".js"},
		{"typescript", filepath.Join(ts, "tree-sitter-typescript@v0.23.2", "examples"), ".ts"},
		{"rust", filepath.Join(ts, "tree-sitter-rust@v0.24.2", "examples"), ".rs"},
		{"markdown", runtime.GOROOT(), ".md"},
	} {
		b.Run(c.name, func(b *testing.B) {
			files, total := loadTree(b, c.root, c.ext)
			runChunkBench(b, files, total)
		})
	}
}

// BenchmarkChunkRepoLang chunks the files of one language in each tree
// LOUPE_LANG_BENCH names, as "lang=dir:ext,ext;lang=dir:ext" (for
// example "c=/tmp/curl:.c,.h;lua=/tmp/telescope:.lua"); skipped when it
// is unset.
func BenchmarkChunkRepoLang(b *testing.B) {
	env := os.Getenv("LOUPE_LANG_BENCH")
	if env == "" {
		b.Skip("LOUPE_LANG_BENCH not set")
	}
	for _, item := range strings.Split(env, ";") {
		name, spec, _ := strings.Cut(item, "=")
		root, exts, _ := strings.Cut(spec, ":")
		b.Run(name, func(b *testing.B) {
			files, total := loadTree(b, root, strings.Split(exts, ",")...)
			runChunkBench(b, files, total)
		})
	}
}

// BenchmarkGoParseOnly is the floor for BenchmarkChunkGoStdlib: go/parser
// alone (with comments), on the same files.
func BenchmarkGoParseOnly(b *testing.B) {
	files, total := loadTree(b, filepath.Join(runtime.GOROOT(), "src"), ".go")
	b.SetBytes(total)
	b.ReportAllocs()
	iters := 0
	cpu0 := cputime.Self()
	for b.Loop() {
		for _, f := range files {
			_, _ = parser.ParseFile(token.NewFileSet(), f.path, f.src, parser.ParseComments|parser.SkipObjectResolution)
		}
		iters++
	}
	if cpu := cputime.Self() - cpu0; cpu > 0 {
		b.ReportMetric(float64(total)*float64(iters)/1e6/cpu.Seconds(), "cpu-MB/s")
	}
}
