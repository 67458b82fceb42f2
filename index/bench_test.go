package index

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
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

func benchOpts(b *testing.B, dir string) Options {
	opts := DefaultOptions()
	opts.IndexDir = dir
	opts.NoCommits = true
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

func BenchmarkGorootReopen(b *testing.B) {
	root := benchTree(b)
	dir := filepath.Join(b.TempDir(), "idx")
	buildOnce(b, root, dir)
	for b.Loop() {
		st := buildOnce(b, root, dir)
		if st.Blocks != 0 {
			b.Fatalf("reopen re-indexed %d blocks", st.Blocks)
		}
	}
}

func BenchmarkGorootUpdateOne(b *testing.B) {
	root := benchTree(b)
	dir := filepath.Join(b.TempDir(), "idx")
	buildOnce(b, root, dir)
	ix, err := Open(root, benchOpts(b, dir))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	p := filepath.Join(root, "net", "http", "server.go")
	orig, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		data := append(append([]byte{}, orig...), []byte("\n// edit "+string(rune('a'+i%26))+"\n")...)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		st, err := ix.Update(context.Background(), nil)
		if err != nil || st.Changed != 1 {
			b.Fatalf("update: %+v %v", st, err)
		}
	}
}

func BenchmarkGorootSearch(b *testing.B) {
	root := benchTree(b)
	dir := filepath.Join(b.TempDir(), "idx")
	buildOnce(b, root, dir)
	ix, err := Open(root, benchOpts(b, dir))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	queries := map[string]Query{
		"text":       {Text: "parse http request header", Limit: 50},
		"identifier": {Identifiers: []string{"ServeHTTP"}, Limit: 50},
		"filtered":   {Text: "read file", Kinds: []Kind{KindFunction}, PathPrefix: "os/", ExcludeTests: true, Limit: 50},
	}
	for name, q := range queries {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ix.Search(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("callers", func(b *testing.B) {
		for b.Loop() {
			if _, err := ix.Callers(context.Background(), "Errorf", 100); err != nil {
				b.Fatal(err)
			}
		}
	})
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
