package tui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
)

func TestTypingDebouncesAndSearches(t *testing.T) {
	h := newHarness(t, 12)
	m := h.send(h.model(""), tea.WindowSizeMsg{Width: 100, Height: 30})
	if m.focus != focusQuery {
		t.Fatalf("focus = %d, want query", m.focus)
	}
	m = typeText(h, m, "retry")
	if len(h.eng.calls) != 0 {
		t.Fatal("searched before the pause")
	}
	m = h.settle(m)
	if got := len(m.results.rows); got != 12 {
		t.Fatalf("rows = %d, want 12", got)
	}
	if m.pack == nil || m.pack.TokenCount == 0 || m.pack.TokenCount > 100 {
		t.Fatalf("pack = %+v", m.pack)
	}
	// Every keystroke armed a tick, but only the tick of the last one
	// searched: "r", "re", … never reached the engine.
	if got := h.eng.calls; len(got) != 1 || got[0] != "retry" {
		t.Fatalf("engine calls = %q, want only the settled query", got)
	}
}

func TestStaleTicksAndResultsAreDropped(t *testing.T) {
	h := newHarness(t, 5)
	m := h.send(h.model(""), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = typeText(h, m, "xy")
	if len(h.held) != 2 {
		t.Fatalf("held ticks = %d", len(h.held))
	}
	if _, cmd := m.Update(h.held[0]); cmd != nil {
		t.Fatal("stale tick started work")
	}
	old := searchDoneMsg{gen: m.qgen - 1, raw: "x", retrieval: &Retrieval{Candidates: makeCands(3)}}
	m = h.send(m, old)
	if len(m.cands) != 0 {
		t.Fatal("stale search result was applied")
	}
}

func TestSupersededSearchIsCancelled(t *testing.T) {
	h := newHarness(t, 5)
	m := h.send(h.model("slow"), tea.WindowSizeMsg{Width: 100, Height: 30})
	next, cmd := m.Update(debounceMsg{gen: m.qgen})
	m = next.(Model)
	done := make(chan tea.Msg)
	go func() { done <- cmd() }()
	m.query.input.SetValue("retry")
	m = h.send(m, debounceMsg{gen: m.debounceGen()})
	msg := (<-done).(searchDoneMsg)
	if !errors.Is(msg.err, context.Canceled) || h.eng.cancelled != 1 {
		t.Fatalf("slow search not cancelled: %v", msg.err)
	}
	m = h.send(m, msg) // late and stale: ignored
	if len(m.cands) != 5 {
		t.Fatalf("cands = %d, want the new query's 5", len(m.cands))
	}
}

// debounceGen starts a new query generation as typing would.
func (m *Model) debounceGen() int {
	m.qgen++
	return m.qgen
}

func sumUsed(p *packing.Pack) int {
	n := 0
	for _, it := range p.Items {
		n += it.Tokens
	}
	return n
}

func TestCurationKeys(t *testing.T) {
	tests := []struct {
		name  string
		keys  []string
		check func(t *testing.T, before, after Model)
	}{
		{"pin the last left-out block", []string{"G", "p"}, func(t *testing.T, b, a Model) {
			id := b.results.rows[len(b.results.rows)-1].id
			if !a.cur.pins[id] || !packed(a.pack, id) {
				t.Fatalf("pinned %s not packed", id)
			}
			if r, _ := a.results.Selected(); r.id != id || r.state != statePinned {
				t.Fatalf("selection %+v", r)
			}
		}},
		{"unpin", []string{"G", "p", "p"}, func(t *testing.T, b, a Model) {
			if len(a.cur.pins) != 0 || a.pack.TokenCount != b.pack.TokenCount {
				t.Fatalf("pins %v tokens %d→%d", a.cur.pins, b.pack.TokenCount, a.pack.TokenCount)
			}
		}},
		{"drop the top block", []string{"x"}, func(t *testing.T, b, a Model) {
			id := b.results.rows[0].id
			if !a.cur.drops[id] || packed(a.pack, id) {
				t.Fatal("dropped block still packed")
			}
			if i := rowIndex(a.results.rows, id); a.results.rows[i].state != stateDropped {
				t.Fatal("row not marked dropped")
			}
		}},
		{"cycle level to focus", []string{"l"}, func(t *testing.T, b, a Model) {
			if id := b.results.rows[0].id; a.cur.levels[id] != engine.LevelFocus {
				t.Fatalf("level %v", a.cur.levels[id])
			}
		}},
		{"cycle level to head", []string{"l", "l"}, func(t *testing.T, b, a Model) {
			id := b.results.rows[0].id
			if a.cur.levels[id] != engine.LevelHead || itemOf(a.pack, id).Level != engine.LevelHead {
				t.Fatalf("level %v", a.cur.levels[id])
			}
			if itemOf(a.pack, id).Tokens >= itemOf(b.pack, id).Tokens {
				t.Fatal("head is not smaller than full")
			}
		}},
		{"level wraps to full", []string{"l", "l", "l", "l", "l", "l"}, func(t *testing.T, b, a Model) {
			if a.cur.levels[b.results.rows[0].id] != engine.LevelFull {
				t.Fatal("level did not wrap")
			}
		}},
		{"budget up", []string{"+"}, func(t *testing.T, b, a Model) {
			if a.cur.budget != 120 || a.pack.Budget != 120 || len(a.pack.Items) <= len(b.pack.Items) {
				t.Fatalf("budget %d items %d→%d", a.cur.budget, len(b.pack.Items), len(a.pack.Items))
			}
		}},
		{"budget down", []string{"-"}, func(t *testing.T, b, a Model) {
			if a.cur.budget != 80 || sumUsed(a.pack) > 80 || len(a.pack.Items) >= len(b.pack.Items) {
				t.Fatalf("budget %d used %d", a.cur.budget, sumUsed(a.pack))
			}
		}},
		{"budget never below a step", []string{"-", "-", "-", "-", "-", "-", "-"}, func(t *testing.T, b, a Model) {
			if a.cur.budget != 20 {
				t.Fatalf("budget %d", a.cur.budget)
			}
		}},
		{"grow share", []string{">"}, func(t *testing.T, b, a Model) {
			if a.cur.weights[engine.SourceCode] != 4.5 || a.pack.PerSource[engine.SourceCode].Share <= b.pack.PerSource[engine.SourceCode].Share {
				t.Fatalf("weight %v", a.cur.weights[engine.SourceCode])
			}
		}},
		{"shrink share", []string{"<"}, func(t *testing.T, b, a Model) {
			if a.cur.weights[engine.SourceCode] != 2 {
				t.Fatalf("weight %v", a.cur.weights[engine.SourceCode])
			}
		}},
		{"toggle source off", []string{"s"}, func(t *testing.T, b, a Model) {
			if !a.cur.disabled[engine.SourceCode] || a.pack.PerSource[engine.SourceCode].Included != 0 {
				t.Fatal("code still packed")
			}
			if !strings.Contains(a.status.msg, "source code off") {
				t.Fatalf("status %q", a.status.msg)
			}
		}},
		{"toggle source back on", []string{"s", "s"}, func(t *testing.T, b, a Model) {
			if a.pack.TokenCount != b.pack.TokenCount {
				t.Fatal("toggling twice changed the pack")
			}
		}},
		{"cycle format", []string{"f"}, func(t *testing.T, b, a Model) {
			if a.cur.format != "xml" || a.pack.Format != "xml" || !strings.HasPrefix(a.packText, "[xml]") {
				t.Fatalf("format %s", a.cur.format)
			}
		}},
		{"format wraps", []string{"f", "f", "f"}, func(t *testing.T, b, a Model) {
			if a.cur.format != "md" {
				t.Fatalf("format %s", a.cur.format)
			}
		}},
		{"expand adds neighbours", []string{"e"}, func(t *testing.T, b, a Model) {
			if len(a.cands) != len(b.cands)+1 || rowIndex(a.results.rows, "pay/extra.go#Callee") < 0 {
				t.Fatal("neighbour not added")
			}
			if a.status.msg != "Func000: added 1 neighbour: Callee" {
				t.Fatalf("status %q: which neighbour was added?", a.status.msg)
			}
		}},
		{"expand again says they are there", []string{"e", "e"}, func(t *testing.T, b, a Model) {
			if a.status.msg != "Func000: its one neighbour, Callee, is already a candidate" {
				t.Fatalf("status %q", a.status.msg)
			}
		}},
		{"move and page", []string{"j", "j", "k", "pgdown", "g"}, func(t *testing.T, b, a Model) {
			if a.results.cursor != 0 {
				t.Fatalf("cursor %d", a.results.cursor)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, 20)
			before := h.ready(100, 30)
			after := h.keys(before, tc.keys...)
			tc.check(t, before, after)
			if after.pack != nil && sumUsed(after.pack) > after.cur.budget {
				t.Fatalf("used %d over budget %d", sumUsed(after.pack), after.cur.budget)
			}
		})
	}
}

func packed(p *packing.Pack, id string) bool { return itemOf(p, id).ID != "" }

func itemOf(p *packing.Pack, id string) packing.Item {
	for _, it := range p.Items {
		if it.ID == id {
			return it
		}
	}
	return packing.Item{}
}

func TestCopy(t *testing.T) {
	h := newHarness(t, 8)
	m := h.keys(h.ready(100, 30), "c")
	if len(h.osc52) != 1 || h.osc52[0] != m.packText {
		t.Fatalf("OSC 52 carried %q, want the packed text", h.osc52)
	}
	if len(h.clip) != 1 || h.clip[0] != m.packText {
		t.Fatal("system clipboard not written")
	}
	want := "copied " + render.Thousands(m.pack.TokenCount) + " tokens (words), markdown"
	if m.status.msg != want {
		t.Fatalf("status %q, want %q", m.status.msg, want)
	}
}

func TestCopyFallsBackToFile(t *testing.T) {
	h := newHarness(t, 8)
	h.clipErr = errors.New("exit status 1")
	m := h.keys(h.ready(100, 30), "c")
	files, _ := filepath.Glob(filepath.Join(h.deps.FallbackDir, "loupe-context-*.md"))
	if len(files) != 1 {
		t.Fatalf("fallback files %v, status %q", files, m.status.msg)
	}
	b, _ := os.ReadFile(files[0])
	if string(b) != m.packText || !strings.Contains(m.status.msg, files[0]) || !strings.Contains(m.status.msg, "exit status 1") {
		t.Fatalf("fallback file or status wrong: %q", m.status.msg)
	}
}

func TestCopyWithoutSystemClipboardAlsoSaves(t *testing.T) {
	h := newHarness(t, 8)
	h.deps.Clipboard = nil
	m := h.keys(h.ready(100, 30), "c")
	files, _ := filepath.Glob(filepath.Join(h.deps.FallbackDir, "loupe-context-*.md"))
	if len(h.osc52) != 1 || len(files) != 1 || !strings.Contains(m.status.msg, "(no system clipboard here), also saved to "+files[0]) {
		t.Fatalf("osc52 %d files %v status %q", len(h.osc52), files, m.status.msg)
	}
}

func TestWriteToFile(t *testing.T) {
	h := newHarness(t, 8)
	m := h.keys(h.ready(100, 30), "w")
	if m.status.prompt != promptWrite || m.status.value() != "loupe-context.md" || m.status.input.Value() != "" {
		t.Fatalf("prompt %d %q", m.status.prompt, m.status.input.Value())
	}
	m = h.keys(m, "enter")
	path := filepath.Join(h.dir, "loupe-context.md")
	b, err := os.ReadFile(path)
	if err != nil || string(b) != m.packText {
		t.Fatalf("file: %v", err)
	}
	// Again: the file exists, so it asks; n keeps it, y replaces it.
	m = h.keys(m, "+", "w", "enter")
	if m.status.prompt != promptOverwrite {
		t.Fatalf("no overwrite question, status %q", m.status.msg)
	}
	m = h.keys(m, "n")
	if b2, _ := os.ReadFile(path); string(b2) != string(b) {
		t.Fatal("n overwrote the file")
	}
	m = h.keys(m, "w", "enter", "y")
	if b3, _ := os.ReadFile(path); string(b3) != m.packText || string(b3) == string(b) {
		t.Fatal("y did not overwrite with the new pack")
	}
	if !strings.HasPrefix(m.status.msg, "wrote ") {
		t.Fatalf("status %q", m.status.msg)
	}
}

func TestBudgetPrompt(t *testing.T) {
	tests := []struct {
		typed  string
		budget int
		status string
	}{
		{"250", 250, ""},
		{"1,500", 1500, ""},
		{"lots", 100, "not a positive number"},
		{"-5", 100, "not a positive number"},
	}
	for _, tc := range tests {
		t.Run(tc.typed, func(t *testing.T) {
			h := newHarness(t, 8)
			m := h.keys(h.ready(100, 30), "b")
			m.status.input.SetValue("")
			m = typeText(h, m, tc.typed)
			m = h.keys(m, "enter")
			if m.cur.budget != tc.budget || (tc.status != "" && !strings.Contains(m.status.msg, tc.status)) {
				t.Fatalf("budget %d status %q", m.cur.budget, m.status.msg)
			}
		})
	}
}

// TestPromptsReplaceTheirDefault types into the budget and write prompts
// as a person does, without clearing them first: what is typed replaces
// the default shown, it is not appended to it ("b 2500⏎" once set
// 80002500 tokens, and "w /tmp/ctx.md" wrote "loupe-context.md/tmp/ctx.md").
func TestPromptsReplaceTheirDefault(t *testing.T) {
	h := newHarness(t, 8)
	m := h.keys(h.ready(100, 30), "b")
	m = typeText(h, m, "2500")
	m = h.keys(m, "enter")
	if m.cur.budget != 2500 {
		t.Fatalf("budget %d, want 2500 (status %q)", m.cur.budget, m.status.msg)
	}
	m = h.keys(m, "b")
	m = typeText(h, m, "12k")
	m = h.keys(m, "enter")
	if m.cur.budget != 12000 {
		t.Fatalf("budget %d, want 12000", m.cur.budget)
	}
	m = h.keys(m, "b")
	m = typeText(h, m, "80002500")
	m = h.keys(m, "enter")
	if m.cur.budget != 12000 || !strings.Contains(m.status.msg, "above the limit") {
		t.Fatalf("budget %d status %q: no upper bound", m.cur.budget, m.status.msg)
	}
	m = h.keys(m, "b", "enter") // enter alone keeps the budget shown
	if m.cur.budget != 12000 {
		t.Fatalf("budget %d after an empty prompt", m.cur.budget)
	}
	out := filepath.Join(t.TempDir(), "ctx.md")
	m = h.keys(m, "w")
	m = typeText(h, m, out)
	m = h.keys(m, "enter")
	if b, err := os.ReadFile(out); err != nil || string(b) != m.packText {
		t.Fatalf("write to %s: %v (status %q)", out, err, m.status.msg)
	}
}

func TestBudgetBelowOverhead(t *testing.T) {
	h := newHarness(t, 8)
	m := h.ready(100, 30)
	m.cfg.BudgetStep = 1
	m = h.keys(m, "b")
	m.status.input.SetValue("3")
	m = h.keys(m, "enter")
	if m.pack != nil || !strings.Contains(m.status.msg, "budget too small") {
		t.Fatalf("pack %v status %q", m.pack != nil, m.status.msg)
	}
	if m.keys.Output.Copy.Enabled() || len(m.results.rows) != 8 {
		t.Fatal("copy enabled without a pack, or rows lost")
	}
	m = h.keys(m, "c")
	if len(h.osc52) != 0 {
		t.Fatal("copied without a pack")
	}
}

func TestNote(t *testing.T) {
	h := newHarness(t, 8)
	m := h.keys(h.ready(100, 30), "n")
	m = typeText(h, m, "retries are capped at 3")
	m = h.keys(m, "enter")
	if len(h.notes) != 1 || h.notes[0] != "retries are capped at 3" {
		t.Fatalf("notes %q", h.notes)
	}
	if len(h.eng.calls) != 2 || m.status.msg != "note added" {
		t.Fatalf("no re-query after the note: %q %q", h.eng.calls, m.status.msg)
	}
}

func TestEditorArgs(t *testing.T) {
	tests := []struct {
		editor string
		want   string
	}{
		{"", "vi +10 /r/a.go"},
		{"nvim", "nvim +10 /r/a.go"},
		{"code --wait", "code --wait +10 /r/a.go"},
	}
	for _, tc := range tests {
		if got := strings.Join(editorArgs(tc.editor, "/r/a.go", 10), " "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.editor, got, tc.want)
		}
	}
	h := newHarness(t, 3)
	m := h.keys(h.ready(100, 30), "o")
	if h.execs != 1 {
		t.Fatal("edit did not exec the editor")
	}
	m = h.send(m, editorDoneMsg{})
	if len(h.eng.calls) != 2 || m.pack == nil {
		t.Fatal("no fresh search after the editor")
	}
	m = h.send(m, editorDoneMsg{err: errors.New("exit status 2")})
	if m.status.msg != "editor: exit status 2" {
		t.Fatalf("status %q", m.status.msg)
	}
}

