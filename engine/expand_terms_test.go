package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/vocab"
)

// fakeVocab is a related-terms table in a map.
type fakeVocab map[string]vocab.Entry

func (f fakeVocab) Vocab(stem string) (vocab.Entry, bool) {
	e, ok := f[stem]
	return e, ok
}

func TestRelatedTerms(t *testing.T) {
	v := fakeVocab{
		"unescap": {Stem: "unescap", Form: "unescape", Units: 9, Related: []vocab.Related{
			{Stem: "unquot", Form: "unquote", Weight: 0.4}, {Stem: "json", Form: "json", Weight: 0.35},
			{Stem: "hex", Form: "hex", Weight: 0.33}, {Stem: "weak", Form: "weak", Weight: 0.1}}},
		"compos": {Stem: "compos", Form: "compose", Units: 4},
	}
	q := AnalyzeQuery("json string unescaping and function composition")
	got := relatedTerms(v, q)
	want := []RelatedTerm{
		{Word: "unquote", Stem: "unquot", From: "unescaping", Weight: weightRelated * 0.4},
		{Word: "hex", Stem: "hex", From: "unescaping", Weight: weightRelated * 0.33},
		{Word: "compose", Stem: "compos", From: "composition", Weight: weightRoot},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("relatedTerms = %+v\nwant %+v", got, want)
	}
	if got := withRelated(fakeSearcherNoVocab{}, q, DefaultRankOptions()); got.Related != nil {
		t.Errorf("a searcher without a vocabulary expanded the query: %+v", got.Related)
	}
	if got := withRelated(fakeVocabSearcher{v}, q, DefaultRankOptions()); len(got.Related) != len(want) {
		t.Errorf("withRelated = %+v", got.Related)
	}
	long := AnalyzeQuery("string unescaping " + strings.Repeat("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda ", 2))
	if got := withRelated(fakeVocabSearcher{v}, long, DefaultRankOptions()); got.Related != nil {
		t.Errorf("a long query (%d keywords) was expanded: %+v", len(long.Keywords), got.Related)
	}
}

type fakeSearcherNoVocab struct{ Searcher }

type fakeVocabSearcher struct{ fakeVocab }

func (fakeVocabSearcher) Search(context.Context, index.Query) ([]index.Hit, error) { return nil, nil }
func (fakeVocabSearcher) Symbol(context.Context, string) ([]index.Block, error)    { return nil, nil }
func (fakeVocabSearcher) Callers(context.Context, string, int) ([]index.Block, error) {
	return nil, nil
}
func (fakeVocabSearcher) Read(index.Block) (index.BlockText, error) { return index.BlockText{}, nil }

func TestDerivedRoots(t *testing.T) {
	for in, want := range map[string][]string{
		"composition":   {"compos"},
		"validation":    {"validat", "valid"},
		"enforcement":   {"enforc"},
		"serialization": {"serializ", "serialize", "serial"},
		"retries":       nil,
		"city":          nil,
		"invalid":       {"valid"},
		"unsupported":   {TermWord("supported")},
		"non-empty":     {"empty"},
		"inline":        nil, // "in" is a negation only in the adjectives listed
		"import":        nil,
		"unit":          nil, // the rest is too short
	} {
		if got := derivedRoots(in); !slices.Equal(got, want) && !(len(want) > 0 && len(got) > 0 && got[0] == want[0]) {
			t.Errorf("derivedRoots(%q) = %q, want %q", in, got, want)
		}
	}
}

// openTree indexes files with the real index.
func openTree(t *testing.T, files map[string]string) *index.Index {
	t.Helper()
	root := t.TempDir()
	for p, body := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return indexTree(t, root)
}

// Through the real index: "unescaping" finds Unescape by its stem, and
// "composition" finds compose through its root, which the candidate's
// signals say.
func TestExpansionThroughRealIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real index")
	}
	files := map[string]string{
		"text/escape.go":  "package text\n\n// Unescape undoes escape sequences.\nfunc Unescape(s string) string { return s }\n",
		"fn/compose.go":   "package fn\n\nfunc compose(f, g func(int) int) func(int) int { return func(x int) int { return f(g(x)) } }\n\nfunc composeAll(fs ...func(int) int) func(int) int { return fs[0] }\n",
		"fn/identity.go":  "package fn\n\n// identity is the neutral function.\nfunc identity(x int) int { return x }\n",
		"util/strings.go": "package util\n\n// utility helpers for strings\nfunc Trim(s string) string { return s }\n",
	}
	for i := range 6 {
		files[fmt.Sprintf("fn/more%d.go", i)] = fmt.Sprintf("package fn\n\nfunc composeMore%d() { composeAll() }\n", i)
	}
	ix := openTree(t, files)
	code := NewCodeProvider(ix, DefaultRankOptions())
	got, err := code.Candidates(context.Background(), AnalyzeQuery("string unescaping"))
	if err != nil || len(got) == 0 || got[0].Block.Name != "Unescape" {
		t.Fatalf("unescaping: %v %+v", err, names(got))
	}
	got, err = code.Candidates(context.Background(), AnalyzeQuery("function composition utility"))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(got, func(c Candidate) bool { return c.Block.Name == "compose" })
	if i < 0 {
		t.Fatalf("compose not found: %v", names(got))
	}
	sig := slices.IndexFunc(got[i].Signals, func(s Signal) bool { return s.Name == signalRelated })
	if sig < 0 || !strings.Contains(got[i].Signals[sig].Detail, "compose ← composition") || got[i].Signals[sig].Value != 0 {
		t.Errorf("compose signals = %+v", got[i].Signals)
	}
}

func names(c []Candidate) []string {
	var out []string
	for _, x := range c {
		out = append(out, x.Block.Name)
	}
	return out
}
