package packing

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

func TestShareOut(t *testing.T) {
	w := map[engine.Source]float64{engine.SourceCode: 3, engine.SourceDocs: 1, engine.SourceNotes: 1}
	tests := []struct {
		name      string
		total     int
		srcs      []engine.Source
		demand    map[engine.Source]int
		wantShare map[engine.Source]int
	}{
		{"by weight", 500, []engine.Source{engine.SourceCode, engine.SourceDocs, engine.SourceNotes},
			map[engine.Source]int{engine.SourceCode: 1000, engine.SourceDocs: 1000, engine.SourceNotes: 1000},
			map[engine.Source]int{engine.SourceCode: 300, engine.SourceDocs: 100, engine.SourceNotes: 100}},
		{"leftover goes to the others", 500, []engine.Source{engine.SourceCode, engine.SourceDocs, engine.SourceNotes},
			map[engine.Source]int{engine.SourceCode: 1000, engine.SourceDocs: 20, engine.SourceNotes: 1000},
			map[engine.Source]int{engine.SourceCode: 360, engine.SourceDocs: 20, engine.SourceNotes: 120}},
		{"everyone satisfied", 500, []engine.Source{engine.SourceCode, engine.SourceDocs},
			map[engine.Source]int{engine.SourceCode: 10, engine.SourceDocs: 20},
			map[engine.Source]int{engine.SourceCode: 10, engine.SourceDocs: 20}},
		{"nothing to share", 0, []engine.Source{engine.SourceCode}, map[engine.Source]int{engine.SourceCode: 10}, map[engine.Source]int{engine.SourceCode: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := shareOut(tc.total, tc.srcs, w, tc.demand)
			if !reflect.DeepEqual(got, tc.wantShare) {
				t.Errorf("shares %v, want %v", got, tc.wantShare)
			}
		})
	}
}

// bfCounter counts about as the packer estimates code (2.65 bytes a
// token), so that estimates do not hide the levels a test is about.
type bfCounter struct{}

func (bfCounter) Name() string       { return "fake3" }
func (bfCounter) Count(s string) int { return (len(s) + 2) / 3 }

// bfCand is a code block of n lines in path, at lines start..start+n-1.
func bfCand(id, path string, start, n int, score float64) engine.Candidate {
	c := pkCand(id, engine.SourceCode, path, start, start+n-1, score, pkLines(n, "\tline of "+id))
	c.Block.Signature = "func " + id + "()"
	return c
}

// TestBestFirstKeepsAFileTogether: the second block of the file the query
// is about goes in before the best block of a file it only grazes, and the
// grazed file still gets a pointer (or a part, with what is left). b.go's
// best scores .7, more than twice a.go's weaker blocks: with fileAffinity
// 1 (priority .3+1 against .7+.7) it went in first.
func TestBestFirstKeepsAFileTogether(t *testing.T) {
	// room for the a.go blocks in full and a reference line, not for b1 in full too
	in := packRoomForThree(t, "q", bfCand("a1", "a.go", 1, 20, 1.0), bfCand("a2", "a.go", 30, 20, 0.3),
		bfCand("a3", "a.go", 60, 20, 0.3), bfCand("b1", "b.go", 1, 20, 0.7))
	if in["a1"].Level != engine.LevelFull || in["a2"].Level != engine.LevelFull || in["a3"].Level != engine.LevelFull {
		t.Fatalf("a.go not kept together: %+v", in)
	}
	if b, ok := in["b1"]; !ok || b.Level == engine.LevelFull {
		t.Errorf("b.go: packed %v at %v, want a pointer or a part of it", ok, b.Level)
	}
}

// TestBlocksWithoutTheQueryWaitBehindTheNextFile: a block of the best file
// that holds none of the query's words (a.go's helpers) keeps only
// unmatchedAffinity of the file's pull, so the next file's block that
// holds them (b.go's retry) goes in first. With the whole fileAffinity
// (priority .3+2 against .7+1.4) both helpers went in first and b1 got a
// reference line.
func TestBlocksWithoutTheQueryWaitBehindTheNextFile(t *testing.T) {
	a1, b1 := wordCand("a1", "a.go", 1, 1.0, "retry"), wordCand("b1", "b.go", 1, 0.7, "retry")
	a2, a3 := wordCand("a2", "a.go", 30, 0.3, "helper"), wordCand("a3", "a.go", 60, 0.3, "helper")
	in := packRoomForThree(t, "retry the payment", a1, b1, a2, a3)
	if in["a1"].Level != engine.LevelFull || in["b1"].Level != engine.LevelFull {
		t.Errorf("want a1 and b1 in full: a1 %v, b1 %v, a2 %v, a3 %v", in["a1"].Level, in["b1"].Level, in["a2"].Level, in["a3"].Level)
	}
}

