package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/loupe-dev/loupe/index/vocab"
)

// TestFlatSearchIsBleve asks bleve's searchers (topHits) and the one-pass
// scorer (flat.go) the same text queries on a real index, this
// repository's (LOUPE_FLAT_DIR names another tree, such as the Go tree),
// and wants the same hits with the same scores: words drawn from the
// tree's files and words it does not hold, identifiers, expansions,
// every filter a text search sets, limits small enough that ties at the
// cut decide.
func TestFlatSearchIsBleve(t *testing.T) {
	root, n := "..", 160
	if d := os.Getenv("LOUPE_FLAT_DIR"); d != "" {
		root, n = d, 400
	} else if raceEnabled {
		n = 60
	}
	t.Cleanup(func() { withinFactor = defaultWithinFactor }) // also when a comparison fails midway
	opts := testOptions(t)
	opts.NoCommits = true
	ix, err := Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if _, err := ix.Update(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	words := treeWords(t, ix.root)
	rng := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for i := range n {
		q := randomQuery(rng, words)
		// An exact lookup (Symbol, Callers, FileBlocks) of a word as
		// typed, or of a path.
		lq := term(words[rng.IntN(len(words))], []string{fSym, fRefs, fQName}[rng.IntN(3)], 1)
		if i%5 == 0 {
			lq = term(treePath(rng, ix), fPath, 1)
		}
		llimit := []int{1, 5, firstLookup, maxLookup}[rng.IntN(4)]
		err := ix.withIndex(func(bi bleve.Index) error {
			ctx := ix.withScoring(context.Background(), bi)
			bq := buildQuery(q)
			// Both walks of a must clause: every posting, and the
			// clause's matches with the cursors moved to them.
			for _, f := range []uint64{1 << 30, 0} {
				withinFactor = f
				sameAsBleve(t, ctx, bi, fmt.Sprintf("query %d (%+v, within factor %d)", i, q, f), bq, q.Limit, min(2*q.Limit, maxTieHits))
			}
			withinFactor = defaultWithinFactor
			sameAsBleve(t, ctx, bi, fmt.Sprintf("lookup %d (%+v)", i, lq), lq, llimit, min(llimit, firstLookup)+1)
			compared++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if compared != n { // withIndex runs nothing on an empty index
		t.Fatalf("%d of %d queries compared", compared, n)
	}
}

// sameAsBleve fails unless the flat search of q and topHits (with its
// first page) return the same hits with the same scores.
func sameAsBleve(t *testing.T, ctx context.Context, bi bleve.Index, what string, q query.Query, limit, first int) {
	t.Helper()
	p := planFlat(q, bi.Mapping())
	if p == nil {
		t.Fatalf("%s has no flat plan", what)
	}
	got, ok, err := p.search(ctx, bi, limit)
	if err != nil || !ok {
		t.Fatalf("%s: flat search: ok %v, %v", what, ok, err)
	}
	want, err := topHits(ctx, bi, q, limit, first)
	if err != nil {
		t.Fatal(err)
	}
	sortMatches(want)
	sortMatches(got)
	if len(got) != len(want) {
		t.Fatalf("%s: %d hits, bleve %d", what, len(got), len(want))
	}
	for j := range want {
		if got[j].ID != want[j].ID || got[j].Score != want[j].Score {
			t.Fatalf("%s, hit %d: %s %.12f, bleve %s %.12f", what, j, got[j].ID, got[j].Score, want[j].ID, want[j].Score)
		}
	}
}

// treePath is the path of one of the index's files.
func treePath(rng *rand.Rand, ix *Index) string {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	paths := make([]string, 0, len(ix.man.Files))
	for p := range ix.man.Files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths[rng.IntN(len(paths))]
}

// treeWords returns the words of up to 200 of the tree's source and
// prose files, each once, in a stable order.
func treeWords(t *testing.T, root string) []string {
	t.Helper()
	seen := map[string]bool{}
	var words []string
	files := 0
	word := regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]{2,}`)
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if files >= 200 {
			return filepath.SkipAll
		}
		if err != nil {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(p); ext != ".go" && ext != ".md" && ext != ".py" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		files++
		for _, w := range word.FindAllString(string(data), 400) {
			if !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
		return nil
	})
	if err != nil || len(words) < 100 {
		t.Fatalf("%d words from %s: %v", len(words), root, err)
	}
	slices.Sort(words)
	return words
}

// randomQuery makes a text query as the engine's sources do: words
// (sometimes one the tree does not hold, sometimes punctuation alone),
// identifiers, path fragments, expansions, the sources' filters and the others an agent
// may ask for (kinds, languages, a path prefix), limits.
func randomQuery(rng *rand.Rand, words []string) Query {
	pick := func() string { return words[rng.IntN(len(words))] }
	var text []string
	for range 1 + rng.IntN(6) {
		switch rng.IntN(12) {
		case 0:
			text = append(text, "zqxjvwk")
		case 1:
			text = append(text, "--")
		case 2:
			text = append(text, strings.ToLower(pick())+"."+pick())
		default:
			text = append(text, strings.ToLower(pick()))
		}
	}
	q := Query{
		Text:         strings.Join(text, " "),
		ExcludeDocs:  rng.IntN(3) > 0,
		ExcludeTests: rng.IntN(2) == 0,
		NoStems:      rng.IntN(5) == 0,
		Limit:        []int{1, 3, 10, 40, 200}[rng.IntN(5)],
	}
	for range rng.IntN(3) {
		q.Identifiers = append(q.Identifiers, pick())
	}
	// Path fragments, as the engine's path words search and a query
	// naming a file ask: whole paths, parts, words.
	for range rng.IntN(3) {
		switch rng.IntN(3) {
		case 0:
			q.Paths = append(q.Paths, strings.ToLower(pick()))
		case 1:
			q.Paths = append(q.Paths, "engine/"+strings.ToLower(pick())+".go")
		default:
			q.Paths = append(q.Paths, "index/flat.go")
		}
	}
	// The filters bleve answers as a must clause.
	switch rng.IntN(8) {
	case 0:
		q.OnlyDocs, q.ExcludeDocs = true, false
	case 1:
		q.Kinds = []Kind{KindFunction, KindMethod, KindType}[:1+rng.IntN(3)]
	case 2:
		q.Langs = []string{"go", "markdown", "python"}[:1+rng.IntN(3)]
	case 3:
		q.PathPrefix = []string{"engine/", "index/", "tui", "zz/"}[rng.IntN(4)]
	}
	for range rng.IntN(6) {
		w := strings.ToLower(pick())
		q.Expand = append(q.Expand, vocab.Related{Stem: w, Form: w, Weight: 0.05 + rng.Float64()/4})
	}
	return q
}

// TestCutTop checks the cut topHits makes where no small index reaches:
// a group of equal scores at the cut larger than topHits fetches is left
// out whole.
func TestCutTop(t *testing.T) {
	hits := func(scores ...float64) []flatHit {
		var out []flatHit
		for i, s := range scores {
			out = append(out, flatHit{doc: uint64(i), score: s})
		}
		return out
	}
	if got := cutTop(hits(3, 2, 2, 2, 1), 2, 5); len(got) != 4 {
		t.Errorf("the group at the cut is kept whole: %v", got)
	}
	if got := cutTop(hits(3, 2), 5, 2); len(got) != 2 {
		t.Errorf("fewer hits than the limit: %v", got)
	}
	big := []float64{3}
	for range maxTieHits + 10 {
		big = append(big, 2)
	}
	if got := cutTop(hits(big...), 10, len(big)); len(got) != 1 {
		t.Errorf("a group at the cut of %d is left out: kept %d", len(big)-1, len(got))
	}
}
