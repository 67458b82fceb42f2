package index

import (
	"reflect"
	"strings"
	"testing"
)

func TestBlobRoundTrip(t *testing.T) {
	tests := []Block{
		{ID: "a/b.go#T.m", Path: "a/b.go", Lang: "go", Kind: KindMethod, Name: "m", QualName: "T.m",
			Signature: "func (T) m() error", Doc: "m does.", StartLine: 3, EndLine: 9,
			Hash: "00ff00ff00ff00ff00ff00ff00ff00ff", Refs: []string{"x", "Y"}, Test: true},
		{ID: "a/c.go#F", Path: "a/c.go", Lang: "go", Kind: KindFunction, Name: "F", QualName: "F",
			Refs: []string{"Logger"}, Package: "a", Uses: []string{"log", "example.com/m/b"}},
		{ID: "a/d.go#G", Path: "a/d.go", Lang: "go", Kind: KindFunction, Name: "G", QualName: "G", Package: "a_test"},
		{ID: "odd-id", Path: "x.weird", Lang: "text", Kind: KindWindow, StartLine: 1, EndLine: 60, Hash: "not-hex"},
		{ID: "h.py:header", Path: "h.py", Lang: "go", Kind: KindHeader, Imports: []string{"os", "a.b"}},
		{},
	}
	for _, b := range tests {
		data, err := encodeBlob(b)
		must(t, err)
		got, err := decodeBlob(string(data))
		must(t, err)
		if !reflect.DeepEqual(got, b) {
			t.Errorf("round trip:\n got %+v\nwant %+v", got, b)
		}
	}
	long := Block{Path: "p", Doc: strings.Repeat("é", 500)}
	data, _ := encodeBlob(long)
	got, _ := decodeBlob(string(data))
	if len(got.Doc) > storedDocMax+len("…") || !strings.HasSuffix(got.Doc, "…") {
		t.Errorf("long doc stored as %d bytes", len(got.Doc))
	}
	for _, bad := range [][]byte{nil, {9}, {blobVersion, 0xff}, {blobVersion, 1, 2, 0, 50}} {
		if _, err := decodeBlob(string(bad)); err == nil {
			t.Errorf("decodeBlob(%v) succeeded", bad)
		}
	}
}

func FuzzDecodeBlob(f *testing.F) {
	data, _ := encodeBlob(Block{ID: "a#b", Path: "a", Name: "b", Refs: []string{"c"}})
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		decodeBlob(string(data)) // must not panic
	})
}
