package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/tokens"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
)

// fixtureCands turns the payments fixture's Go and Markdown files into
// candidates: one block per file, with real text for real token counts.
func fixtureCands(t testing.TB) []engine.Candidate {
	t.Helper()
	root := filepath.Join("..", "testdata", "repos", "payments")
	var out []engine.Candidate
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := filepath.Ext(path)
		if ext != ".go" && ext != ".md" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		src, lang, kind := engine.SourceCode, "go", index.KindHeader
		if ext == ".md" {
			src, lang, kind = engine.SourceDocs, "markdown", index.KindSection
		}
		lines := strings.Count(string(b), "\n")
		out = append(out, engine.Candidate{
			ID: rel, Source: src, Text: string(b), Score: float64(100 - len(out)),
			Block:  index.Block{ID: rel, Path: rel, Lang: lang, Kind: kind, Name: filepath.Base(rel), StartLine: 1, EndLine: max(lines, 1)},
			Reason: "fixture file",
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 3 {
		t.Fatalf("fixture has %d files", len(out))
	}
	return out
}

// realHarness packs with packing.Assemble, renders with render and counts
// with the o200k tokenizer; only retrieval is fake.
func realHarness(t *testing.T, budget int) (*harness, engine.Counter) {
	h := newHarness(t, 1)
	counter, err := tokens.New("o200k")
	if err != nil {
		t.Fatal(err)
	}
	h.eng.byQuery["retry"] = fixtureCands(t)
	h.deps.Pack, h.deps.NewFormatter, h.deps.Terminal, h.deps.Counter = packing.Assemble, nil, nil, counter
	h.deps.Config.Budget, h.deps.Config.BudgetStep = budget, 500
	h.deps.Config.Style = "notty"
	return h, counter
}

func TestThroughRealPacker(t *testing.T) {
	h, counter := realHarness(t, 3000)
	m := h.ready(100, 30)
	if m.packErr != nil || len(m.pack.Items) == 0 {
		t.Fatalf("pack: %v", m.packErr)
	}
	check := func(step string, m Model) {
		t.Helper()
		if got := counter.Count(m.packText); got != m.pack.TokenCount || got > m.cur.budget {
			t.Fatalf("%s: text has %d tokens, pack says %d, budget %d", step, got, m.pack.TokenCount, m.cur.budget)
		}
		f, _ := render.New(m.cur.format)
		if f.Render(m.pack) != m.packText {
			t.Fatalf("%s: copied text is not the rendered pack", step)
		}
	}
	check("first pack", m)
	last := m.results.rows[len(m.results.rows)-1].id
	m = h.keys(m, "G", "p")
	if !packed(m.pack, last) {
		t.Fatalf("pinned %s not packed", last)
	}
	check("pinned", m)
	m = h.keys(m, "-")
	check("budget down", m)
	m = h.keys(m, "f")
	if !strings.HasPrefix(strings.TrimSpace(m.packText), "<") {
		t.Fatalf("xml text starts %q", m.packText[:min(20, len(m.packText))])
	}
	check("xml", m)
	m = h.keys(m, "f", "f", "c")
	if h.osc52[len(h.osc52)-1] != m.packText {
		t.Fatal("OSC 52 did not carry the packed text")
	}
	want := fmt.Sprintf("copied %s tokens (o200k), markdown", render.Thousands(m.pack.TokenCount))
	if m.status.msg != want {
		t.Fatalf("status %q, want %q", m.status.msg, want)
	}
	m = h.keys(m, "v")
	if view := ansi.Strip(m.View().Content); !strings.Contains(view, "context · md") {
		t.Fatalf("context preview missing:\n%s", view)
	}
}

func TestRealBudgetBelowOverhead(t *testing.T) {
	h, _ := realHarness(t, 3000)
	m := h.keys(h.ready(100, 30), "b")
	m.status.input.SetValue("5")
	m = h.keys(m, "enter")
	if m.pack != nil || !errors.Is(m.packErr, packing.ErrBudgetTooSmall) {
		t.Fatalf("err %v", m.packErr)
	}
	if !strings.Contains(m.status.msg, "budget too small") || !strings.Contains(m.status.msg, "minimum") {
		t.Fatalf("status %q", m.status.msg)
	}
	checkSize(t, m.View().Content, 100, 30)
}
