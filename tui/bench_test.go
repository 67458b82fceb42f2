package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/tokens"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/cputime"
)

// goCands builds n distinct Go-like functions of 10 to 60 lines, so that
// the packer's dedup and the tokenizer see realistic, varied text.
func goCands(n int) []engine.Candidate {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"payment", "retry", "ledger", "account", "amount", "currency", "refund", "charge",
		"invoice", "customer", "backoff", "attempt", "status", "webhook", "settle", "balance"}
	w := func() string { return words[rng.IntN(len(words))] }
	srcs := []engine.Source{engine.SourceCode, engine.SourceCode, engine.SourceTests, engine.SourceDocs, engine.SourceChanges}
	out := make([]engine.Candidate, n)
	for i := range out {
		name := fmt.Sprintf("%s%s%d", strings.ToUpper(w()[:1]), w(), i)
		var b strings.Builder
		fmt.Fprintf(&b, "func %s(ctx context.Context, %s %s) (%s, error) {\n", name, w(), "int64", "string")
		for l := 0; l < 10+rng.IntN(50); l++ {
			fmt.Fprintf(&b, "\tif %s := %s.%s(%d); %s != nil { return \"%s\", fmt.Errorf(\"%s: %%w\", err) }\n",
				w(), w(), name, rng.IntN(1000), w(), w(), w())
		}
		b.WriteString("}\n")
		path := fmt.Sprintf("pkg/%s/%s.go", w(), w())
		out[i] = engine.Candidate{
			ID: fmt.Sprintf("%s#%s", path, name), Source: srcs[i%len(srcs)], Text: b.String(),
			Score: float64(n-i) / float64(n), Reason: "name matches " + w(),
			Block: index.Block{Path: path, Lang: "go", Kind: index.KindFunction, Name: name,
				StartLine: 10, EndLine: 10 + strings.Count(b.String(), "\n")},
		}
	}
	return out
}

// benchModel is a ready explorer over 500 candidates at 120×40.
func benchModel(b *testing.B, real bool) (*harness, Model) {
	h := newHarness(b, 1)
	h.eng.byQuery["retry"] = goCands(500)
	h.deps.SessionDir = "" // session writes are off-loop file I/O, not frame work
	h.deps.Config.Budget = 8000
	if real {
		counter, err := tokens.New("o200k")
		if err != nil {
			b.Fatal(err)
		}
		h.deps.Pack, h.deps.NewFormatter, h.deps.Terminal, h.deps.Counter = packing.Assemble, nil, nil, counter
	}
	m := h.send(h.model("retry"), tea.WindowSizeMsg{Width: 120, Height: 40})
	m = h.send(m, debounceMsg{gen: m.qgen})
	if m.pack == nil || len(m.results.rows) != 500 {
		b.Fatalf("not ready: %d rows, err %v", len(m.results.rows), m.packErr)
	}
	return h, m
}

// BenchmarkRepackKey measures a curation key to the new frame: Update on
// the key, the re-pack command, Update on its result, the preview command,
// and View. The pin toggles so every iteration changes the pack.
func BenchmarkRepackKey(b *testing.B) {
	for _, real := range []bool{false, true} {
		name := "fakepack"
		if real {
			name = "assemble+render+o200k"
		}
		b.Run(name+"/cands=500", func(b *testing.B) {
			h, m := benchModel(b, real)
			m = h.send(m, keyMsg("G"))
			b.ReportAllocs()
			cpu := cputime.Self()
			for b.Loop() {
				m = h.send(m, keyMsg("p"))
				_ = m.View()
			}
			cputime.Report(b, cpu)
		})
	}
}

// BenchmarkKeyOnLoop measures only what runs on the event loop for a
// re-pack key: Update on the key, Update on the finished pack, View.
func BenchmarkKeyOnLoop(b *testing.B) {
	h, m := benchModel(b, false)
	m = h.send(m, keyMsg("G"))
	next, _ := m.Update(keyMsg("p"))
	pinned := next.(Model)
	job := packJob{gen: pinned.pgen, cands: pinned.cands, tokens: pinned.tokens, cur: pinned.cur,
		counter: pinned.deps.Counter, pack: pinned.deps.Pack, newFormatter: pinned.deps.NewFormatter}
	done := job.run()
	b.ReportAllocs()
	cpu := cputime.Self()
	for b.Loop() {
		n1, _ := m.Update(keyMsg("p"))
		n2, _ := n1.(Model).Update(done)
		_ = n2.(Model).View()
	}
	cputime.Report(b, cpu)
}

// BenchmarkView measures drawing a full 120×40 frame with 500 rows.
func BenchmarkView(b *testing.B) {
	_, m := benchModel(b, false)
	b.ReportAllocs()
	cpu := cputime.Self()
	for b.Loop() {
		_ = m.View()
	}
	cputime.Report(b, cpu)
}

// BenchmarkFirstFrame measures New, the size message, the first search
// against a ready (fake) engine, the pack and the first View.
func BenchmarkFirstFrame(b *testing.B) {
	h, _ := benchModel(b, false)
	b.ReportAllocs()
	cpu := cputime.Self()
	defer cputime.Report(b, cpu)
	for b.Loop() {
		m := h.send(h.model("retry"), tea.WindowSizeMsg{Width: 120, Height: 40})
		m = h.send(m, debounceMsg{gen: m.qgen})
		_ = m.View()
	}
}
