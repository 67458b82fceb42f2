package index

import (
	"context"
	"testing"
)

// FuzzSearch runs arbitrary queries against the fixture index: building
// and running a query must never panic, and hits must decode.
func FuzzSearch(f *testing.F) {
	_, ix, _ := build(f, fixture)
	f.Add("process payment", "ParseConfigFile", "cart/", "go")
	f.Add("", "", "", "")
	f.Add("\xff\x00*?[", "a.b.c", "../", "x")
	f.Fuzz(func(t *testing.T, text, ident, prefix, lang string) {
		q := Query{Text: text, Identifiers: []string{ident}, Paths: []string{prefix}, PathPrefix: prefix,
			Langs: []string{lang}, Limit: 5, ExcludeTests: len(text)%2 == 0}
		hits, err := ix.Search(context.Background(), q)
		if err != nil {
			t.Fatalf("Search(%+v): %v", q, err)
		}
		for _, h := range hits {
			if h.Block.Path == "" || h.Block.StartLine < 1 {
				t.Fatalf("bad hit %+v", h)
			}
		}
	})
}
