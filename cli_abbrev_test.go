package main

import "testing"

// TestPackReadsAFileNameAsAnAbbreviation: through the binary, of two
// files that answer a question alike, the one whose name abbreviates a
// word of it (utils.go ← "utility") comes first (engine/score.go,
// abbreviated).
func TestPackReadsAFileNameAsAnAbbreviation(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/s\n\ngo 1.22\n",
		"strs/format.go": `package strs

// PadLeft pads a string on the left: a helper for padding.
func PadLeft(s string, n int) string {
	for len(s) < n {
		s = " " + s
	}
	return s
}
`,
		"strs/utils.go": `package strs

// PadRight pads a string on the right: a helper for padding.
func PadRight(s string, n int) string {
	for len(s) < n {
		s = s + " "
	}
	return s
}
`,
	}
	p := packCodeOf(t, files, "utility helpers for string padding", "2000")
	if len(p.Blocks) < 2 || p.Blocks[0].Path != "strs/utils.go" {
		t.Fatalf("blocks %v: want strs/utils.go first", blockNames(p))
	}
}
