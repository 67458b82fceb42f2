package engine

import (
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestTermWord(t *testing.T) {
	for in, want := range map[string]string{
		"enforced": "enforc", "enforce": "enforc", "Enforces": "enforc",
		"tokens": "token", "retries": "retry", "budget": "budget",
	} {
		if got := TermWord(in); got != want {
			t.Errorf("TermWord(%q) = %q, want %q", in, got, want)
		}
	}
	got := slices.Sorted(maps.Keys(refWordsIn("p.tokenCount(budget_left)")))
	want := []string{"budget", "budgetleft", "count", "left", "p", "token", "tokencount"}
	if !slices.Equal(got, want) {
		t.Errorf("refWordsIn = %v, want %v", got, want)
	}
}

// refWordsIn is the plain definition of the words a text holds for TermSet:
// every field of word runes, its parts, and its parts joined. TermSet.In
// must find exactly the terms this set holds.
func refWordsIn(text string) map[string]bool {
	ws := map[string]bool{}
	isWordRune := func(r rune) bool {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127
	}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
		parts := splitWords(f)
		for _, p := range parts {
			ws[TermWord(p)] = true
		}
		if len(parts) > 1 {
			ws[TermWord(strings.Join(parts, ""))] = true
		}
	}
	return ws
}

// TestTermSetAgreesWithTheDefinition checks TermSet.In against refWordsIn
// on this package's own source and on hostile text (invalid UTF-8,
// non-ASCII letters, snake, camel and SCREAMING case).
func TestTermSetAgreesWithTheDefinition(t *testing.T) {
	texts := []string{
		"p.tokenCount(budget_left) ENFORCED_LIMIT Enforces Größe_Über naïveCase x\xff\xfey tokens…budget",
		"\xc3(\xa9 日本語Token retries_retrying HTTPServer ID2Name a_b_c __init__",
	}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		words := refWordsIn(text)
		var terms []string
		for w := range words {
			terms = append(terms, w)
		}
		slices.Sort(terms)
		for _, extra := range []string{"budget", "enforc", "nosuchword", "retry", "größe"} {
			if !words[extra] {
				terms = append(terms, extra) // absent terms must stay unset
			}
		}
		for k := 0; k < len(terms); k += coverageTerms {
			chunk := terms[k:min(k+coverageTerms, len(terms))]
			mask := NewTermSet(chunk).In(text, 0)
			for j, term := range chunk {
				if got := mask&(1<<j) != 0; got != words[term] {
					t.Fatalf("term %q: TermSet says %v, the definition %v (text %.60q…)", term, got, words[term], text)
				}
			}
		}
	}
}

// BenchmarkTermSetInLines matches a query's terms against every line of a
// large Go file, as the packer's focus does for each candidate.
func BenchmarkTermSetInLines(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "net", "http", "server.go"))
	if err != nil {
		b.Skip(err)
	}
	var terms []string
	for _, w := range strings.Fields("http server keep alive timeouts idle conn serve deadline close shutdown handler") {
		terms = append(terms, TermWord(w))
	}
	ts := NewTermSet(terms)
	lines := strings.SplitAfter(string(src), "\n")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ts.InEach(lines)
	}
}

// BenchmarkTermSetInText matches a query's terms against whole files, as
// the coverage and related signals do for each candidate's text.
func BenchmarkTermSetInText(b *testing.B) {
	var texts []string
	size := 0
	for _, f := range []string{"net/http/server.go", "net/url/url.go", "encoding/json/decode.go", "context/context.go"} {
		src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", f))
		if err != nil {
			b.Skip(err)
		}
		texts = append(texts, string(src))
		size += len(src)
	}
	var terms []string
	for _, w := range strings.Fields("http server keep alive timeouts json unquote nosuchword") {
		terms = append(terms, TermWord(w))
	}
	ts := NewTermSet(terms)
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, t := range texts {
			ts.In(t, 0)
		}
	}
}