func TestResume(t *testing.T) {
	h := newHarness(t, 10)
	m := h.ready(100, 30)
	m = h.keys(m, "G", "p", "G", "x", "g", "j", "l", "+", "f")
	saved, err := LoadSession(m.sessionFile)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Query != "retry" || saved.Budget != 120 || saved.Format != "xml" || len(saved.Pins) != 1 || len(saved.Drops) != 1 {
		t.Fatalf("saved %+v", saved)
	}
	// A pin whose block is gone is reported, not silently dropped.
	saved.Pins = append(saved.Pins, "pay/gone.go#Gone")
	if err := SaveSession(m.sessionFile, saved); err != nil {
		t.Fatal(err)
	}
	h.deps.Resume = true
	r := h.send(h.model(""), tea.WindowSizeMsg{Width: 100, Height: 30})
	r = h.send(r, loadLatestSessionCmd(h.deps.SessionDir)())
	if r.sessionFile != m.sessionFile {
		t.Fatalf("resumed into %s, want the session resumed, %s", r.sessionFile, m.sessionFile)
	}
	if r.query.Value() != "retry" || r.cur.budget != 120 || r.cur.format != "xml" || !r.cur.pins[saved.Pins[0]] {
		t.Fatalf("not restored: %+v", r.cur)
	}
	if r.pack == nil || !packed(r.pack, saved.Pins[0]) || packed(r.pack, saved.Drops[0]) {
		t.Fatal("restored curation not applied to the pack")
	}
	if !strings.Contains(r.status.msg, "1 pinned block(s) no longer exist: pay/gone.go#Gone") {
		t.Fatalf("status %q", r.status.msg)
	}
	if !r.cur.pins["pay/gone.go#Gone"] {
		t.Fatal("missing pin dropped from the session")
	}
}

