package tui

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// wordCounter counts whitespace-separated words: exact and predictable.
type wordCounter struct{}

func (wordCounter) Name() string       { return "words" }
func (wordCounter) Count(s string) int { return len(strings.Fields(s)) }

// fakeFormatter renders a pack as headed blocks.
type fakeFormatter struct{ name string }

func (f fakeFormatter) Name() string { return f.name }
func (f fakeFormatter) Render(p *packing.Pack) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s] context for %s\n", f.name, p.Query)
	for _, it := range p.Items {
		fmt.Fprintf(&b, "== %s %s\n%s", it.ID, levelName(it.Level), it.Body)
	}
	return b.String()
}

func newFakeFormatter(name string) (packing.Formatter, error) {
	if formatIndex(name) < 0 && name != "json" {
		return nil, fmt.Errorf("unknown format %q", name)
	}
	return fakeFormatter{name: name}, nil
}

// fakeOverhead is the fake packer's fixed overhead in tokens.
const fakeOverhead = 5

// bodyAt cuts a text to a level the way a packer would, roughly.
func bodyAt(text string, l engine.Level) string {
	lines := strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
	switch l {
	case engine.LevelHead:
		lines = lines[:min(3, len(lines))]
	case engine.LevelSignature, engine.LevelReference:
		lines = lines[:1]
	case engine.LevelBookend:
		if len(lines) > 2 {
			lines = []string{lines[0], lines[len(lines)-1]}
		}
	}
	out := strings.Join(lines, "")
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out
}

// fakePack is a greedy packer honouring pins, drops, levels, disabled
// sources and the budget, with a fixed overhead.
func fakePack(cands []engine.Candidate, req packing.PackRequest) (*packing.Pack, error) {
	avail := req.Budget - req.Reserves.Total()
	if avail < fakeOverhead {
		return nil, fmt.Errorf("fake: budget %d below the overhead %d: %w", req.Budget, fakeOverhead, packing.ErrBudgetTooSmall)
	}
	p := &packing.Pack{Query: req.Query, Budget: req.Budget, Available: avail, Tokenizer: req.Counter.Name(),
		Format: req.Formatter.Name(), PerSource: map[engine.Source]packing.SourceUsage{}}
	order := append([]engine.Candidate(nil), cands...)
	sort.SliceStable(order, func(i, j int) bool {
		if req.Pins[order[i].ID] != req.Pins[order[j].ID] {
			return req.Pins[order[i].ID]
		}
		return order[i].Score > order[j].Score
	})
	used := fakeOverhead
	for _, c := range order {
		u := p.PerSource[c.Source]
		switch {
		case req.Drops[c.ID]:
			p.LeftOut = append(p.LeftOut, packing.LeftOut{Candidate: c, Why: packing.OutDropped})
			u.Excluded++
		case req.Disabled[c.Source]:
			p.LeftOut = append(p.LeftOut, packing.LeftOut{Candidate: c, Why: packing.OutSourceOff})
			u.Excluded++
		default:
			l := c.Level
			if o, ok := req.Levels[c.ID]; ok {
				l = o
			}
			body := bodyAt(c.Text, l)
			t := req.Counter.Count(body) + 2
			if used+t > avail && req.Pins[c.ID] {
				p.LeftOut = append(p.LeftOut, packing.LeftOut{Candidate: c, Why: packing.OutBudget})
				p.Warnings = append(p.Warnings, "pinned "+c.ID+" left out: pins exceed the budget")
				u.Excluded++
				break
			}
			if used+t > avail {
				p.LeftOut = append(p.LeftOut, packing.LeftOut{Candidate: c, Why: packing.OutBudget})
				u.Excluded++
				break
			}
			used += t
			p.Items = append(p.Items, packing.Item{Candidate: c, Level: l, Body: body, Tokens: t, Pinned: req.Pins[c.ID]})
			u.Used += t
			u.Included++
		}
		p.PerSource[c.Source] = u
	}
	weights := req.Weights
	total := 0.0
	for src := range p.PerSource {
		total += weights[src]
	}
	for src, u := range p.PerSource {
		if total > 0 {
			u.Share = int(float64(avail) * weights[src] / total)
		}
		p.PerSource[src] = u
	}
	p.TokenCount = req.Counter.Count(req.Formatter.Render(p))
	return p, nil
}

// fakeEngine returns fixed candidates per query and records cancellations.
type fakeEngine struct {
	mu        sync.Mutex
	byQuery   map[string][]engine.Candidate
	warnings  map[string][]string
	neighbors []engine.Candidate
	calls     []string
	block     chan struct{} // when set, Retrieve of "slow" waits for ctx
	cancelled int
}

func (f *fakeEngine) Retrieve(ctx context.Context, raw string) (*Retrieval, error) {
	f.mu.Lock()
	f.calls = append(f.calls, raw)
	f.mu.Unlock()
	if raw == "slow" {
		<-ctx.Done()
		f.mu.Lock()
		f.cancelled++
		f.mu.Unlock()
		return nil, ctx.Err()
	}
	if raw == "boom" {
		return nil, fmt.Errorf("index exploded")
	}
	return &Retrieval{Candidates: f.byQuery[raw], Warnings: f.warnings[raw]}, nil
}

func (f *fakeEngine) Expand(_ context.Context, c engine.Candidate) ([]engine.Candidate, error) {
	return f.neighbors, nil
}

