package tokens

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tiktoken-go/tokenizer"
)

// TestO200kTableExact: the embedded vocabulary is tiktoken-go's, token for
// token (regenerate it with go generate when the library changes).
func TestO200kTableExact(t *testing.T) {
	lib, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	tc, err := newTableCodec(o200kVocab, o200kSlots, o200kOffs)
	if err != nil {
		t.Fatal(err)
	}
	if built := tc.buildSlots(); built != o200kSlots {
		t.Fatal("o200k.slots is not the table of o200k.vocab: run go generate")
	}
	if offs, err := vocabOffsets(o200kVocab); err != nil || offs != o200kOffs {
		t.Fatalf("o200k.offs is not where o200k.vocab's tokens are (%v): run go generate", err)
	}
	n := tc.tokens()
	if n < 199_000 {
		t.Fatalf("table holds %d tokens", n)
	}
	for r := range n {
		want, err := lib.Decode([]uint{uint(r)})
		if err != nil || tc.token(r) != want {
			t.Fatalf("rank %d: table %q, library %q (%v)", r, tc.token(r), want, err)
		}
		if got, ok := tc.rank(want); !ok || got != r {
			t.Fatalf("rank(%q) = %d, %v; want %d", want, got, ok, r)
		}
	}
	if _, err := lib.Decode([]uint{uint(n)}); err == nil {
		t.Fatalf("library has a token at rank %d the table lacks", n)
	}
}

// exactTexts are texts that exercise the split and the merges: real code
// and prose, other scripts, invalid UTF-8, and long pieces (the merge heap).
func exactTexts(t *testing.T) []string {
	texts := corpus(t)
	rng := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/=",
		" \t\n\r\n  ", "éàüßøñçЖжЯяΩωλ中文字日本語한국어😀👍🏽\u200d", "{}()[];:.,'\"`!?<>|\\/-_*&^%$#@~",
		"\xff\xfe\x80\xc3(\xe2\x82", "aaaaab", "0123456789",
	}
	for i := range 300 {
		var b strings.Builder
		n := 1 + rng.IntN(400)
		if i%25 == 0 {
			n = 3000 // pieces past the heap threshold
		}
		for range n {
			a := alphabets[rng.IntN(len(alphabets))]
			if i%3 == 0 {
				a = alphabets[i%len(alphabets)] // one alphabet: long pieces
			}
			b.WriteByte(a[rng.IntN(len(a))])
		}
		texts = append(texts, b.String())
	}
	return append(texts, strings.Repeat(" ", 500), strings.Repeat("a", 1000), strings.Repeat("ab", 700)+"\n",
		"can't won't I'LL they're", "x = 0x1F // 12345678901234567890\n")
}

// TestO200kExact: the table codec counts every text as tiktoken-go does.
func TestO200kExact(t *testing.T) {
	lib, _ := tokenizer.Get(tokenizer.O200kBase)
	tc, err := newTableCodec(o200kVocab, o200kSlots, o200kOffs)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range exactTexts(t) {
		want, werr := lib.Count(s)
		got, gerr := tc.Count(s)
		if got != want || (werr == nil) != (gerr == nil) {
			t.Errorf("text %d (%d bytes, %q…): table %d (%v), library %d (%v)", i, len(s), s[:min(len(s), 40)], got, gerr, want, werr)
		}
	}
}

func FuzzO200kExact(f *testing.F) {
	for _, s := range []string{"hello world", "func main() {}\n", "\xff\xfe", "  \n\t x", "日本語のテキスト"} {
		f.Add(s)
	}
	lib, _ := tokenizer.Get(tokenizer.O200kBase)
	tc, err := newTableCodec(o200kVocab, o200kSlots, o200kOffs)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := lib.Count(s)
		if got, _ := tc.Count(s); got != want {
			t.Fatalf("%q: table %d, library %d", s, got, want)
		}
	})
}

func BenchmarkO200kLoad(b *testing.B) {
	for b.Loop() {
		if _, err := newTableCodec(o200kVocab, o200kSlots, o200kOffs); err != nil {
			b.Fatal(err)
		}
	}
}
