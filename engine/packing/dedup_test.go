package packing

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

func pkCand(id string, src engine.Source, path string, start, end int, score float64, text string) engine.Candidate {
	return engine.Candidate{ID: id, Source: src, Score: score, Text: text,
		Block: index.Block{Path: path, StartLine: start, EndLine: end, Kind: index.KindFunction, Name: id}}
}

func pkWords(n int, seed string) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "%s%d ", seed, i)
		if i%8 == 7 {
			sb.WriteString("\n")
		}
	}
	return sb.String()
}

func TestDedup(t *testing.T) {
	base := pkWords(200, "w")
	near := strings.Replace(base, "w100 ", "changed ", 1) // one word of 200: > 90 % alike
	far := pkWords(200, "v")
	tests := []struct {
		name      string
		in        []engine.Candidate
		wantKept  []string
		wantMerge []Merge
	}{
		{"same range keeps the best score",
			[]engine.Candidate{pkCand("a", engine.SourceCode, "f.go", 1, 10, 1, "x"), pkCand("b", engine.SourceCode, "f.go", 1, 10, 2, "y")},
			[]string{"b"}, []Merge{{Kept: "b", Dropped: "a", Why: "same range"}}},
		{"inside: the finer stays",
			[]engine.Candidate{pkCand("outer", engine.SourceCode, "f.go", 1, 50, 2, "x"), pkCand("inner", engine.SourceCode, "f.go", 10, 20, 1.5, "y")},
			[]string{"inner"}, []Merge{{Kept: "inner", Dropped: "outer", Why: "contains inner"}}},
		{"inside: a clearly better container stays",
			[]engine.Candidate{pkCand("outer", engine.SourceCode, "f.go", 1, 50, 3, "x"), pkCand("inner", engine.SourceCode, "f.go", 10, 20, 2, "y")},
			[]string{"outer"}, []Merge{{Kept: "outer", Dropped: "inner", Why: "inside outer"}}},
		{"container below the finer block goes",
			[]engine.Candidate{pkCand("outer", engine.SourceCode, "f.go", 1, 50, 1, "x"), pkCand("inner", engine.SourceCode, "f.go", 10, 20, 2, "y")},
			[]string{"inner"}, []Merge{{Kept: "inner", Dropped: "outer", Why: "contains inner"}}},
		{"a change hunk inside a code block",
			[]engine.Candidate{pkCand("fn", engine.SourceCode, "f.go", 1, 50, 1, "x"), pkCand("hunk", engine.SourceChanges, "f.go", 12, 14, 1, "+y")},
			[]string{"hunk"}, []Merge{{Kept: "hunk", Dropped: "fn", Why: "contains hunk"}}},
		{"other files and disjoint ranges stay",
			[]engine.Candidate{pkCand("a", engine.SourceCode, "f.go", 1, 10, 1, "x"), pkCand("b", engine.SourceCode, "g.go", 1, 10, 1, "y"), pkCand("c", engine.SourceCode, "f.go", 11, 20, 1, "z")},
			[]string{"a", "b", "c"}, nil},
		{"near-duplicate text",
			[]engine.Candidate{pkCand("a", engine.SourceCode, "a.go", 1, 10, 1, base), pkCand("b", engine.SourceDocs, "b.md", 1, 10, 2, near), pkCand("c", engine.SourceCode, "c.go", 1, 10, 3, far)},
			[]string{"b", "c"}, []Merge{{Kept: "b", Dropped: "a", Why: "94% alike"}}},
		{"a commit and the change it shows",
			[]engine.Candidate{
				{ID: "commit", Source: engine.SourceCommits, Score: 2, Text: "fix\n+x\n", Meta: map[string]string{"sha": "abcdef123456"}, Block: index.Block{Kind: index.KindCommit}},
				{ID: "change", Source: engine.SourceChanges, Score: 1, Text: "+x", Meta: map[string]string{"sha": "abcdef123456"}, Block: index.Block{Kind: index.KindHunk}},
			},
			[]string{"commit"}, []Merge{{Kept: "commit", Dropped: "change", Why: "shown in commit abcdef1"}}},
		{"a better change never takes the commit's message away",
			[]engine.Candidate{
				{ID: "commit", Source: engine.SourceCommits, Score: 1, Text: "fix\n+x\n", Meta: map[string]string{"sha": "abcdef123456"}, Block: index.Block{Kind: index.KindCommit}},
				{ID: "change", Source: engine.SourceChanges, Score: 2, Text: "+x", Meta: map[string]string{"sha": "abcdef123456"}, Block: index.Block{Kind: index.KindHunk}},
			},
			[]string{"commit"}, []Merge{{Kept: "commit", Dropped: "change", Why: "shown in commit abcdef1"}}},
		{"a change the commit does not show stays",
			[]engine.Candidate{
				{ID: "commit", Source: engine.SourceCommits, Score: 2, Text: "fix", Meta: map[string]string{"sha": "abcdef123456"}, Block: index.Block{Kind: index.KindCommit}},
				{ID: "change", Source: engine.SourceChanges, Score: 1, Text: "+x", Meta: map[string]string{"sha": "abcdef123456"}, Block: index.Block{Kind: index.KindHunk}},
			},
			[]string{"commit", "change"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kept, merges := Dedup(tc.in)
			var ids []string
			for _, c := range kept {
				ids = append(ids, c.ID)
			}
			if !reflect.DeepEqual(ids, tc.wantKept) {
				t.Errorf("kept %v, want %v", ids, tc.wantKept)
			}
			if !reflect.DeepEqual(merges, tc.wantMerge) {
				t.Errorf("merges %v, want %v", merges, tc.wantMerge)
			}
		})
	}
}

