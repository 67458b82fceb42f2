package packing

import (
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

// filler is a block of the rest of path: no score, Filler set.
func filler(id, path string, start, n int) engine.Candidate {
	c := bfCand(id, path, start, n, 0)
	c.Filler = true
	return c
}

// TestFillersTakeOnlyWhatIsLeft: with room for the ranked blocks alone,
// no filler goes in, none displaces a ranked block and none is reported
// as left out; with room to spare, the fillers of the file packed first
// go in before those of the next file, each file's in line order, and a
// filler of a file with nothing packed never does.
func TestFillersTakeOnlyWhatIsLeft(t *testing.T) {
	ranked := []engine.Candidate{bfCand("a1", "a.go", 40, 20, 1.0), bfCand("b1", "b.go", 1, 20, 0.6)}
	rest := []engine.Candidate{
		filler("b0", "b.go", 30, 10), filler("a0", "a.go", 1, 10), filler("a2", "a.go", 70, 10),
		filler("z0", "z.go", 1, 10),
	}
	req := pkRequest(10000)
	req.Counter = bfCounter{}
	alone, err := Assemble(ranked, req)
	if err != nil {
		t.Fatal(err)
	}
	req.Budget = alone.TokenCount + 5
	p, err := Assemble(slices.Concat(ranked, rest), req)
	if err != nil {
		t.Fatal(err)
	}
	in := pkIncluded(p)
	if in["a1"].Level != engine.LevelFull || in["b1"].Level != engine.LevelFull || len(in) != 2 {
		t.Errorf("room for the ranked blocks: packed %+v", in)
	}
	if len(p.LeftOut) != 0 {
		t.Errorf("fillers reported as left out: %+v", p.LeftOut)
	}
	// A filler that repeats a ranked block is folded into it, and not
	// reported either.
	twin := rest[1]
	twin.ID, twin.Block.StartLine, twin.Block.EndLine = "a1-twin", ranked[0].Block.StartLine, ranked[0].Block.EndLine
	twin.Text = ranked[0].Text
	withTwin, err := Assemble(slices.Concat(ranked, []engine.Candidate{twin}), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(withTwin.Merges) != 1 || len(withTwin.LeftOut) != 0 {
		t.Errorf("a filler repeating a1: merges %+v, left out %+v", withTwin.Merges, withTwin.LeftOut)
	}
	// With the code source off, the ranked blocks are reported, not the
	// fillers.
	off := req
	off.Disabled = map[engine.Source]bool{engine.SourceCode: true}
	none, err := Assemble(slices.Concat(ranked, rest), off)
	if err != nil {
		t.Fatal(err)
	}
	if len(none.LeftOut) != len(ranked) {
		t.Errorf("code off: left out %d, want the %d ranked blocks alone", len(none.LeftOut), len(ranked))
	}

	a0 := rest[1]
	a0.Filler = false
	req.Budget = 10000
	withA0, err := Assemble(slices.Concat(ranked, []engine.Candidate{a0}), req)
	if err != nil {
		t.Fatal(err)
	}
	req.Budget = withA0.TokenCount + (withA0.TokenCount-alone.TokenCount)*3/2 // about two fillers
	p, err = Assemble(slices.Concat(ranked, rest), req)
	if err != nil {
		t.Fatal(err)
	}
	in = pkIncluded(p)
	if _, ok := in["a0"]; !ok {
		t.Fatalf("room for two fillers: a.go's first is not packed: %+v", in)
	}
	if _, ok := in["a2"]; !ok {
		t.Errorf("a.go's second filler is not packed before b.go's: %+v", in)
	}
	if _, ok := in["b0"]; ok {
		t.Errorf("b.go's filler went in before a.go's were all in: %+v", in)
	}

	req.Budget = 100000
	p, err = Assemble(slices.Concat(ranked, rest), req)
	if err != nil {
		t.Fatal(err)
	}
	in = pkIncluded(p)
	if _, ok := in["b0"]; !ok {
		t.Errorf("room for everything: b.go's filler is not packed: %+v", in)
	}
	if _, ok := in["z0"]; ok {
		t.Errorf("a filler of a file with nothing packed went in: %+v", in)
	}
}

// TestLeftoverLiftsANeighbourToItsCode: a graph neighbour comes at its
// signature (the source's ceiling). When every candidate has its place and
// budget is left, it shows its code; when the room is tight it stays at
// its signature, and a level a person chose is never lifted.
func TestLeftoverLiftsANeighbourToItsCode(t *testing.T) {
	best := bfCand("best", "a.go", 1, 20, 1.0)
	nb := bfCand("nb", "b.go", 1, 20, 0.4)
	nb.Level = engine.LevelSignature
	req := pkRequest(100000)
	req.Counter = bfCounter{}
	p, err := Assemble([]engine.Candidate{best, nb}, req)
	if err != nil {
		t.Fatal(err)
	}
	if lv := pkIncluded(p)["nb"].Level; lv != engine.LevelFull {
		t.Errorf("budget to spare: the neighbour is packed at %v, want full", lv)
	}
	alone, err := Assemble([]engine.Candidate{best}, req)
	if err != nil {
		t.Fatal(err)
	}
	req.Budget = alone.TokenCount + 40 // the neighbour's signature, not its code
	p, err = Assemble([]engine.Candidate{best, nb}, req)
	if err != nil {
		t.Fatal(err)
	}
	if lv := pkIncluded(p)["nb"].Level; lv != engine.LevelSignature {
		t.Errorf("tight room: the neighbour is packed at %v, want its signature", lv)
	}
	req.Budget = 100000
	req.Levels = map[string]engine.Level{"nb": engine.LevelSignature}
	p, err = Assemble([]engine.Candidate{best, nb}, req)
	if err != nil {
		t.Fatal(err)
	}
	if lv := pkIncluded(p)["nb"].Level; lv != engine.LevelSignature {
		t.Errorf("a person chose the signature: packed at %v", lv)
	}
}

// TestFillersHoldingTheQueryGoFirst: with room for one of a file's
// fillers, the one whose lines hold a word of the query goes in, not the
// one above it in the file that holds none.
func TestFillersHoldingTheQueryGoFirst(t *testing.T) {
	ranked := bfCand("a1", "a.go", 40, 20, 1.0)
	ranked.Text = strings.Replace(ranked.Text, "line of a1", "retry the payment", 1)
	top := filler("a0", "a.go", 1, 10)
	about := filler("a2", "a.go", 70, 10)
	about.Text = strings.Replace(about.Text, "line of a2", "payment backoff", 1)
	req := pkRequest(10000)
	req.Query = "retry failed payment with backoff"
	req.Counter = bfCounter{}
	one, err := Assemble([]engine.Candidate{ranked, about}, req)
	if err != nil {
		t.Fatal(err)
	}
	req.Budget = one.TokenCount + 5
	p, err := Assemble([]engine.Candidate{ranked, top, about}, req)
	if err != nil {
		t.Fatal(err)
	}
	in := pkIncluded(p)
	if _, ok := in["a2"]; !ok {
		t.Errorf("room for one filler: the one holding the query's words is not packed: %+v", in)
	}
	if _, ok := in["a0"]; ok {
		t.Errorf("room for one filler: the file's first block went in: %+v", in)
	}
}
