package tokens

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/tiktoken-go/tokenizer"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name, want string
		err        bool
	}{
		{"", NameO200k, false}, {"o200k", NameO200k, false}, {"cl100k", NameCl100k, false},
		{"chars4", NameChars4, false}, {"gpt2", "", true},
	}
	for _, tc := range tests {
		c, err := New(tc.name)
		if (err != nil) != tc.err {
			t.Fatalf("New(%q) error %v", tc.name, err)
		}
		if err == nil && c.Name() != tc.want {
			t.Errorf("New(%q).Name() = %q", tc.name, c.Name())
		}
		if Valid(tc.name) == tc.err {
			t.Errorf("Valid(%q) = %v", tc.name, !tc.err)
		}
	}
}

func TestKnownCounts(t *testing.T) {
	o, _ := New("o200k")
	c, _ := New("cl100k")
	tests := []struct{ text string }{
		{"hello world"}, {"func main() {\n\tfmt.Println(\"hi\")\n}\n"}, {""}, {"   \n\n\t\n"},
	}
	for _, tc := range tests {
		for _, pair := range []struct {
			c   interface{ Count(string) int }
			enc tokenizer.Encoding
		}{{o, tokenizer.O200kBase}, {c, tokenizer.Cl100kBase}} {
			codec, _ := tokenizer.Get(pair.enc)
			want, _ := codec.Count(tc.text)
			if got := pair.c.Count(tc.text); got != want {
				t.Errorf("%s %q: %d, want %d", pair.enc, tc.text, got, want)
			}
		}
	}
	if got := (Chars4{}).Count("12345"); got != 2 {
		t.Errorf("chars4 = %d", got)
	}
}

// corpus is real text: Go sources and docs of the standard library, and a
// rendering-like Markdown wrapper around them.
func corpus(t testing.TB) []string {
	var out []string
	for _, pat := range []string{"src/strings/*.go", "src/fmt/*.go", "src/net/http/server.go", "src/encoding/json/*.go"} {
		files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), pat))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err == nil {
				out = append(out, string(b))
			}
		}
	}
	if len(out) == 0 {
		t.Skip("no standard library sources")
	}
	var md strings.Builder
	for i, s := range out[:min(len(out), 8)] {
		md.WriteString("## code\n\n### f.go:1-9 · function F · score 1.00\n```go\n")
		md.WriteString(s)
		md.WriteString("```\n\n")
		if i%2 == 0 {
			md.WriteString("- function G pkg/g.go:3-9 · score 0.1\n\n/// odd // lines\n/x\n \n")
		}
	}
	return append(out, md.String(), "a\n/b\n c\n\td\n\n\ne\r\nf\n'sg\n123\n4567\n")
}

// TestSplitExact checks that counting piece by piece at the additive cuts
// gives exactly the whole-text count (see split.go).
func TestSplitExact(t *testing.T) {
	texts := corpus(t)
	for _, enc := range []tokenizer.Encoding{tokenizer.O200kBase, tokenizer.Cl100kBase} {
		codec, _ := tokenizer.Get(enc)
		name := map[tokenizer.Encoding]string{tokenizer.O200kBase: "o200k", tokenizer.Cl100kBase: "cl100k"}[enc]
		c, _ := New(name)
		for i, s := range texts {
			want, _ := codec.Count(s)
			if got := c.Count(s); got != want {
				t.Errorf("%s text %d: split count %d, whole %d", enc, i, got, want)
			}
		}
	}
}

func TestConcurrentAndCacheBound(t *testing.T) {
	c, _ := New("o200k")
	Warm(c)
	texts := corpus(t)
	want := make([]int, len(texts))
	for i, s := range texts {
		want[i] = c.Count(s)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range texts {
				j := (i + g) % len(texts)
				if got := c.Count(texts[j]); got != want[j] {
					t.Errorf("concurrent count %d, want %d", got, want[j])
				}
			}
		})
	}
	wg.Wait()
	b := c.(*BPE)
	if len(b.cache) > cacheLimit {
		t.Errorf("cache holds %d entries, limit %d", len(b.cache), cacheLimit)
	}
}

func TestEstimate(t *testing.T) {
	if Estimate(strings.Repeat("x", 265), false) != 100 || Estimate(strings.Repeat("x", 335), true) != 100 {
		t.Error("estimate ratios changed")
	}
}

func BenchmarkCount(b *testing.B) {
	text := strings.Join(corpus(b), "\n")
	for _, name := range []string{"o200k", "cl100k"} {
		b.Run(name+"/cold", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				c, _ := New(name)
				c.Count(text)
			}
		})
		b.Run(name+"/cached", func(b *testing.B) {
			c, _ := New(name)
			c.Count(text)
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				c.Count(text)
			}
		})
	}
	b.Run("o200k/codec-whole-text", func(b *testing.B) {
		codec, _ := tokenizer.Get(tokenizer.O200kBase)
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			codec.Count(text)
		}
	})
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			c := newBPE(NameO200k, o200kCodec)
			c.Count("x")
		}
	})
}
