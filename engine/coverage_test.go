package engine

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// withoutGraphAndCoverage isolates the base signals, for tests that state
// a score as a sum of weights.
func withoutGraphAndCoverage() RankOptions {
	o := DefaultRankOptions()
	o.Disabled = []string{signalGraph, signalCoverage}
	return o
}

func TestCoverageWord(t *testing.T) {
	for in, want := range map[string]string{
		"enforced": "enforc", "enforce": "enforc", "Enforces": "enforc",
		"tokens": "token", "retries": "retry", "budget": "budget",
	} {
		if got := coverageWord(in); got != want {
			t.Errorf("coverageWord(%q) = %q, want %q", in, got, want)
		}
	}
	got := slices.Sorted(maps.Keys(refWordsIn("p.tokenCount(budget_left)")))
	want := []string{"budget", "budgetleft", "count", "left", "p", "token", "tokencount"}
	if !slices.Equal(got, want) {
		t.Errorf("refWordsIn = %v, want %v", got, want)
	}
}

// refWordsIn is the plain definition of the words coverage sees in a text:
// every field of word runes, its parts, and its parts joined. termSet.in
// must find exactly the terms this set holds.
func refWordsIn(text string) map[string]bool {
	ws := map[string]bool{}
	isWordRune := func(r rune) bool {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127
	}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
		parts := splitWords(f)
		for _, p := range parts {
			ws[coverageWord(p)] = true
		}
		if len(parts) > 1 {
			ws[coverageWord(strings.Join(parts, ""))] = true
		}
	}
	return ws
}

// TestTermSetAgreesWithTheDefinition checks termSet.in against refWordsIn
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
			mask := newTermSet(chunk).in(text, 0)
			for j, term := range chunk {
				if got := mask&(1<<j) != 0; got != words[term] {
					t.Fatalf("term %q: termSet says %v, the definition %v (text %.60q…)", term, got, words[term], text)
				}
			}
		}
	}
}

// TestCoverageLiftsTheBlockThatAnswers: a block named like one word of the
// question has the best BM25 (the name boost) and a keyword symbol signal,
// but the block whose text uses every word of it is the answer; coverage
// brings it to the top.
func TestCoverageLiftsTheBlockThatAnswers(t *testing.T) {
	name := fn("query.go", "token", 1, 10)
	answer := fn("pack.go", "Assemble", 1, 10)
	other := fn("keys.go", "Keys", 1, 10)
	s := &fakeSearcher{
		hits: []index.Hit{hit(name, 10), hit(answer, 9.5), hit(other, 5)},
		texts: map[string]string{
			name.ID:   "func token(tok string) { classify(tok) }\n",
			answer.ID: "// Assemble enforces the token budget: the pack never exceeds it.\nfunc Assemble() {}\n",
			other.ID:  "func Keys() { budget := 1 }\n",
		},
	}
	q := AnalyzeQuery("how is the token budget enforced")
	for _, tt := range []struct {
		opts RankOptions
		best string
	}{
		{withoutGraphAndCoverage(), name.ID},
		{noGraph(), answer.ID},
	} {
		got, err := NewCodeProvider(s, tt.opts).Candidates(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].ID != tt.best {
			t.Errorf("disabled %v: best %s, want %s (%+v)", tt.opts.Disabled, got[0].ID, tt.best, got)
		}
	}
	got, _ := NewCodeProvider(s, noGraph()).Candidates(context.Background(), q)
	m := byID(got)
	cov := func(c Candidate) float64 {
		for _, s := range c.Signals {
			if s.Name == signalCoverage {
				return s.Value
			}
		}
		return 0
	}
	// answer holds all three words; token and Keys one each, but "token"
	// is in two of the three texts, "budget" in two: the rarer is worth more.
	if !near(cov(m[answer.ID]), weightCoverage) || cov(m[name.ID]) >= weightCoverage/2 || cov(m[other.ID]) >= weightCoverage/2 {
		t.Errorf("coverage answer %.3f name %.3f other %.3f", cov(m[answer.ID]), cov(m[name.ID]), cov(m[other.ID]))
	}
}
