package packing

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// pkCounter is a fake tokenizer: a token per 4 bytes, rounded up, so it is
// not additive (like BPE).
type pkCounter struct{}

func (pkCounter) Name() string       { return "fake" }
func (pkCounter) Count(s string) int { return (len(s) + 3) / 4 }

// pkFormat is a fake formatter with parts.
type pkFormat struct{}

func (pkFormat) Name() string { return "fake" }
func (f pkFormat) Render(p *Pack) string {
	var sb strings.Builder
	var last engine.Source
	for _, it := range p.Items {
		if it.Source != last {
			sb.WriteString(f.RenderGroup(it.Source))
			last = it.Source
		}
		sb.WriteString(f.RenderItem(it))
	}
	fmt.Fprintf(&sb, "%d blocks, %d of %d tokens, %d out\n", len(p.Items), p.TokenCount, p.Available, len(p.LeftOut))
	return sb.String()
}
func (pkFormat) RenderGroup(s engine.Source) string { return "[" + string(s) + "]\n" }
func (pkFormat) RenderItem(it Item) string {
	s := "# " + it.ID + " " + it.Level.String() + "\n"
	if it.Level != engine.LevelReference {
		s += it.Body
	}
	return s
}

// pkWhole is the fake formatter without parts: the packer measures blocks
// by rendering whole packs.
type pkWhole struct{}

func (pkWhole) Name() string          { return "whole" }
func (pkWhole) Render(p *Pack) string { return pkFormat{}.Render(p) }

func pkCode(id string, score float64, nLines int) engine.Candidate {
	c := pkCand(id, engine.SourceCode, id+".go", 1, nLines, score, pkLines(nLines, "\tline of "+id))
	c.Block.Signature = "func " + id + "()"
	c.Text = "func " + id + "() {\n" + c.Text
	return c
}

func pkSet() []engine.Candidate {
	return []engine.Candidate{
		pkCode("alpha", 5, 40), pkCode("beta", 4, 10), pkCode("gamma", 3, 200), pkCode("delta", 2, 5),
		pkCand("readme", engine.SourceDocs, "README.md", 1, 30, 2.5, pkWords(120, "doc")),
		{ID: "n1", Source: engine.SourceNotes, Score: 1, Text: "prefer small functions\n", Block: index.Block{Kind: index.KindNote, Name: "style"}},
		pkCand("hunk", engine.SourceChanges, "x.go", 3, 9, 1.5, "+added\n-removed\n"),
	}
}

func pkRequest(budget int) PackRequest {
	return PackRequest{Query: "q", Budget: budget, Counter: pkCounter{}, Formatter: pkFormat{}}
}

func pkIncluded(p *Pack) map[string]Item {
	m := map[string]Item{}
	for _, it := range p.Items {
		m[it.ID] = it
	}
	return m
}

func TestAssembleBudgetHolds(t *testing.T) {
	for _, f := range []Formatter{pkFormat{}, pkWhole{}} {
		for _, b := range []int{40, 60, 100, 200, 400, 800, 1600, 5000} {
			t.Run(fmt.Sprintf("%s/%d", f.Name(), b), func(t *testing.T) {
				req := pkRequest(b)
				req.Formatter = f
				req.Reserves = Reserves{Completion: b / 10}
				p, err := Assemble(pkSet(), req)
				if err != nil {
					t.Fatal(err)
				}
				n := req.Counter.Count(f.Render(p))
				if n > req.Budget-req.Reserves.Total() || n != p.TokenCount {
					t.Errorf("rendered %d tokens (pack says %d), available %d", n, p.TokenCount, p.Available)
				}
				if len(p.Items)+len(p.LeftOut) != len(pkSet()) {
					t.Errorf("%d packed + %d left out != %d candidates", len(p.Items), len(p.LeftOut), len(pkSet()))
				}
			})
		}
	}
}

func TestAssembleBudgetTooSmall(t *testing.T) {
	for _, b := range []int{-5, 0, 3} {
		req := pkRequest(b)
		req.Reserves = Reserves{Instruction: 2}
		_, err := Assemble(pkSet(), req)
		if !errors.Is(err, ErrBudgetTooSmall) {
			t.Fatalf("budget %d: err = %v, want ErrBudgetTooSmall", b, err)
		}
		var be *BudgetError
		if !errors.As(err, &be) {
			t.Fatalf("not a *BudgetError: %v", err)
		}
		want := regexp.MustCompile(fmt.Sprintf(`^engine: pack: budget %d is below the \d+-token minimum for fake$`, b))
		if !want.MatchString(err.Error()) {
			t.Errorf("message %q", err)
		}
		req.Budget = be.Minimum
		if _, err := Assemble(pkSet(), req); err != nil {
			t.Errorf("the stated minimum %d fails: %v", be.Minimum, err)
		}
	}
}

func TestAssembleNeedsCounterAndFormatter(t *testing.T) {
	if _, err := Assemble(nil, PackRequest{Budget: 100}); err == nil {
		t.Error("no error without counter and formatter")
	}
}

func TestAssembleEmpty(t *testing.T) {
	p, err := Assemble(nil, pkRequest(100))
	if err != nil || len(p.Items) != 0 || len(p.LeftOut) != 0 {
		t.Fatalf("empty pack: %+v, %v", p, err)
	}
}

