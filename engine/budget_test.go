package engine

import (
	"reflect"
	"testing"
)

func TestShareOut(t *testing.T) {
	w := map[Source]float64{SourceCode: 3, SourceDocs: 1, SourceNotes: 1}
	tests := []struct {
		name      string
		total     int
		srcs      []Source
		demand    map[Source]int
		wantShare map[Source]int
	}{
		{"by weight", 500, []Source{SourceCode, SourceDocs, SourceNotes},
			map[Source]int{SourceCode: 1000, SourceDocs: 1000, SourceNotes: 1000},
			map[Source]int{SourceCode: 300, SourceDocs: 100, SourceNotes: 100}},
		{"leftover goes to the others", 500, []Source{SourceCode, SourceDocs, SourceNotes},
			map[Source]int{SourceCode: 1000, SourceDocs: 20, SourceNotes: 1000},
			map[Source]int{SourceCode: 360, SourceDocs: 20, SourceNotes: 120}},
		{"everyone satisfied", 500, []Source{SourceCode, SourceDocs},
			map[Source]int{SourceCode: 10, SourceDocs: 20},
			map[Source]int{SourceCode: 10, SourceDocs: 20}},
		{"nothing to share", 0, []Source{SourceCode}, map[Source]int{SourceCode: 10}, map[Source]int{SourceCode: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := shareOut(tc.total, tc.srcs, w, tc.demand)
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
func bfCand(id, path string, start, n int, score float64) Candidate {
	c := pkCand(id, SourceCode, path, start, start+n-1, score, pkLines(n, "\tline of "+id))
	c.Block.Signature = "func " + id + "()"
	return c
}

// TestBestFirstKeepsAFileTogether: the second block of the file the query
// is about goes in before the best block of a file it only grazes, and the
// grazed file still gets a pointer (or a part, with what is left).
func TestBestFirstKeepsAFileTogether(t *testing.T) {
	cands := []Candidate{
		bfCand("a1", "a.go", 1, 20, 1.0),
		bfCand("b1", "b.go", 1, 20, 0.6),
		bfCand("a2", "a.go", 30, 20, 0.3),
		bfCand("a3", "a.go", 60, 20, 0.3),
	}
	req := pkRequest(10000)
	req.Counter = bfCounter{}
	three, err := Assemble([]Candidate{cands[0], cands[2], cands[3]}, req)
	if err != nil {
		t.Fatal(err)
	}
	// room for the a.go blocks in full and a reference line, not for b1 in full too
	req.Budget = three.TokenCount + 30
	p, err := Assemble(cands, req)
	if err != nil {
		t.Fatal(err)
	}
	in := pkIncluded(p)
	if in["a1"].Level != LevelFull || in["a2"].Level != LevelFull || in["a3"].Level != LevelFull {
		t.Fatalf("a.go not kept together: %+v", in)
	}
	if b, ok := in["b1"]; !ok || b.Level == LevelFull {
		t.Errorf("b.go: packed %v at %v, want a pointer or a part of it", ok, b.Level)
	}
}

// TestBestFirstWeightsAreRelative: a source's weight scales its blocks'
// priority against the heaviest source, so doubling the docs weight lets
// a docs block of equal score in before code.
func TestBestFirstWeightsAreRelative(t *testing.T) {
	code := bfCand("code", "a.go", 1, 30, 1.0)
	doc := pkCand("doc", SourceDocs, "guide.md", 1, 30, 1.0, pkWords(150, "guide"))
	one, err := Assemble([]Candidate{code}, pkRequest(10000))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		docs float64
		want string
	}{{1, "code"}, {6, "doc"}} {
		req := pkRequest(one.TokenCount + 60)
		req.Weights = map[Source]float64{SourceCode: 3, SourceDocs: tc.docs}
		p, err := Assemble([]Candidate{code, doc}, req)
		if err != nil {
			t.Fatal(err)
		}
		if it := pkIncluded(p)[tc.want]; it.Level == LevelReference || it.Body == "" {
			t.Errorf("docs weight %v: %s not packed with its text: %+v", tc.docs, tc.want, pkIncluded(p))
		}
	}
}

// TestBestFirstScoresAboveOneAreCapped: a follower's bonus lifted a commit
// to 1.75; its priority still counts at most 1, so the best code of the
// heavier source comes first.
func TestBestFirstScoresAboveOneAreCapped(t *testing.T) {
	p := newPacker(PackRequest{Weights: map[Source]float64{SourceCode: 3, SourceCommits: 2}})
	p.cands = []Candidate{
		pkCand("c1", SourceCommits, "", 0, 0, 1.75, "extend the budget\n"),
		bfCand("code", "a.go", 1, 30, 1.0),
	}
	pr := p.priorities()
	if pr[1] <= pr[0] {
		t.Errorf("priorities: commit %.3f, code %.3f: the commit comes first", pr[0], pr[1])
	}
}
