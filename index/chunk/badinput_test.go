package chunk

import (
	"strings"
	"testing"
)

// TestBadInput runs every chunker on inputs that have broken chunkers
// before: invalid UTF-8, NUL bytes, an empty file, only newlines, one huge
// line, CRLF line endings, no final newline.
func TestBadInput(t *testing.T) {
	huge := strings.Repeat("x = f(1); ", 30_000) // 300 KB, one line
	inputs := map[string]string{
		"invalid utf-8":   "\xff\xfe\xfd\nfunc f() { s := \"\xc3\x28\" }\ndef g():\n    return '\xa0\xa1'\n",
		"nul bytes":       "package x\x00\nclass A\x00 {}\ndef f():\x00\n  pass\n",
		"empty":           "",
		"only newlines":   "\n\n\n",
		"huge line":       huge,
		"crlf":            "package x\r\n\r\nimport \"fmt\"\r\n\r\n// F does.\r\nfunc F() {\r\n\tfmt.Println()\r\n}\r\n",
		"no final newl":   "def f():\n    pass",
		"unclosed fence":  "# A\n```\n# not a heading\n",
		"deep nesting":    strings.Repeat("(", 5000) + strings.Repeat("{", 5000),
		"lone heading":    "=====\n-----\n",
		"unterminated /*": "/* open\nclass A {}\n",
	}
	for name, src := range inputs {
		for _, ext := range fuzzExts {
			t.Run(name+ext, func(t *testing.T) {
				p := "f" + ext
				bs := File(p, []byte(src))
				if err := checkBlocks(p, []byte(src), bs); err != nil {
					t.Fatal(err)
				}
				if src == "" && len(bs) != 0 {
					t.Fatalf("empty file gave %d blocks", len(bs))
				}
			})
		}
	}
}

func TestCRLF(t *testing.T) {
	tests := []struct {
		path, src string
		want      []string
	}{
		{"x.go", "package x\r\n\r\n// F does.\r\nfunc F() {\r\n}\r\n", []string{"header 1-2", "function 3-5 F"}},
		{"x.md", "# A\r\ntext\r\n## B\r\nmore\r\n", []string{"section 1-2 A", "section 3-4 A > B"}},
		{"x.rst", "Title\r\n=====\r\n\r\nSub\r\n---\r\n", []string{"section 1-3 Title", "section 4-5 Title > Sub"}},
	}
	for _, tc := range tests {
		bs := File(tc.path, []byte(tc.src))
		if got := summaries(bs); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: %q, want %q", tc.path, got, tc.want)
		}
		for _, b := range bs {
			if strings.ContainsRune(b.Name+b.Signature+b.Doc, '\r') {
				t.Errorf("%s: %s keeps a CR: %+v", tc.path, b.ID, b)
			}
		}
	}
}
