package packing

import (
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// TestDedupKeepsMessages: a diagnostic or a note inside (or alike) a code
// block is never folded into it, in either direction, while two code blocks
// with the same range still are.
func TestDedupKeepsMessages(t *testing.T) {
	code := engine.Candidate{ID: "a.go#f", Source: engine.SourceCode, Score: 1, Text: "func f() {\n\treturn g()\n}\n",
		Block: index.Block{Path: "a.go", Kind: index.KindFunction, StartLine: 10, EndLine: 30}}
	diag := engine.Candidate{ID: "diag:a.go:12", Source: engine.SourceDiagnostics, Score: 0.5, Text: code.Text,
		Block: index.Block{Path: "a.go", Kind: index.KindDiagnostic, StartLine: 12, EndLine: 12}}
	note := engine.Candidate{ID: "note:1", Source: engine.SourceNotes, Score: 0.2, Text: code.Text,
		Block: index.Block{Path: "a.go", Kind: index.KindNote, StartLine: 10, EndLine: 30}}
	twin := code
	twin.ID, twin.Source, twin.Score = "changes:a.go:10", engine.SourceChanges, 0.4

	kept, merges := Dedup([]engine.Candidate{code, diag, note, twin})
	ids := map[string]bool{}
	for _, c := range kept {
		ids[c.ID] = true
	}
	for _, want := range []string{"a.go#f", "diag:a.go:12", "note:1"} {
		if !ids[want] {
			t.Errorf("%s was folded away; merges %v", want, merges)
		}
	}
	if ids["changes:a.go:10"] || len(merges) != 1 {
		t.Errorf("the same-range code twin should merge into the better copy; kept %v merges %v", ids, merges)
	}
}
