package diagnostics

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

// allCaptures concatenates every capture: a mixed log of 13 tools.
func allCaptures(b *testing.B) string {
	var sb strings.Builder
	for _, dir := range []string{"captures", "recorded"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
		for _, f := range files {
			c, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			sb.Write(c)
		}
	}
	return sb.String()
}

// BenchmarkParse parses the mixed log repeated to about 1 MB.
func BenchmarkParse(b *testing.B) {
	one := allCaptures(b)
	text := strings.Repeat(one, 1<<20/len(one)+1)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(text)
	}
}

// BenchmarkCandidates scores and renders 50 go vet diagnostics over one
// 200-line file, as a query does once the output is loaded.
func BenchmarkCandidates(b *testing.B) {
	root := b.TempDir()
	var src, out strings.Builder
	src.WriteString("package p\n")
	for k := 2; k <= 200; k++ {
		src.WriteString("func f" + itoa(k) + "() { _ = retryPayment(" + itoa(k) + ") }\n")
		if k%4 == 0 {
			out.WriteString("p.go:" + itoa(k) + ":3: result of retryPayment call not used " + itoa(k) + "\n")
		}
	}
	if err := os.WriteFile(filepath.Join(root, "p.go"), []byte(src.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	s := New(Options{Root: root, File: "-", Stdin: strings.NewReader(out.String())})
	q := engine.Query{Keywords: []string{"retry", "payment"}, Identifiers: []string{"retryPayment"}}
	if _, err := s.Load(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Candidates(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}