func TestResumeKeyWithoutSession(t *testing.T) {
	h := newHarness(t, 3)
	m := h.ready(100, 30)
	if err := os.RemoveAll(h.deps.SessionDir); err != nil {
		t.Fatal(err)
	}
	m = h.keys(m, "ctrl+r")
	if !strings.Contains(m.status.msg, "no saved session") {
		t.Fatalf("status %q", m.status.msg)
	}
}

func TestPinSurvivesRequery(t *testing.T) {
	h := newHarness(t, 10)
	m := h.keys(h.ready(100, 30), "G", "p")
	id := m.results.rows[0].id
	h.eng.byQuery["retry policy"] = makeCands(2)
	m = h.keys(m, "/")
	m = h.settle(typeText(h, m, " policy"))
	if !packed(m.pack, id) {
		t.Fatal("pinned block lost when the query changed")
	}
}

func TestSearchOutcomes(t *testing.T) {
	tests := []struct {
		query, status string
		rows          int
	}{
		{"none", "", 0},
		{"warn", "docs: timed out after 2s", 3},
		{"boom", "search: index exploded", 0},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			h := newHarness(t, 3)
			m := h.send(h.model(tc.query), tea.WindowSizeMsg{Width: 80, Height: 24})
			m = h.send(m, debounceMsg{gen: m.qgen})
			if len(m.results.rows) != tc.rows || m.status.msg != tc.status {
				t.Fatalf("rows %d status %q", len(m.results.rows), m.status.msg)
			}
			if w, hh := sizeOf(m.render()); w != 80 || hh != 24 {
				t.Fatalf("view %d×%d", w, hh)
			}
		})
	}
}

