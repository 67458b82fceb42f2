package tokens

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"
)

// o200kSplit is tiktoken-go's o200k pre-tokenizer pattern, verbatim.
// MustCompile returns for it the matcher the library generated and
// registered (regexp2cg), which is what the library splits with.
const o200kSplit = `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`

// regexpPieces splits s as the library does.
func regexpPieces(t testing.TB, re *regexp2.Regexp, s string) []string {
	var out []string
	m, err := re.FindStringMatch(s)
	for err == nil && m != nil {
		out = append(out, m.String())
		m, err = re.FindNextMatch(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ownPieces splits s with o200kNext, each piece as Count reads it.
func ownPieces(s string) []string {
	var out []string
	for i := 0; ; {
		start, end := o200kNext(s, i)
		if start == end {
			return out
		}
		out = append(out, string([]rune(s[start:end])))
		i = end
	}
}

// splitAlphabets are the runes the pattern tells apart: each class of
// letter and mark, numbers of other scripts, every kind of space, the
// contractions' letters in both cases and ſ, newlines and slashes.
var splitAlphabets = []string{
	"abcxyzABCXYZ", "éßøñжяωλ", "ÉÑЖЯΩΛ", "ǅǈǋ", "ʰʷˇˆ々ー", "中文日本語한국ا", "\u0301\u0308\u0903\u20dd",
	"0123456789", "٣٤۵१२Ⅻ½²", " ", "\t\v\f", "\r\n", "\u0085\u00a0\u1680\u2000\u2028\u2029\u202f\u3000",
	"'", "sStTrReEvVmMlLdDſ", "/", "\x7f\x00\x1b", "{}()[];:.,\"`!?<>|\\-_*&^%$#@~", "😀👍🏽\u200d", "\xff\xfe\x80\xc3(\xe2\x82",
}

// TestPreTokenizerIsRegexp2: o200kPieceEnd cuts texts where the library's
// matcher does: this repository's sources and prose, generated texts
// over splitAlphabets (mostly one or two alphabets at a time, so that
// long runs of one class meet another), and known corner cases.
func TestPreTokenizerIsRegexp2(t *testing.T) {
	re := regexp2.MustCompile(o200kSplit, regexp2.None)
	texts := append(corpus(t), "can't WON'T I'LL they'Re we'VE ſ's 'ſ X'ſ", "  \n\n \t x", "a\u0301b", "\u0301",
		" \u0301A", "ABC'S", "ǅa", "ʰ", "x \n", "x  ", " ", "\r\n\r\n  y", "a//b\n/", " {}\n", "12345", " 1")
	rng := rand.New(rand.NewPCG(3, 4))
	n := 20000
	if raceEnabled {
		n = 2000
	}
	for range n {
		pick := []string{splitAlphabets[rng.IntN(len(splitAlphabets))], splitAlphabets[rng.IntN(len(splitAlphabets))]}
		if rng.IntN(4) == 0 {
			pick = splitAlphabets
		}
		var b strings.Builder
		for range 1 + rng.IntN(40) {
			a := pick[rng.IntN(len(pick))]
			if !utf8.ValidString(a) { // the invalid bytes, one at a time
				b.WriteByte(a[rng.IntN(len(a))])
				continue
			}
			runes := []rune(a)
			b.WriteRune(runes[rng.IntN(len(runes))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if d := firstDifference(regexpPieces(t, re, s), ownPieces(s)); d != "" {
			t.Fatalf("%q…: %s", s[:min(len(s), 60)], d)
		}
	}
}

// firstDifference describes where two splits first part, "" if nowhere.
func firstDifference(want, got []string) string {
	for i := range max(len(want), len(got)) {
		if i >= len(want) || i >= len(got) || want[i] != got[i] {
			from := max(0, i-2)
			return fmt.Sprintf("piece %d: regexp2 %q, own %q", i, want[from:min(len(want), i+3)], got[from:min(len(got), i+3)])
		}
	}
	return ""
}

func FuzzPreTokenizer(f *testing.F) {
	for _, s := range []string{"hello world", "can't", "  \n x", "ǅa\u0301", "\xff a", "x'ſ"} {
		f.Add(s)
	}
	re := regexp2.MustCompile(o200kSplit, regexp2.None)
	f.Fuzz(func(t *testing.T, s string) {
		if d := firstDifference(regexpPieces(t, re, s), ownPieces(s)); d != "" {
			t.Fatalf("%q: %s", s, d)
		}
	})
}

func BenchmarkPreTokenizer(b *testing.B) {
	text := strings.Join(corpus(b), "\n")
	re := regexp2.MustCompile(o200kSplit, regexp2.None)
	b.Run("regexp2", func(b *testing.B) {
		for b.Loop() {
			regexpPieces(b, re, text)
		}
	})
	b.Run("own", func(b *testing.B) {
		for b.Loop() {
			for i := 0; i < len(text); _, i = o200kNext(text, i) {
			}
		}
	})
}

// TestPreTokenizerEveryRune: every code point of the basic plane and one
// in 13 beyond it, alone and beside a letter, a space and a contraction,
// is cut where the library's matcher cuts it (one in 97 of those under
// the race detector). A full run of every code point found only U+007F.
func TestPreTokenizerEveryRune(t *testing.T) {
	re := regexp2.MustCompile(o200kSplit, regexp2.None)
	scale := rune(1)
	if raceEnabled {
		scale = 97
	}
	step := func(r rune) rune {
		if r < 0x10000 {
			return scale
		}
		return 13 * scale
	}
	for r := rune(0); r <= utf8.MaxRune; r += step(r) {
		if !utf8.ValidRune(r) {
			continue
		}
		c := string(r)
		for _, s := range []string{c, "a" + c, c + "a", " " + c, c + c + "'s"} {
			if d := firstDifference(regexpPieces(t, re, s), ownPieces(s)); d != "" {
				t.Fatalf("%U in %q: %s", r, s, d)
			}
		}
	}
}
