package index

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
)

// fastImportRepo creates a repository with n commits through git
// fast-import, each changing one of 50 files.
func fastImportRepo(b *testing.B, n int) string {
	root := b.TempDir()
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		b.Skipf("git init: %v %s", err, out)
	}
	var in bytes.Buffer
	for i := range n {
		content := fmt.Sprintf("package p\n\n// Version %d of the retry policy.\nconst V%d = %d\n", i, i%50, i)
		fmt.Fprintf(&in, "commit refs/heads/main\nmark :%d\ncommitter Dev %d <dev%d@example.com> %d +0000\n", i+1, i%7, i%7, 1600000000+i*3600)
		msg := fmt.Sprintf("Tune retry policy step %d\n\nBackoff for worker %d changed.\n", i, i%13)
		fmt.Fprintf(&in, "data %d\n%s", len(msg), msg)
		if i > 0 {
			fmt.Fprintf(&in, "from :%d\n", i)
		}
		fmt.Fprintf(&in, "M 644 inline pkg/f%d.go\ndata %d\n%s\n", i%50, len(content), content)
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir = root
	cmd.Stdin = &in
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("fast-import: %v %s", err, out)
	}
	if out, err := exec.Command("git", "-C", root, "checkout", "-q", "main").CombinedOutput(); err != nil {
		b.Fatalf("checkout: %v %s", err, out)
	}
	return root
}

func BenchmarkCommits10k(b *testing.B) {
	root := fastImportRepo(b, 10000)
	var st UpdateStats
	for b.Loop() {
		opts := DefaultOptions()
		opts.IndexDir = filepath.Join(b.TempDir(), "idx")
		ix, err := Open(root, opts)
		if err != nil {
			b.Fatal(err)
		}
		st, err = ix.Update(context.Background(), nil)
		if err != nil || st.Commits != 10000 {
			b.Fatalf("update: %+v %v", st, err)
		}
		hits, err := ix.SearchCommits(context.Background(), "retry backoff worker", 10)
		if err != nil || len(hits) != 10 {
			b.Fatalf("search: %d hits, %v", len(hits), err)
		}
		ix.Close()
	}
	b.ReportMetric(float64(st.Commits), "commits")
}