func TestKeybindingsFollowState(t *testing.T) {
	h := newHarness(t, 3)
	m := h.send(h.model(""), tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.keys.Block.Pin.Enabled() || m.keys.Output.Copy.Enabled() {
		t.Fatal("pin/copy enabled with no results")
	}
	m = h.ready(80, 24)
	if !m.keys.Block.Pin.Enabled() || !m.keys.Output.Copy.Enabled() {
		t.Fatal("pin/copy disabled with results")
	}
	h.deps.AddNote = nil
	if m2 := h.ready(80, 24); m2.keys.Output.Note.Enabled() {
		t.Fatal("note enabled without AddNote")
	}
}

func TestQuitFromQueryAndList(t *testing.T) {
	h := newHarness(t, 3)
	m := h.send(h.model(""), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = h.keys(m, "q")
	if h.quit || m.query.Value() != "q" {
		t.Fatal("q quit while typing")
	}
	h.keys(m, "ctrl+c")
	if !h.quit {
		t.Fatal("ctrl+c did not quit")
	}
	h2 := newHarness(t, 3)
	h2.keys(h2.ready(80, 24), "q")
	if !h2.quit {
		t.Fatal("q did not quit from the list")
	}
}

// A copy or write pressed while a re-pack is in flight waits for it, so
// what goes out is what the screen is about to show.
func TestOutputWaitsForRepackInFlight(t *testing.T) {
	h := newHarness(t, 20)
	m := h.ready(100, 30)
	old := m.packText
	next, repack := m.Update(keyMsg("-"))
	m = next.(Model)
	next, cmd := m.Update(keyMsg("c"))
	m = next.(Model)
	if cmd != nil || !m.pendingCopy {
		t.Fatal("copy did not wait for the re-pack")
	}
	m = h.keys(m, "w", "enter")
	for _, msg := range h.run(repack) {
		m = h.send(m, msg)
	}
	if m.packText == old || len(h.osc52) != 1 || h.osc52[0] != m.packText {
		t.Fatal("copy did not carry the new pack")
	}
	b, err := os.ReadFile(filepath.Join(h.dir, "loupe-context.md"))
	if err != nil || string(b) != m.packText {
		t.Fatalf("write did not carry the new pack: %v", err)
	}
}

// Keys pressed while a re-pack runs do not each start one: the latest state
// is packed when the running one returns.
func TestRepacksCoalesce(t *testing.T) {
	h := newHarness(t, 20)
	packs := 0
	h.deps.Pack = func(c []engine.Candidate, r packing.PackRequest) (*packing.Pack, error) {
		packs++
		return fakePack(c, r)
	}
	m := h.ready(100, 30)
	packs = 0
	var cmds []tea.Cmd
	for range 5 {
		next, cmd := m.Update(keyMsg("+"))
		m = next.(Model)
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		for _, msg := range h.run(c) {
			m = h.send(m, msg)
		}
	}
	if packs != 2 || m.pack.Budget != 200 || m.packing || m.inFlight {
		t.Fatalf("packs %d budget %d packing %v", packs, m.pack.Budget, m.packing)
	}
}

func TestLeftOutRowCountsAtItsLevel(t *testing.T) {
	h := newHarness(t, 20)
	m := h.keys(h.ready(100, 30), "G")
	full := m.results.rows[len(m.results.rows)-1]
	m = h.keys(m, "x", "l", "l", "l") // dropped, at signature level
	r := m.results.rows[rowIndex(m.results.rows, full.id)]
	if r.state != stateDropped || r.level != engine.LevelSignature || r.tokens >= full.tokens {
		t.Fatalf("row %+v, full %d tokens", r, full.tokens)
	}
}

// TestWriteRecordsLoupesOwnOutput: a file the explorer wrote is reported
// to Deps.RecordOutput, so the next pack does not offer it as a change.
func TestWriteRecordsLoupesOwnOutput(t *testing.T) {
	h := newHarness(t, 8)
	var recorded []string
	h.deps.RecordOutput = func(p string) error { recorded = append(recorded, p); return nil }
	m := h.keys(h.ready(100, 30), "w", "enter")
	if want := filepath.Join(h.dir, "loupe-context.md"); len(recorded) != 1 || recorded[0] != want {
		t.Fatalf("recorded %q, want %q (status %q)", recorded, want, m.status.msg)
	}
}

// TestLongStatusWrapsAndWriteErrorsNameTheFile: a message longer than the
// line wraps onto more lines (the panes give way) instead of being cut,
// and a failed write names the file asked for, not a temporary one.
func TestLongStatusWrapsAndWriteErrorsNameTheFile(t *testing.T) {
	h := newHarness(t, 8)
	m := h.ready(80, 24)
	long := "copied 1,234 tokens (words), markdown via OSC 52 (no system clipboard here), also saved to /tmp/some/long/dir/loupe-context-20260101-120000.md"
	m, _ = m.setStatus(long, statusInfo)
	screen := ansi.Strip(m.render())
	if !strings.Contains(strings.ReplaceAll(screen, "\n", " "), "loupe-context-20260101-120000.md") {
		t.Fatalf("the end of the message is cut:\n%s", screen)
	}
	checkSize(t, m.render(), 80, 24)
	m = h.send(m, statusTimeoutMsg{id: m.status.id})
	checkSize(t, m.render(), 80, 24)
	if m.lay.statusH != 1 {
		t.Fatalf("status keeps %d lines after its message expired", m.lay.statusH)
	}

	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "ctx.md")
	m = h.keys(m, "w")
	m = typeText(h, m, target)
	m = h.keys(m, "enter")
	if os.Geteuid() != 0 && (!strings.HasPrefix(m.status.msg, "cannot write "+target+": ") || strings.Contains(m.status.msg, ".tmp")) {
		t.Fatalf("status %q", m.status.msg)
	}
}

// TestDropKeepsTheCursorInPlace: the dropped row goes to the bottom of the
// list; the cursor stays on the same line, now the next candidate.
func TestDropKeepsTheCursorInPlace(t *testing.T) {
	h := newHarness(t, 10)
	m := h.keys(h.ready(100, 30), "j")
	before := m.results.cursor
	next := m.results.rows[before+1].id
	dropped := m.results.rows[before].id
	tokens := m.pack.TokenCount
	m = h.keys(m, "x")
	if !m.cur.drops[dropped] {
		t.Fatal("not dropped")
	}
	if r, _ := m.results.Selected(); m.results.cursor != before || r.id != next {
		t.Fatalf("cursor %d on %s, want %d on %s", m.results.cursor, r.id, before, next)
	}
	// Undrop: on the dropped row, x again restores the pack.
	m.results.cursor = rowIndex(m.results.rows, dropped)
	m = h.keys(m, "x")
	if len(m.cur.drops) != 0 || m.pack.TokenCount != tokens {
		t.Fatal("undrop did not restore the pack")
	}
}

// TestPinThatDoesNotFitIsShownAndReported: a pin the packer cannot fit is
// still a pin in the list (marked !, counted), and the status says why.
func TestPinThatDoesNotFitIsShownAndReported(t *testing.T) {
	h := newHarness(t, 10)
	m := h.keys(h.ready(100, 30), "G", "p")
	id, _ := m.results.Selected()
	if !packed(m.pack, id.id) {
		t.Fatal("pin not packed at the first budget")
	}
	m = h.keys(m, "b")
	m = typeText(h, m, "12")
	m = h.keys(m, "enter")
	i := rowIndex(m.results.rows, id.id)
	if packed(m.pack, id.id) || m.results.rows[i].state != statePinnedOut {
		t.Fatalf("row %+v", m.results.rows[i])
	}
	_, info, _ := m.results.header()
	header := ansi.Strip(info)
	if !strings.Contains(header, "1 pinned (1 not fitting)") {
		t.Fatalf("header %q", header)
	}
	if !strings.Contains(m.status.msg, "does not fit the budget") || m.status.kind != statusWarn {
		t.Fatalf("status %q", m.status.msg)
	}
}

// TestSessionsAreListedAndPicked: each run keeps its own session (an
// older one is not overwritten as you type); ctrl+r lists this
// repository's sessions, newest first, with query, budget and pins, and
// enter resumes the one picked.
func TestSessionsAreListedAndPicked(t *testing.T) {
	h := newHarness(t, 10)
	first := h.keys(h.ready(100, 30), "p", "+")
	h.eng.byQuery["ledger"] = makeCands(6)
	second := h.send(h.model("ledger"), tea.WindowSizeMsg{Width: 100, Height: 30})
	second.started = first.started.Add(time.Second)
	second.sessionFile = newSessionFile(h.deps.SessionDir, second.started)
	second = h.send(second, debounceMsg{gen: second.qgen})
	second = h.keys(second, "-")
	if first.sessionFile == second.sessionFile {
		t.Fatal("two runs share one session file")
	}
	// The first session is older on disk.
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(first.sessionFile, old, old); err != nil {
		t.Fatal(err)
	}
	m := h.keys(second, "ctrl+r")
	if m.picker == nil || len(m.picker.list) != 2 {
		t.Fatalf("picker %+v status %q", m.picker, m.status.msg)
	}
	screen := ansi.Strip(m.render())
	for _, want := range []string{"sessions", "ledger", "budget 80", "retry", "budget 120 · 1 pin", "2 h ago"} {
		if !strings.Contains(screen, want) {
			t.Fatalf("picker does not show %q:\n%s", want, screen)
		}
	}
	m = h.keys(m, "j", "enter")
	if m.picker != nil || m.query.Value() != "retry" || m.cur.budget != 120 || len(m.cur.pins) != 1 {
		t.Fatalf("picked session not resumed: query %q budget %d pins %v", m.query.Value(), m.cur.budget, m.cur.pins)
	}
	if m.sessionFile != first.sessionFile {
		t.Fatal("resumed session is not the one saved to next")
	}
	m = h.keys(m, "ctrl+r", "esc")
	if m.picker != nil {
		t.Fatal("esc did not close the picker")
	}
}

func TestExpandReport(t *testing.T) {
	if got := expandReport("Server", nil, nil); !strings.Contains(got, "Server: no neighbours found") {
		t.Fatalf("%q", got)
	}
	got := expandReport("Server", []string{"a", "b", "c", "d", "e", "f", "g", "h"}, nil)
	if got != "Server: added 8 neighbours: a, b, c, d, e, f and 2 more" {
		t.Fatalf("%q", got)
	}
}

// TestOpenOnACommitShowsIt: o on a commit block runs git show in the
// pager (not the editor, which has no file to open); a block whose sha is
// not a commit id runs nothing.
func TestOpenOnACommitShowsIt(t *testing.T) {
	h := newHarness(t, 3)
	commit := engine.Candidate{ID: "commits:abc1234def", Source: engine.SourceCommits, Score: 99,
		Block: index.Block{ID: "commit:abc1234def", Kind: index.KindCommit, Name: "abc1234", Doc: "fix retry"},
		Text:  "commit abc1234\n\nfix retry\n", Meta: map[string]string{"sha": "abc1234def"}}
	h.eng.byQuery["retry"] = append([]engine.Candidate{commit}, h.eng.byQuery["retry"]...)
	m := h.ready(100, 30)
	if r, _ := m.results.Selected(); r.id != commit.ID {
		t.Fatalf("selected %s", r.id)
	}
	m = h.keys(m, "o")
	if h.execs != 1 {
		t.Fatalf("o on a commit ran nothing (status %q)", m.status.msg)
	}
	if got := strings.Join(showCommitArgs("abc1234def"), " "); !strings.Contains(got, "-p show") || !strings.Contains(got, "--no-ext-diff") || !strings.HasSuffix(got, "abc1234def --") {
		t.Fatalf("args %q", got)
	}
	if pagerOf("") != "less -R" || pagerOf("most") != "most" {
		t.Fatal("pager")
	}
	m = h.send(m, editorDoneMsg{what: "git show"})
	if len(h.eng.calls) != 1 {
		t.Fatal("showing a commit searched again")
	}
	for _, bad := range []string{"--output=/tmp/x", "HEAD", "abc12", "ABC1234; rm"} {
		if isSHA(bad) {
			t.Errorf("isSHA(%q)", bad)
		}
	}
}
