package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// benchPack is a pack of about 8,000 tokens: 40 Go blocks of 25 lines.
func benchPack() *packing.Pack {
	p := &packing.Pack{Budget: 8000, Available: 8000, Tokenizer: "o200k", TokenCount: 7900}
	body := strings.Repeat("\tif err := step(ctx, n); err != nil {\n\t\treturn fmt.Errorf(\"retry: %w\", err)\n\t}\n", 8)
	for i := range 40 {
		p.Items = append(p.Items, packing.Item{Candidate: engine.Candidate{ID: fmt.Sprint(i), Source: engine.SourceCode, Score: 1,
			Block: index.Block{Path: fmt.Sprintf("pay/f%d.go", i), Kind: index.KindFunction, Name: fmt.Sprintf("F%d", i), StartLine: 1, EndLine: 25}},
			Body: "func F() error {\n" + body + "}\n"})
	}
	return p
}

func BenchmarkRender(b *testing.B) {
	p := benchPack()
	for _, name := range Formats() {
		f, _ := New(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f.Render(p)
			}
		})
	}
}

// BenchmarkRenderPreview renders the Markdown of an 8k-token pack with
// glamour for the TUI preview.
func BenchmarkRenderPreview(b *testing.B) {
	md := Markdown{}.Render(benchPack())
	b.Run("width=80", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Terminal(md, 80, "dark"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("width=80/dark-plain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Terminal(md, 80, "dark-plain"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
