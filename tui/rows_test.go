package tui

import (
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// TestRowsAreBestFirstAcrossSources: the pack's output groups blocks by
// source (changes before code), but the list means "best first": a
// packed change that scored below two code blocks comes after them, and
// the left-out candidates follow, best first too.
func TestRowsAreBestFirstAcrossSources(t *testing.T) {
	cand := func(id string, src engine.Source, score float64) engine.Candidate {
		return engine.Candidate{ID: id, Source: src, Score: score,
			Block: index.Block{Path: id + ".go", Name: id, StartLine: 1, EndLine: 3}, Text: "x\n"}
	}
	change := cand("change", engine.SourceChanges, .4)
	code1, code2 := cand("code1", engine.SourceCode, 1), cand("code2", engine.SourceCode, .7)
	out1, out2 := cand("out1", engine.SourceDocs, .3), cand("out2", engine.SourceCode, .6)
	item := func(c engine.Candidate) packing.Item {
		return packing.Item{Candidate: c, Level: engine.LevelFull, Tokens: 5}
	}
	// Output order: the changes group first.
	p := &packing.Pack{Items: []packing.Item{item(change), item(code1), item(code2)},
		LeftOut: []packing.LeftOut{{Candidate: out1, Why: packing.OutBudget}, {Candidate: out2, Why: packing.OutBudget}}}
	rows := buildRows(p, []engine.Candidate{code1, code2, out2, change, out1}, nil, curation{}, nil)
	want := []string{"code1", "code2", "change", "out2", "out1"}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, id := range want {
		if rows[i].id != id {
			t.Errorf("row %d is %s, want %s (best first, packed before left out)", i, rows[i].id, id)
		}
	}
}