// makeCands builds n candidates across sources with falling scores; each
// text has lines of words so levels change the token count.
func makeCands(n int) []engine.Candidate {
	srcs := []engine.Source{engine.SourceCode, engine.SourceDocs, engine.SourceTests, engine.SourceChanges}
	out := make([]engine.Candidate, n)
	for i := range out {
		path := fmt.Sprintf("pay/file%03d.go", i)
		name := fmt.Sprintf("Func%03d", i)
		var text strings.Builder
		for l := 0; l < 6; l++ {
			fmt.Fprintf(&text, "line %d of %s with words\n", l, name)
		}
		out[i] = engine.Candidate{
			ID: path + "#" + name, Source: srcs[i%len(srcs)], Score: float64(n - i),
			Block: index.Block{ID: path + "#" + name, Path: path, Lang: "go", Kind: index.KindFunction,
				Name: name, StartLine: 10, EndLine: 15},
			Text:    text.String(),
			Reason:  "name matches " + name,
			Signals: []engine.Signal{{Name: "bm25", Value: float64(n - i), Detail: "text match"}},
		}
	}
	return out
}

type harness struct {
	t       testing.TB
	eng     *fakeEngine
	clip    []string
	clipErr error
	notes   []string
	osc52   []string
	quit    bool
	execs   int
	dir     string
	held    []tea.Msg
	deps    Deps
}

func newHarness(t testing.TB, n int) *harness {
	t.Helper()
	h := &harness{t: t, dir: t.TempDir()}
	h.eng = &fakeEngine{byQuery: map[string][]engine.Candidate{
		"retry": makeCands(n), "none": nil, "warn": makeCands(3),
	}, warnings: map[string][]string{"warn": {"docs: timed out after 2s"}}}
	h.eng.neighbors = []engine.Candidate{{ID: "pay/extra.go#Callee", Source: engine.SourceCode, Score: 0.5,
		Block: index.Block{Path: "pay/extra.go", Name: "Callee", Kind: index.KindFunction, StartLine: 1, EndLine: 3},
		Text:  "func Callee() {\n\treturn\n}\n", Reason: "called by Func000"}}
	cfg := DefaultConfig()
	cfg.Budget, cfg.BudgetStep, cfg.Style, cfg.NoColor = 100, 20, "dark", true
	h.deps = Deps{
		Engine: h.eng, Pack: fakePack, NewFormatter: newFakeFormatter, Counter: wordCounter{},
		Terminal: func(md string, width int, style string) (string, error) {
			return "TERM[" + style + "]\n" + md, nil
		},
		Clipboard: func(s string) error {
			if h.clipErr != nil {
				return h.clipErr
			}
			h.clip = append(h.clip, s)
			return nil
		},
		AddNote:    func(s string) error { h.notes = append(h.notes, s); return nil },
		SessionDir: h.dir + "/sessions", Root: h.dir, FallbackDir: h.dir + "/fallback",
		Config: cfg,
	}
	return h
}

// heldTick is a timer that the harness holds until settle: time passes
// only when a test says so.
type heldTick struct{ msg tea.Msg }

// settle lets the held timers fire (debounce), in order.
func (h *harness) settle(m Model) Model {
	h.t.Helper()
	for len(h.held) > 0 {
		msg := h.held[0]
		h.held = h.held[1:]
		m = h.send(m, msg)
	}
	return m
}

// model builds a Model whose timers wait for settle.
func (h *harness) model(query string) Model {
	m := New(h.deps, query)
	m.tick = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return heldTick{msg: fn(time.Time{})} }
	}
	return m
}

// send delivers a message and runs every command it causes, synchronously,
// until none is left. Status expiries are skipped so messages stay.
func (h *harness) send(m Model, msg tea.Msg) Model {
	h.t.Helper()
	queue := []tea.Msg{msg}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			h.t.Fatal("command loop does not settle")
		}
		msg, queue = queue[0], queue[1:]
		next, cmd := m.Update(msg)
		m = next.(Model)
		queue = append(queue, h.run(cmd)...)
	}
	return m
}

// run executes a command tree and returns the messages for the model.
func (h *harness) run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	switch msg := msg.(type) {
	case nil:
		return nil
	case heldTick:
		if _, expiry := msg.msg.(statusTimeoutMsg); !expiry {
			h.held = append(h.held, msg.msg)
		}
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, h.run(c)...)
		}
		return out
	case tea.QuitMsg:
		h.quit = true
		return nil
	}
	switch reflect.TypeOf(msg).Name() {
	case "setClipboardMsg":
		h.osc52 = append(h.osc52, reflect.ValueOf(msg).String())
		return nil
	case "execMsg":
		h.execs++
		return nil
	case "backgroundColorMsg":
		return nil
	}
	return []tea.Msg{msg}
}

func (h *harness) keys(m Model, keys ...string) Model {
	h.t.Helper()
	for _, k := range keys {
		m = h.send(m, keyMsg(k))
	}
	return m
}

// keyMsg builds a key press from its String() form.
func keyMsg(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "ctrl+r":
		return tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

func typeText(h *harness, m Model, s string) Model {
	for _, r := range s {
		m = h.send(m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

// ready is a model sized w×h that has searched "retry" and packed.
func (h *harness) ready(w, hgt int) Model {
	h.t.Helper()
	m := h.send(h.model("retry"), tea.WindowSizeMsg{Width: w, Height: hgt})
	m = h.send(m, debounceMsg{gen: m.qgen})
	if m.pack == nil {
		h.t.Fatalf("not packed: status %q", m.status.msg)
	}
	return m
}

func sizeOf(s string) (int, int) { return lipgloss.Size(s) }