// TestATestFileDoesNotCrowdOutTheCode: a query that pastes test output
// names the test file, whose best test then pulls its file's many weaker
// tests in after it. Each further test keeps testAffinityDecay of the pull
// the one before it kept, so the code's block (b.go, .6) goes in second.
// With the whole pull (priority .01+2 against .6+1.2) the five weak tests
// went in before it, as cobra's args_test.go did (39 tests at 4k).
func TestATestFileDoesNotCrowdOutTheCode(t *testing.T) {
	cand := func(id, path string, start int, score float64) engine.Candidate {
		c := pkCand(id, engine.SourceCode, path, start, start+19, score, pkLines(20, "\targs check of "+id))
		c.Block.Signature = "func " + id + "()"
		c.Block.Test = path == "a_test.go"
		return c
	}
	cands := []engine.Candidate{cand("t1", "a_test.go", 1, 1.0), cand("b1", "b.go", 1, 0.6)}
	for i := 2; i <= 6; i++ {
		cands = append(cands, cand(fmt.Sprintf("t%d", i), "a_test.go", 30*i, 0.01))
	}
	req := pkRequest(10000)
	req.Query, req.Counter = "args check fails", bfCounter{}
	three, err := Assemble(cands[:3], req)
	if err != nil {
		t.Fatal(err)
	}
	req.Budget = three.TokenCount + 30 // three blocks in full and a reference line
	p, err := Assemble(cands, req)
	if err != nil {
		t.Fatal(err)
	}
	in := pkIncluded(p)
	if in["t1"].Level != engine.LevelFull || in["b1"].Level != engine.LevelFull {
		t.Errorf("want t1 and b1 in full: t1 %v, b1 %v, t2 %v, t3 %v", in["t1"].Level, in["b1"].Level, in["t2"].Level, in["t3"].Level)
	}
}

// roomForOne is a request whose budget holds the pack of c alone and 60
// tokens more: about one block of a test's two.
func roomForOne(t *testing.T, c engine.Candidate) PackRequest {
	t.Helper()
	one, err := Assemble([]engine.Candidate{c}, pkRequest(10000))
	if err != nil {
		t.Fatal(err)
	}
	return pkRequest(one.TokenCount + 60)
}

// TestBestFirstWeightsAreRelative: a source's weight scales its blocks'
// priority against the heaviest source, so doubling the docs weight lets
// a docs block of equal score in before code.
func TestBestFirstWeightsAreRelative(t *testing.T) {
	code := bfCand("code", "a.go", 1, 30, 1.0)
	doc := pkCand("doc", engine.SourceDocs, "guide.md", 1, 30, 1.0, pkWords(150, "guide"))
	for _, tc := range []struct {
		docs float64
		want string
	}{{1, "code"}, {6, "doc"}} {
		req := roomForOne(t, code)
		req.Weights = map[engine.Source]float64{engine.SourceCode: 3, engine.SourceDocs: tc.docs}
		p, err := Assemble([]engine.Candidate{code, doc}, req)
		if err != nil {
			t.Fatal(err)
		}
		if it := pkIncluded(p)[tc.want]; it.Level == engine.LevelReference || it.Body == "" {
			t.Errorf("docs weight %v: %s not packed with its text: %+v", tc.docs, tc.want, pkIncluded(p))
		}
	}
}

// TestLeftoverGoesPastTheBlockCap: two blocks and room for about one. The
// cap (blockShare of the room) keeps either from going in whole while the
// other is placed; what is left afterwards is not held to it. Before, the
// leftover pass kept the cap and the pack used 33 of its 201 tokens.
func TestLeftoverGoesPastTheBlockCap(t *testing.T) {
	code := bfCand("code", "a.go", 1, 30, 1.0)
	doc := pkCand("doc", engine.SourceDocs, "guide.md", 1, 30, 0.9, pkWords(40, "guide"))
	req := roomForOne(t, code)
	p, err := Assemble([]engine.Candidate{code, doc}, req)
	if err != nil {
		t.Fatal(err)
	}
	if p.TokenCount*2 < req.Budget {
		t.Errorf("the pack uses %d of %d tokens: %+v", p.TokenCount, req.Budget, pkIncluded(p))
	}
}