func TestDedupDeterministic(t *testing.T) {
	var in []engine.Candidate
	for i := range 60 {
		text := pkWords(30+i%5, fmt.Sprintf("t%d_", i%7))
		in = append(in, pkCand(fmt.Sprintf("c%02d", i), engine.SourceCode, fmt.Sprintf("f%d.go", i%4), 1+i%9, 5+i%13, float64(i%6), text))
	}
	kept, merges := Dedup(in)
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		sh := append([]engine.Candidate(nil), in...)
		r.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
		k2, m2 := Dedup(sh)
		if !pkSameIDs(kept, k2) || !reflect.DeepEqual(merges, m2) {
			t.Fatalf("dedup depends on input order")
		}
	}
}

func pkSameIDs(a, b []engine.Candidate) bool {
	set := map[string]bool{}
	for _, c := range a {
		set[c.ID] = true
	}
	for _, c := range b {
		if !set[c.ID] {
			return false
		}
	}
	return len(a) == len(b)
}

func TestResolveMerges(t *testing.T) {
	got := resolveMerges([]Merge{{Kept: "b", Dropped: "a"}, {Kept: "c", Dropped: "b"}})
	if got["a"] != "c" || got["b"] != "c" {
		t.Errorf("chains not followed: %v", got)
	}
}

func TestNearDuplicates(t *testing.T) {
	long := pkWords(300, "w")
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"long, one word changed", long, strings.Replace(long, "w150 ", "x ", 1), true},
		{"long, half", long, long[:len(long)/2], false},
		{"long, unrelated", long, pkWords(300, "v"), false},
		{"short, one word added", pkWords(60, "s"), pkWords(60, "s") + "extra", true},
		{"short, a third changed", pkWords(30, "s"), pkWords(20, "s") + pkWords(10, "z"), false},
		{"short against long, one word apart", pkWords(63, "m"), pkWords(63, "m") + "extra", true},
		{"identical tiny texts", "a b", "a b", true},
		{"empty texts are never alike", "", " ", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kept, _ := Dedup([]engine.Candidate{pkCand("a", engine.SourceCode, "", 0, 0, 2, tc.a), pkCand("b", engine.SourceDocs, "", 0, 0, 1, tc.b)})
			if got := len(kept) == 1; got != tc.want {
				t.Errorf("near-duplicate = %v, want %v", got, tc.want)
			}
		})
	}
}
