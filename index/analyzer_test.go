package index

import (
	"reflect"
	"testing"
)

func TestIdentAnalyzer(t *testing.T) {
	tests := []struct {
		in    string
		parts bool
		want  []string
	}{
		{"parseHTTPRequest2", true, []string{"parsehttprequest2", "parse", "http", "request", "2"}},
		{"XMLHttpRequest", true, []string{"xmlhttprequest", "xml", "http", "request"}},
		{"cert_file", true, []string{"cert_file", "cert", "file"}},
		{"fmt.Println(x)", true, []string{"fmt", "println", "x"}},
		{"__init__", true, []string{"__init__"}},
		{"_", true, nil},
		{"sha256Sum", true, []string{"sha256sum", "sha", "256", "sum"}},
		{"ÜberFlag", true, []string{"überflag", "über", "flag"}},
		{"parseHTTPRequest2 cert_file", false, []string{"parsehttprequest2", "cert_file"}},
		{"a\xffb", true, []string{"a", "b"}},
		{"", true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			var got []string
			for _, tok := range (identAnalyzerFunc{parts: tc.parts}).Analyze([]byte(tc.in)) {
				got = append(got, string(tok.Term))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Analyze(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func FuzzIdentAnalyzer(f *testing.F) {
	f.Add("parseHTTPRequest2 cert_file")
	f.Add("a\xffÜb_9")
	f.Fuzz(func(t *testing.T, s string) {
		for _, tok := range (identAnalyzerFunc{parts: true}).Analyze([]byte(s)) {
			if tok.Start < 0 || tok.End > len(s) || tok.Start >= tok.End || len(tok.Term) == 0 {
				t.Fatalf("bad token %+v in %q", tok, s)
			}
		}
	})
}
