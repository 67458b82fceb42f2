package index

import (
	"reflect"
	"strings"
	"testing"
)

func TestIdentAnalyzer(t *testing.T) {
	tests := []struct {
		in    string
		parts bool
		want  []string
	}{
		{"parseHTTPRequest2", true, []string{"parsehttprequest2", "parse", "pars", "http", "request", "2"}},
		{"doKeepAlives unescaping", true, []string{"dokeepalives", "do", "keep", "alives", "aliv", "unescaping", "unescap"}},
		{"Unescape retries", true, []string{"unescape", "unescap", "retries", "retry"}},
		{"Unescape retries", false, []string{"unescape", "retries"}},
		{"words: doKeepAlives retries", true, []string{"words", "dokeepalives", "do", "keep", "alives", "retries"}},
		{"stems: doKeepAlives retries", true, []string{"stem", "do", "keep", "aliv", "retry"}},
		{"XMLHttpRequest", true, []string{"xmlhttprequest", "xml", "http", "request"}},
		{"XMLHttpRequests", true, []string{"xmlhttprequests", "xml", "http", "requests", "request"}},
		{"cert_file", true, []string{"cert_file", "cert", "file", "fil"}},
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
			a := identAnalyzerFunc{parts: tc.parts, stems: stemAdd}
			switch {
			case strings.HasPrefix(tc.in, "words:"):
				a.stems = stemNone
			case strings.HasPrefix(tc.in, "stems:"):
				a.stems = stemOnly
			}
			for _, tok := range a.Analyze([]byte(tc.in)) {
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
		for _, tok := range (identAnalyzerFunc{parts: true, stems: stemAdd}).Analyze([]byte(s)) {
			if tok.Start < 0 || tok.End > len(s) || tok.Start >= tok.End || len(tok.Term) == 0 {
				t.Fatalf("bad token %+v in %q", tok, s)
			}
		}
	})
}
