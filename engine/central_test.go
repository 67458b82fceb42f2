package engine

import (
	"context"
	"math"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// fakeImporting answers Importers from a map of file → importing files.
type fakeImporting map[string][]string

func (f fakeImporting) Importers(_ context.Context, p string) ([]index.Block, error) {
	var out []index.Block
	for _, from := range f[p] {
		out = append(out, index.Block{ID: from + ":header", Path: from, Kind: index.KindHeader})
	}
	return out, nil
}

func TestCentral(t *testing.T) {
	imp := fakeImporting{
		"hub.py":   {"a.py", "b.py", "c.py", "a.py", "hub.py"}, // a repeated importer and itself count once and never
		"mid.py":   {"a.py", "b.py"},
		"lone.py":  {"a.py"},
		"late.py":  {"a.py", "b.py", "c.py", "d.py", "e.py", "f.py"},
		"other.py": {"a.py", "b.py", "c.py"},
	}
	var c []Candidate
	for _, p := range []string{"lone.py", "mid.py", "hub.py", "hub.py", "f4.py", "f5.py", "f6.py", "f7.py", "f8.py", "late.py"} {
		c = append(c, Candidate{ID: p, Block: index.Block{Path: p}, Score: 1})
	}
	addCentral(context.Background(), imp, c)
	got := map[string]float64{}
	for _, x := range c {
		got[x.Block.Path] = x.Score - 1
	}
	want := map[string]float64{
		"hub.py":  weightCentral, // 3 importers, the most among the best centralFiles files
		"mid.py":  weightCentral * math.Log1p(2) / math.Log1p(3),
		"lone.py": 0, // fewer than minImporters
		"late.py": 0, // not among the best centralFiles files
	}
	for p, w := range want {
		if math.Abs(got[p]-w) > 1e-9 {
			t.Errorf("%s gained %.4f, want %.4f", p, got[p], w)
		}
	}
	if c[2].Signals[0].Name != signalCentral || c[2].Signals[0].Detail != "3 files import hub.py" {
		t.Errorf("hub.py's signal = %+v", c[2].Signals)
	}
	if got := importedBy(90, "engine/terms.go"); got != "90 files import its package engine" {
		t.Errorf("a Go file's detail = %q", got)
	}
}

// TestCentralOnlyWhereItApplies: the code source of an index that
// answers Importers gets the signal, unless the query is only names; the
// docs source and a searcher without Importers never do.
func TestCentralOnlyWhereItApplies(t *testing.T) {
	type both struct {
		*fakeSearcher
		fakeImporting
	}
	withImp := both{&fakeSearcher{}, fakeImporting{}}
	applies := func(p *indexProvider, q Query) bool {
		_, ok := p.centralFor(q)
		return ok
	}
	words := AnalyzeQuery("how middleware is applied to each request")
	if !applies(&indexProvider{s: withImp, src: SourceCode}, words) {
		t.Error("the code source of an index with importers has no central signal")
	}
	for _, q := range []string{"Container", "sort.Slice", "`parse_duration()`"} {
		if applies(&indexProvider{s: withImp, src: SourceCode}, AnalyzeQuery(q)) {
			t.Errorf("%q, only names, got the central signal", q)
		}
	}
	if !applies(&indexProvider{s: withImp, src: SourceCode}, AnalyzeQuery("absl::Hash and the hashing framework")) {
		t.Error("a question that names a symbol among its words has no central signal")
	}
	if applies(&indexProvider{s: withImp, src: SourceDocs}, words) {
		t.Error("the docs source got the central signal")
	}
	if applies(&indexProvider{s: &fakeSearcher{}, src: SourceCode}, words) {
		t.Error("a searcher without Importers got the central signal")
	}
}
