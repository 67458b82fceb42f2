package tui

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// flow drives a real program. The renderer only writes the cells that
// changed, so instead of searching that byte stream for text, a program
// filter keeps the latest model and the test waits on the screen it draws
// (its View) or on its state; the raw output is kept whole for escape
// sequences such as OSC 52.
type flow struct {
	t  *testing.T
	tm *teatest.TestModel
	mu sync.Mutex
	m  Model
}

// pingMsg makes the program pass its model through the filter again.
type pingMsg struct{}

func newFlow(t *testing.T, m Model, w, h int) *flow {
	f := &flow{t: t}
	filter := func(model tea.Model, msg tea.Msg) tea.Msg {
		if mm, ok := model.(Model); ok {
			f.mu.Lock()
			f.m = mm
			f.mu.Unlock()
		}
		return msg
	}
	f.tm = teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii), tea.WithFilter(filter)))
	return f
}

// waitFor waits until the screen contains want. The deadline is a ceiling
// for a slow machine, not an assertion on speed.
func (f *flow) waitFor(want string) Model {
	f.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		f.tm.Send(pingMsg{})
		time.Sleep(5 * time.Millisecond)
		f.mu.Lock()
		m := f.m
		f.mu.Unlock()
		if view := m.View().Content; strings.Contains(ansi.Strip(view), want) {
			checkSize(f.t, view, m.width, m.height)
			return m
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t.Fatalf("screen never showed %q:\n%s", want, ansi.Strip(f.m.View().Content))
	return Model{}
}

func (f *flow) press(keys ...string) {
	for _, k := range keys {
		f.tm.Send(keyMsg(k))
	}
}

func TestFlowTypePinBudgetCopyWrite(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			h := newHarness(t, 12)
			h.deps.Clipboard = nil // OSC 52 only: the terminal is the clipboard
			h.deps.Config.Debounce = 5 * time.Millisecond
			h.deps.Config.StatusTimeout = time.Hour
			f := newFlow(t, New(h.deps, ""), size.w, size.h)

			f.tm.Type("retry")
			f.waitFor("2 in · 10 out")
			f.press("tab", "G", "p")
			f.waitFor("1 pinned")
			f.press("-")
			f.waitFor("of 80 tokens")
			f.press("c")
			f.waitFor("copied ")
			f.press("w", "enter")
			f.waitFor("wrote ")
			f.press("q")
			f.tm.WaitFinished(t, teatest.WithFinalTimeout(20*time.Second))
			final := f.tm.FinalModel(t).(Model)

			if final.cur.budget != 80 || len(final.cur.pins) != 1 {
				t.Fatalf("final state: budget %d pins %v", final.cur.budget, final.cur.pins)
			}
			want := packJob{cands: final.cands, tokens: final.tokens, cur: final.cur, counter: wordCounter{},
				pack: fakePack, newFormatter: newFakeFormatter}.run()
			if want.text == "" || want.text != final.packText {
				t.Fatalf("final text differs from a fresh pack of the same state")
			}
			out, err := io.ReadAll(f.tm.FinalOutput(t))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(out, []byte(ansi.SetSystemClipboard(final.packText))) {
				t.Fatal("no OSC 52 sequence carrying exactly the packed text")
			}
			b, err := os.ReadFile(filepath.Join(h.dir, "loupe-context.md"))
			if err != nil || string(b) != want.text {
				t.Fatalf("written file differs from the pack (%v)", err)
			}
		})
	}
}

// The program survives a resize storm, a query with no results, a source
// warning and a budget below the format's overhead, and keeps drawing
// exactly the terminal's size.
func TestFlowEdges(t *testing.T) {
	h := newHarness(t, 12)
	h.deps.Clipboard = nil
	h.deps.Config.Debounce = 5 * time.Millisecond
	h.deps.Config.StatusTimeout = time.Hour
	f := newFlow(t, New(h.deps, ""), 80, 24)

	f.tm.Type("none")
	f.waitFor(`nothing found for "none"`)
	for i := range 60 {
		f.tm.Send(tea.WindowSizeMsg{Width: 20 + (i*13)%150, Height: 5 + (i*7)%50})
	}
	f.tm.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	f.waitFor("query › none")
	f.press("backspace", "backspace", "backspace", "backspace")
	f.tm.Type("warn")
	f.waitFor("docs: timed out after 2s")
	f.press("esc", "b")
	f.waitFor("budget: ")
	for range 3 {
		f.press("backspace")
	}
	f.press("3", "enter")
	m := f.waitFor("budget too small")
	if m.pack != nil || len(m.results.rows) != 3 {
		t.Fatalf("after a tiny budget: pack %v rows %d", m.pack != nil, len(m.results.rows))
	}
	f.press("c")
	f.press("q")
	f.tm.WaitFinished(t, teatest.WithFinalTimeout(20*time.Second))
	out, err := io.ReadAll(f.tm.FinalOutput(t))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("\x1b]52;")) {
		t.Fatal("copied although nothing was packed")
	}
}