func TestAssembleCuration(t *testing.T) {
	req := pkRequest(260)
	req.Pins = map[string]bool{"gamma": true, "delta": true}
	req.Drops = map[string]bool{"alpha": true, "delta": true}
	req.Disabled = map[engine.Source]bool{engine.SourceDocs: true}
	req.Levels = map[string]engine.Level{"beta": engine.LevelSignature}
	p, err := Assemble(pkSet(), req)
	if err != nil {
		t.Fatal(err)
	}
	in := pkIncluded(p)
	if it, ok := in["gamma"]; !ok || !it.Pinned {
		t.Errorf("pinned gamma missing or not marked: %+v", in)
	}
	if _, ok := in["alpha"]; ok {
		t.Error("dropped alpha packed")
	}
	if _, ok := in["delta"]; ok {
		t.Error("pinned and dropped delta packed: drops win")
	}
	if it := in["beta"]; it.Level != engine.LevelSignature {
		t.Errorf("beta at %v, want the override signature", it.Level)
	}
	reasons := map[string]string{}
	for _, l := range p.LeftOut {
		reasons[l.ID] = l.Reason()
	}
	if reasons["alpha"] != "dropped" || reasons["readme"] != "source off" {
		t.Errorf("reasons %v", reasons)
	}
}

func TestAssemblePinsDegradeThenWarn(t *testing.T) {
	req := pkRequest(120)
	req.Pins = map[string]bool{"gamma": true, "alpha": true}
	p, err := Assemble(pkSet(), req)
	if err != nil {
		t.Fatal(err)
	}
	in := pkIncluded(p)
	for _, id := range []string{"gamma", "alpha"} {
		it, ok := in[id]
		if !ok {
			if len(p.Warnings) == 0 {
				t.Errorf("pin %s left out without a warning", id)
			}
			continue
		}
		if it.Level == engine.LevelFull || it.Note == "" {
			t.Errorf("pin %s not degraded with a note: %v %q", id, it.Level, it.Note)
		}
	}
}

func TestAssembleKeepAndCap(t *testing.T) {
	cands := pkSet()
	low := pkCode("lowkeep", 0.01, 30)
	low.Keep = true
	cands = append(cands, low)
	p, err := Assemble(cands, pkRequest(700))
	if err != nil {
		t.Fatal(err)
	}
	in := pkIncluded(p)
	if _, ok := in["lowkeep"]; !ok {
		t.Error("keep block left out")
	}
	if g, ok := in["gamma"]; !ok || g.Level == engine.LevelFull || g.Tokens > int(float64(p.Available)*blockShare)+headerEstimate {
		t.Errorf("gamma (200 lines) not degraded under the cap: %+v %d tokens of %d", g.Level, g.Tokens, p.Available)
	}
}

func TestAssembleOrderAndTies(t *testing.T) {
	cands := []engine.Candidate{
		pkCand("z", engine.SourceCode, "b.go", 5, 6, 1, "z\n"),
		pkCand("y", engine.SourceCode, "a.go", 9, 10, 1, "y\n"),
		pkCand("x", engine.SourceCode, "a.go", 1, 2, 1, "x\n"),
		pkCand("top", engine.SourceCode, "c.go", 1, 2, 9, "t\n"),
		pkCand("d", engine.SourceDiagnostics, "d.go", 1, 1, 0.1, "err\n"),
		pkCand("doc", engine.SourceDocs, "r.md", 1, 2, 5, "doc\n"),
	}
	p, err := Assemble(cands, pkRequest(1000))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range p.Items {
		got = append(got, it.ID)
	}
	want := "d top x y z doc"
	if strings.Join(got, " ") != want {
		t.Errorf("order %v, want %s", got, want)
	}
	req := pkRequest(1000)
	req.Order = []engine.Source{engine.SourceDocs, engine.SourceCode}
	p, _ = Assemble(cands, req)
	if p.Items[0].ID != "doc" || p.Items[len(p.Items)-1].ID != "d" {
		t.Errorf("custom order not followed: first %s last %s", p.Items[0].ID, p.Items[len(p.Items)-1].ID)
	}
}

func TestAssembleDuplicatesLeftOut(t *testing.T) {
	cands := []engine.Candidate{pkCand("a", engine.SourceCode, "f.go", 1, 9, 2, "a\n"), pkCand("b", engine.SourceCode, "f.go", 1, 9, 1, "b\n")}
	p, err := Assemble(cands, pkRequest(500))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.LeftOut) != 1 || p.LeftOut[0].Reason() != "duplicate of a" || len(p.Merges) != 1 {
		t.Errorf("left out %+v merges %+v", p.LeftOut, p.Merges)
	}
}

func TestAssembleDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	cands := pkSet()
	for i := range 30 {
		cands = append(cands, pkCode(fmt.Sprintf("f%02d", i), float64(i%4), 5+i*3))
	}
	req := pkRequest(900)
	first, err := Assemble(cands, req)
	if err != nil {
		t.Fatal(err)
	}
	want := pkFormat{}.Render(first)
	for range 5 {
		sh := append([]engine.Candidate(nil), cands...)
		r.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
		p, _ := Assemble(sh, req)
		if got := (pkFormat{}).Render(p); got != want {
			t.Fatalf("output depends on input order:\n%s\nvs\n%s", got, want)
		}
	}
}

func TestAssembleCarriesWarnings(t *testing.T) {
	req := pkRequest(500)
	req.Warnings = []string{"notes: timed out"}
	p, err := Assemble(pkSet(), req)
	if err != nil || len(p.Warnings) != 1 || p.Warnings[0] != "notes: timed out" {
		t.Fatalf("warnings %v, %v", p.Warnings, err)
	}
}
