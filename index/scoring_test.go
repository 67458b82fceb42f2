package index

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/search"
)

// retryTree holds two functions of the same length: one says "retry" on
// every other line, the other once.
func retryTree() map[string]string {
	body := func(name string, every int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "package pay\n\nfunc %s() {\n", name)
		for i := range 40 {
			if i%every == 0 {
				fmt.Fprintf(&b, "\tstep%d := attempt(retry, %d)\n", i, i)
			} else {
				fmt.Fprintf(&b, "\tstep%d := attempt(charge, %d)\n", i, i)
			}
		}
		return b.String() + "}\n"
	}
	return map[string]string{"pay/often.go": body("Often", 2), "pay/once.go": body("Once", 1000)}
}

// TestSearchSaturatesRepeatedWords: the index scores with BM25, whose
// weight for a word saturates as it repeats (k1): a block that says
// "retry" twenty times outscores one that says it once by about 2.5, not
// by the square root of twenty (4.5) as bleve's default TF-IDF scored it.
func TestSearchSaturatesRepeatedWords(t *testing.T) {
	_, ix, _ := build(t, retryTree())
	hits, err := ix.Search(context.Background(), Query{Text: "retry"})
	if err != nil {
		t.Fatal(err)
	}
	score := map[string]float64{}
	for _, h := range hits {
		score[h.Block.Name] = h.Score
	}
	if score["Often"] == 0 || score["Once"] == 0 {
		t.Fatalf("hits %v", score)
	}
	if r := score["Often"] / score["Once"]; r < 1.5 || r > 3 {
		t.Errorf("20 mentions score %.2f× one (BM25 saturates: about 2.5; TF-IDF: about 4.5; BM25 with bleve's own average length: 3.5)", r)
	}
}

// TestScoringStatsCoverEveryField: bleve fails a BM25 search on a field
// its statistics do not name, so every block field has an entry, and the
// average content length comes from the indexed bytes per block.
func TestScoringStatsCoverEveryField(t *testing.T) {
	_, ix, _ := build(t, fixture)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	st, ok := ix.withScoring(context.Background(), ix.bi).Value(search.BM25StatsKey).(*search.BM25Stats)
	if !ok {
		t.Fatal("no BM25 statistics in the search context")
	}
	n, _ := ix.bi.DocCount()
	if st.DocCount != float64(n) || n == 0 {
		t.Errorf("DocCount %v, the index holds %d", st.DocCount, n)
	}
	fields := slices.Clone(boolFields)
	for _, f := range blockFields {
		fields = append(fields, f.name)
	}
	for _, f := range fields {
		if st.FieldCardinality[f] <= 0 {
			t.Errorf("field %s: no length statistic", f)
		}
	}
	var bytes, blocks int64
	for _, f := range ix.man.Files {
		if f.Skip == "" {
			bytes, blocks = bytes+f.Size, blocks+int64(f.NBlocks)
		}
	}
	want := max(1, float64(bytes)/float64(blocks)*contentTokensPerByte)
	if got := float64(st.FieldCardinality[fContent]) / st.DocCount; got < want-1 || got > want+1 {
		t.Errorf("average content length %.1f, want %.1f", got, want)
	}
}
