package tui

import (
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// TestAFillerNotPackedIsNotLeftOut: a filler (the rest of a file, only
// for budget left over) that the pack did not need is not counted as
// left out in the list's header, and its preview says why it is not
// packed; an ordinary candidate not packed still counts as out.
func TestAFillerNotPackedIsNotLeftOut(t *testing.T) {
	cand := func(id string, score float64, filler bool) engine.Candidate {
		return engine.Candidate{ID: id, Source: engine.SourceCode, Score: score, Filler: filler,
			Block: index.Block{Path: "a.go", Name: id, StartLine: 1, EndLine: 3}, Text: "x\n"}
	}
	packed, out, rest := cand("packed", 1, false), cand("out", .5, false), cand("rest", 0, true)
	p := &packing.Pack{Items: []packing.Item{{Candidate: packed, Level: engine.LevelFull, Tokens: 5}},
		LeftOut: []packing.LeftOut{{Candidate: out, Why: packing.OutBudget}}}
	rows := buildRows(p, []engine.Candidate{packed, out, rest}, nil, curation{}, nil)
	in, left, _, _ := resultsPane{rows: rows}.counts()
	if in != 1 || left != 1 {
		t.Errorf("%d in, %d out; want 1 and 1 (the filler is neither)", in, left)
	}
	title := previewTitle(previewRequest{mode: previewBlock, cand: &rest}, p)
	if !strings.Contains(title, "only fills budget left over") {
		t.Errorf("the filler's preview title %q does not say why it is not packed", title)
	}
}
