package vocab

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
)

// unitsOf is a file's units as the index computes them (no doc comments).
func unitsOf(src string) FileUnits {
	u := FileUnits{Forms: map[string]string{}}
	u.Idents = IdentUnits([]byte(src), u.Forms)
	return u
}

func TestIdentUnits(t *testing.T) {
	got := unitsOf("x := doKeepAlives(idleTimeout, idleTimeout, HTTPServer, io_db, retries)").Idents
	want := [][]string{{"keep", "aliv"}, {"idl", "timeout"}, {"http", "server"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("IdentUnits = %q, want %q", got, want)
	}
}

func TestDocUnitOf(t *testing.T) {
	d, ok := DocUnitOf("unquote", "unquote converts a quoted JSON string literal s into an actual string t.", map[string]string{})
	if !ok || !reflect.DeepEqual(d.Name, []string{"unquot"}) || d.Doc[0] != "convert" || d.Doc[1] != "quot" {
		t.Fatalf("DocUnitOf = %+v, %v", d, ok)
	}
}

// corpus is a repository in which idle goes with timeout, keep with alive.
func corpus() []string {
	var files []string
	for i := range 12 {
		files = append(files, fmt.Sprintf("idleTimeout%d := keepAlive%d + readTimeout + fooBar%d + bazQux%d", i, i, i, i))
	}
	return files
}

func TestTableRelatesWordsOfIdentifiers(t *testing.T) {
	c := NewCounts()
	for _, f := range corpus() {
		c.Add(unitsOf(f), 1)
	}
	tab := NewTable(BuildTable(c))
	e, ok := tab.Lookup("idl")
	if !ok || e.Form != "idle" || len(e.Related) == 0 || e.Related[0].Form != "timeout" {
		t.Fatalf("Lookup(idl) = %+v, %v", e, ok)
	}
	if _, ok := tab.Lookup("nosuchword"); ok {
		t.Fatal("found a word the table does not hold")
	}
	for _, w := range []string{"aliv", "keep", "timeout", "read"} {
		if _, ok := tab.Lookup(w); !ok {
			t.Errorf("Lookup(%q) not found", w)
		}
	}
}

// Adding files and taking them away again leaves the counts of the others,
// byte for byte: an incremental update equals a rebuild.
func TestCountsAddThenRemove(t *testing.T) {
	files := corpus()
	all, rest := NewCounts(), NewCounts()
	for i, f := range files {
		all.Add(unitsOf(f), 1)
		if i%3 != 0 {
			rest.Add(unitsOf(f), 1)
		}
	}
	for i, f := range files {
		if i%3 == 0 {
			all.Add(unitsOf(f), -1)
		}
	}
	var a, b bytes.Buffer
	all.WriteTo(&a)
	rest.WriteTo(&b)
	if !bytes.Equal(BuildTable(all), BuildTable(rest)) {
		t.Fatal("tables differ after taking files away")
	}
	back, err := ReadCounts(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(BuildTable(back), BuildTable(rest)) {
		t.Fatal("table of counts read back differs")
	}
	if _, err := ReadCounts(bytes.NewReader(a.Bytes()[:a.Len()/2])); err == nil {
		t.Fatal("truncated counts read without error")
	}
}

// In a large repository a word of a few units is not a relative, however
// well it goes with the word (npmi favours rare words); in a small one it
// is.
func TestRareWordsRelateOnlyInSmallRepositories(t *testing.T) {
	relatives := func(filler int) []string {
		c := NewCounts()
		var u FileUnits
		for range 6 {
			u.Idents = append(u.Idents, []string{"decod", "mtf"})
		}
		for range 30 {
			u.Idents = append(u.Idents, []string{"decod", "unquot"})
		}
		for range 10 {
			u.Idents = append(u.Idents, []string{"unquot", "string"})
		}
		for range filler {
			u.Idents = append(u.Idents, []string{"fill", "word"})
		}
		c.Add(u, 1)
		e, _ := NewTable(BuildTable(c)).Lookup("decod")
		var out []string
		for _, r := range e.Related {
			out = append(out, r.Stem)
		}
		return out
	}
	if got := relatives(1000); !reflect.DeepEqual(got, []string{"unquot", "mtf"}) {
		t.Errorf("small repository: decod relates to %q, want unquot and mtf", got)
	}
	if got := relatives(200000); !reflect.DeepEqual(got, []string{"unquot"}) {
		t.Errorf("large repository: decod relates to %q, want unquot only", got)
	}
}
