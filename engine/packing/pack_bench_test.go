package packing_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/tokens"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/cputime"
	"github.com/loupe-dev/loupe/render"
)

// pkBenchCandidates cuts standard library sources into blocks of about 40
// lines (synthetic text when the sources are missing), n in all, spread
// over the sources like a real request.
func pkBenchCandidates(n int) []engine.Candidate {
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"))
	var blocks []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		lines := strings.SplitAfter(string(b), "\n")
		for i := 0; i+40 <= len(lines); i += 40 {
			blocks = append(blocks, strings.Join(lines[i:i+40], ""))
		}
	}
	if len(blocks) == 0 {
		blocks = []string{strings.Repeat("\tx := compute(a, b) // synthetic\n", 40)}
	}
	srcs := []engine.Source{engine.SourceCode, engine.SourceCode, engine.SourceCode, engine.SourceDocs, engine.SourceTests, engine.SourceChanges, engine.SourceCommits}
	cands := make([]engine.Candidate, n)
	for i := range cands {
		text := blocks[i%len(blocks)]
		if i >= len(blocks) {
			text = fmt.Sprintf("// copy %d\n", i) + text
		}
		cands[i] = engine.Candidate{ID: fmt.Sprintf("b%05d", i), Source: srcs[i%len(srcs)], Text: text,
			Score: 10 / float64(1+i%97), Block: index.Block{Path: fmt.Sprintf("net/http/f%03d.go", i/7), Kind: index.KindFunction,
				Name: fmt.Sprintf("F%d", i), Signature: "func F()", StartLine: 1 + 40*(i%7), EndLine: 40 + 40*(i%7), Lang: "go"}}
	}
	return cands
}

// BenchmarkAssemble measures a re-pack from cached candidates (dedup,
// budget, render and exact count with a warm tokenizer cache), as the TUI
// does after a pin, drop or budget change.
func BenchmarkAssemble(b *testing.B) {
	for _, n := range []int{500, 1000, 10000} {
		b.Run(fmt.Sprintf("blocks=%s", map[int]string{500: "500", 1000: "1k", 10000: "10k"}[n]), func(b *testing.B) {
			cands := pkBenchCandidates(n)
			counter, _ := tokens.New("o200k")
			f, _ := render.New("md")
			req := packing.PackRequest{Query: "bench", Budget: 8000, Counter: counter, Formatter: f, Cache: packing.NewPackCache()}
			if _, err := packing.Assemble(cands, req); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Self()
			for i := 0; b.Loop(); i++ {
				req.Pins = map[string]bool{cands[i%n].ID: true}
				p, err := packing.Assemble(cands, req)
				if err != nil {
					b.Fatal(err)
				}
				_ = f.Render(p)
			}
			cputime.Report(b, cpu)
		})
	}
}

func BenchmarkDedup(b *testing.B) {
	cands := pkBenchCandidates(500)
	b.ReportAllocs()
	cpu := cputime.Self()
	for b.Loop() {
		packing.Dedup(cands)
	}
	cputime.Report(b, cpu)
}

// BenchmarkRepackBudget measures the commonest re-pack: the same candidates
// and pins under a new budget (or level), where the memoized dedup hits;
// with a one-word query that matches nothing and with a task whose words
// match many lines (the focus level's line weighing is then cached too).
func BenchmarkRepackBudget(b *testing.B) {
	for _, q := range []struct{ name, text string }{
		{"word", "bench"},
		{"task", "http server keep-alive timeouts: close idle connections after the read deadline"},
	} {
		b.Run("query="+q.name, func(b *testing.B) {
			cands := pkBenchCandidates(500)
			counter, _ := tokens.New("o200k")
			f, _ := render.New("md")
			req := packing.PackRequest{Query: q.text, Budget: 8000, Counter: counter, Formatter: f, Cache: packing.NewPackCache()}
			if _, err := packing.Assemble(cands, req); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Self()
			for i := 0; b.Loop(); i++ {
				req.Budget = 4000 + 1000*(i%8)
				p, err := packing.Assemble(cands, req)
				if err != nil {
					b.Fatal(err)
				}
				_ = f.Render(p)
			}
			cputime.Report(b, cpu)
		})
	}
}