// TestBestFirstScoresAboveOneAreCapped: a follower's bonus lifted a commit
// to 1.75; its priority still counts at most 1, so the best code of the
// heavier source comes first.
func TestBestFirstScoresAboveOneAreCapped(t *testing.T) {
	p := newPacker(PackRequest{Weights: map[engine.Source]float64{engine.SourceCode: 3, engine.SourceCommits: 2}})
	p.cands = []engine.Candidate{
		pkCand("c1", engine.SourceCommits, "", 0, 0, 1.75, "extend the budget\n"),
		bfCand("code", "a.go", 1, 30, 1.0),
	}
	p.weighLines() // as Assemble does before the priorities
	pr := p.priorities()
	if pr[1] <= pr[0] {
		t.Errorf("priorities: commit %.3f, code %.3f: the commit comes first", pr[0], pr[1])
	}
}

// TestPointerReserveIsBounded: the pointer reserve is pointerShare of the
// room, but never more than maxPointerTokens: at 16k tokens the share
// alone held back room for some 95 reference lines.
func TestPointerReserveIsBounded(t *testing.T) {
	p := newPacker(pkRequest(10000))
	var order []int
	for i := range 200 {
		p.cands = append(p.cands, bfCand(fmt.Sprintf("f%d", i), fmt.Sprintf("pkg/file%03d.go", i), 1, 5, 1))
		order = append(order, i)
	}
	if got := p.pointerReserve(2000, order); got != int(2000*pointerShare) {
		t.Errorf("reserve of 2000: %d, want the share %d", got, int(2000*pointerShare))
	}
	if got := p.pointerReserve(16000, order); got != maxPointerTokens {
		t.Errorf("reserve of 16000: %d, want the bound %d", got, maxPointerTokens)
	}
}

// TestABlockWithANewQueryWordCountsAsItsFileBest: of the best file's
// weaker blocks, the one that holds a query word its better blocks lack
// (a3's delay) goes in, though a2, which only repeats them, scores
// higher: a3 takes the file's best score as its own (priority 1+2, against
// .3+2 for a2 and .77+1.54 for b.go's best). Without that, a2 and b1 went
// in and a3 got a reference line.
func TestABlockWithANewQueryWordCountsAsItsFileBest(t *testing.T) {
	a1, b1 := wordCand("a1", "a.go", 1, 1.0, "retry"), wordCand("b1", "b.go", 1, 0.77, "retry")
	a2, a3 := wordCand("a2", "a.go", 30, 0.3, "retry"), wordCand("a3", "a.go", 60, 0.25, "delay")
	in := packRoomForThree(t, "retry the payment with a delay", a1, b1, a2, a3)
	if in["a1"].Level != engine.LevelFull || in["a3"].Level != engine.LevelFull || in["a2"].Level == engine.LevelFull {
		t.Errorf("want a1 and a3 in full, a2 not: a1 %v, a2 %v, a3 %v, b1 %v", in["a1"].Level, in["a2"].Level, in["a3"].Level, in["b1"].Level)
	}
}

// wordCand is a 20-line function block whose lines hold word.
func wordCand(id, path string, start int, score float64, word string) engine.Candidate {
	c := pkCand(id, engine.SourceCode, path, start, start+19, score, pkLines(20, "\t"+word+" step of "+id))
	c.Block.Signature = "func " + id + "()"
	return c
}

// packRoomForThree packs cands for query with room for the first three
// in full and a reference line, and returns what it packed by ID.
func packRoomForThree(t *testing.T, query string, cands ...engine.Candidate) map[string]Item {
	t.Helper()
	req := pkRequest(10000)
	req.Query, req.Counter = query, bfCounter{}
	three, err := Assemble(cands[:3], req)
	if err != nil {
		t.Fatal(err)
	}
	req.Budget = three.TokenCount + 30
	p, err := Assemble(cands, req)
	if err != nil {
		t.Fatal(err)
	}
	return pkIncluded(p)
}
