package index

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/loupe-dev/loupe/index/cputime"
)

// Benchmarks on a copy of $(go env GOROOT)/src (the copy lets
// BenchmarkGorootUpdateOne change a file). Run them one at a time:
//
//	go test ./index -run '^$' -bench Goroot -benchtime 1x
//
// LOUPE_BENCH_SRC overrides the tree.

// benchTree copies GOROOT/src once per benchmark into a temp dir.
func benchTree(b *testing.B) string {
	b.Helper()
	src := os.Getenv("LOUPE_BENCH_SRC")
	if src == "" {
		src = gorootSrc(b)
	}
	dst := filepath.Join(b.TempDir(), "src")
	if out, err := exec.Command("cp", "-a", src, dst).CombinedOutput(); err != nil {
		b.Skipf("copy %s: %v %s", src, err, out)
	}
	return dst
}

func init() {
	// LOUPE_BENCH_BATCH="docs,bytes" overrides the batch limits.
	if v := os.Getenv("LOUPE_BENCH_BATCH"); v != "" {
		fmt.Sscanf(v, "%d,%d", &batchSize, &batchBytes)
	}
}

func benchOpts(b *testing.B, dir string) Options {
	opts := DefaultOptions()
	opts.IndexDir = dir
	opts.NoCommits = true
	fmt.Sscanf(os.Getenv("LOUPE_BENCH_WORKERS"), "%d", &opts.Workers)
	return opts
}

func buildOnce(b *testing.B, root, dir string) UpdateStats {
	ix, err := Open(root, benchOpts(b, dir))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	st, err := ix.Update(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	return st
}

func BenchmarkGorootBuild(b *testing.B) {
	root := benchTree(b)
	var st UpdateStats
	var dir string
	defer cputime.Report(b, cputime.Self())
	for i := 0; b.Loop(); i++ {
		dir = filepath.Join(b.TempDir(), "idx")
		st = buildOnce(b, root, dir)
	}
	b.ReportMetric(float64(st.Files()), "files")
	b.ReportMetric(float64(st.Blocks), "blocks")
	b.ReportMetric(float64(st.Bytes)/1e6, "MB-indexed")
	size := dirSize(dir)
	b.ReportMetric(float64(size)/1e6, "MB-on-disk")
	b.ReportMetric(float64(size)/float64(st.Bytes), "size-ratio")
	b.Logf("stats: %+v", st)
	b.Logf("on disk: blocks %.1f MB, snapshots %.1f MB (hard links), content %.1f MB, manifest %.1f MB",
		float64(dirSize(filepath.Join(dir, blocksDir)))/1e6, float64(dirSize(filepath.Join(dir, snapshotsDir)))/1e6,
		float64(dirSize(filepath.Join(dir, storeName)))/1e6, float64(dirSize(filepath.Join(dir, manifestName)))/1e6)
}

// BenchmarkGoroot builds once, then measures re-opening with nothing
// changed, re-indexing after one changed file, and searches.
func BenchmarkGoroot(b *testing.B) {
	root := benchTree(b)
	dir := filepath.Join(b.TempDir(), "idx")
	buildOnce(b, root, dir)
	b.Run("reopen", func(b *testing.B) {
		defer cputime.Report(b, cputime.Self())
		for b.Loop() {
			if st := buildOnce(b, root, dir); st.Blocks != 0 {
				b.Fatalf("reopen re-indexed %d blocks", st.Blocks)
			}
		}
	})
	ix, err := Open(root, benchOpts(b, dir))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	b.Run("update-one", func(b *testing.B) { benchUpdateOne(b, ix, filepath.Join(root, "net", "http", "server.go"), nil) })
	queries := []struct {
		name string
		q    Query
	}{
		{"text", Query{Text: "parse http request header", Limit: 50}},
		{"identifier", Query{Identifiers: []string{"ServeHTTP"}, Limit: 50}},
		{"filtered", Query{Text: "read file", Kinds: []Kind{KindFunction}, PathPrefix: "os/", ExcludeTests: true, Limit: 50}},
	}
	for _, q := range queries {
		b.Run("search-"+q.name, func(b *testing.B) {
			defer cputime.Report(b, cputime.Self())
			for b.Loop() {
				if _, err := ix.Search(context.Background(), q.q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("symbol", func(b *testing.B) {
		for b.Loop() {
			if bs, err := ix.Symbol(context.Background(), "ServeHTTP"); err != nil || len(bs) == 0 {
				b.Fatal(bs, err)
			}
		}
	})
	b.Run("callers", func(b *testing.B) {
		for b.Loop() {
			if _, err := ix.Callers(context.Background(), "Errorf", 100); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchUpdateOne appends a line to the file p and updates, b.N times;
// afterEdit, when not nil, runs after each edit, off the clock.
func benchUpdateOne(b *testing.B, ix *Index, p string, afterEdit func()) {
	orig, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	defer cputime.Report(b, cputime.Self())
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		data := append(append([]byte{}, orig...), fmt.Sprintf("\n// edit %d\n", i)...)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		if afterEdit != nil {
			afterEdit()
		}
		b.StartTimer()
		st, err := ix.Update(context.Background(), nil)
		if err != nil || st.Changed != 1 {
			b.Fatalf("update: %+v %v", st, err)
		}
	}
}

// dirSize sums the sizes of the distinct files under p (hard links once).
func dirSize(p string) int64 {
	var n int64
	seen := map[uint64]bool{}
	filepath.Walk(p, func(_ string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return nil
		}
		if ino, ok := inode(info); ok {
			if seen[ino] {
				return nil
			}
			seen[ino] = true
		}
		n += info.Size()
		return nil
	})
	return n
}
