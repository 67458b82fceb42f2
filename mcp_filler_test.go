package main

import (
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// TestMCPMarksAFiller: an agent tells a block that only fills budget
// left over by a field, as a script does in --format json.
func TestMCPMarksAFiller(t *testing.T) {
	item := func(id string, filler bool) packing.Item {
		return packing.Item{Candidate: engine.Candidate{ID: id, Source: engine.SourceCode, Filler: filler,
			Block: index.Block{Path: "a.go", Name: id}}, Level: engine.LevelFull}
	}
	out := mcpResult(&packResult{Pack: &packing.Pack{Items: []packing.Item{item("ranked", false), item("rest", true)}}})
	if len(out.Blocks) != 2 || out.Blocks[0].Filler || !out.Blocks[1].Filler {
		t.Errorf("blocks %+v: want only the second marked a filler", out.Blocks)
	}
}
