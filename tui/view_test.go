package tui

import (
	"context"
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
)

// checkSize fails unless the view fills the terminal exactly.
func checkSize(t *testing.T, view string, w, h int) {
	t.Helper()
	gw, gh := sizeOf(view)
	if gw != w || gh != h {
		t.Fatalf("view is %d×%d, terminal %d×%d:\n%s", gw, gh, w, h, ansi.Strip(view))
	}
	for i, line := range strings.Split(view, "\n") {
		if lw := ansi.StringWidth(line); lw != w {
			t.Fatalf("line %d is %d wide, want %d: %q", i, lw, w, ansi.Strip(line))
		}
	}
}

func TestViewGoldens(t *testing.T) {
	sizes := []struct{ w, h int }{{60, 15}, {80, 24}, {120, 40}, {160, 40}}
	states := []struct {
		name string
		keys []string
	}{
		{"results", nil},
		{"pinned_low_budget", []string{"G", "p", "-", "-"}},
		{"context_preview", []string{"v"}},
		{"full_help", []string{"?"}},
		{"write_prompt", []string{"w"}},
	}
	for _, sz := range sizes {
		for _, st := range states {
			t.Run(fmt.Sprintf("%dx%d/%s", sz.w, sz.h, st.name), func(t *testing.T) {
				h := newHarness(t, 30)
				m := h.keys(h.ready(sz.w, sz.h), st.keys...)
				view := m.View().Content
				checkSize(t, view, sz.w, sz.h)
				golden.RequireEqual(t, []byte(ansi.Strip(view)))
			})
		}
	}
}

func TestViewIsAltScreenWithMouse(t *testing.T) {
	h := newHarness(t, 3)
	v := h.ready(80, 24).View()
	if !v.AltScreen || v.MouseMode != tea.MouseModeCellMotion {
		t.Fatalf("view %+v", v)
	}
}

func TestTooSmall(t *testing.T) {
	tests := []struct{ w, h int }{{59, 24}, {80, 14}, {40, 10}, {20, 5}, {1, 1}}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			h := newHarness(t, 5)
			m := h.ready(tc.w, tc.h)
			view := m.View().Content
			checkSize(t, view, tc.w, tc.h)
			words := strings.Join(strings.Fields(ansi.Strip(view)), " ")
			if want := fmt.Sprintf("terminal too small: %d×%d, loupe needs %d×%d", tc.w, tc.h, minWidth, minHeight); tc.w >= 40 && tc.h >= 5 && !strings.Contains(words, want) {
				t.Fatalf("want the whole message %q:\n%s", want, view)
			}
			m = h.keys(m, "p", "x", "c")
			if len(m.cur.pins) != 0 || len(h.osc52) != 0 {
				t.Fatal("keys acted on a screen too small to show them")
			}
		})
	}
}

func TestResizeStorm(t *testing.T) {
	h := newHarness(t, 40)
	m := h.ready(80, 24)
	m = h.keys(m, "j", "j", "p")
	for i := range 200 {
		w, hh := 30+(i*37)%170, 8+(i*11)%60
		m = h.send(m, tea.WindowSizeMsg{Width: w, Height: hh})
		checkSize(t, m.View().Content, w, hh)
	}
	m = h.send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	checkSize(t, m.View().Content, 100, 30)
	if r, ok := m.results.Selected(); !ok || !m.cur.pins[r.id] {
		t.Fatal("selection or pin lost in the storm")
	}
}

func TestComputeLayout(t *testing.T) {
	tests := []struct {
		w, h     int
		help     bool
		tooSmall bool
		side     bool
	}{
		{59, 30, false, true, false},
		{60, 15, false, false, false},
		{80, 24, false, false, false},
		{80, 24, true, false, false},
		{120, 40, false, false, false},
		{139, 40, false, false, false},
		{140, 40, false, false, true},
		{200, 60, true, false, true},
	}
	for _, tc := range tests {
		l := computeLayout(tc.w, tc.h, tc.help, 1)
		if l.tooSmall != tc.tooSmall || l.side != tc.side {
			t.Errorf("%d×%d: %+v", tc.w, tc.h, l)
			continue
		}
		if l.tooSmall {
			continue
		}
		if l.fullHelp != tc.help {
			t.Errorf("%d×%d: fullHelp %v", tc.w, tc.h, l.fullHelp)
		}
		body := tc.h - queryHeight - l.metersH - statusHeight - l.helpH
		if l.side {
			if l.resultsW+l.previewW != tc.w || l.resultsH != body || l.previewH != body {
				t.Errorf("%d×%d side: %+v", tc.w, tc.h, l)
			}
		} else if l.resultsH+l.previewH != body || l.resultsH < 4 || l.previewH < 3 {
			t.Errorf("%d×%d stacked: %+v", tc.w, tc.h, l)
		}
	}
}

func TestIndexProgress(t *testing.T) {
	h := newHarness(t, 5)
	release, history := make(chan struct{}), make(chan struct{})
	h.deps.Build = func(ctx context.Context, p chan<- index.Progress) error {
		p <- index.Progress{Phase: "index", FilesDone: 10, FilesTotal: 40, BytesDone: 1 << 20, BytesTotal: 4 << 20}
		<-history
		p <- index.Progress{Phase: "commits"}
		<-release
		return nil
	}
	m := h.send(h.model("retry"), tea.WindowSizeMsg{Width: 80, Height: 24})
	if !m.indexing {
		t.Fatal("not indexing")
	}
	started := startIndexCmd(m.indexCtx, h.deps.Build, m.builds)().(indexStartedMsg)
	next, wait := m.Update(started)
	m = next.(Model)
	prog := wait().(indexProgressMsg)
	next, wait = m.Update(prog)
	m = next.(Model)
	view := m.View().Content
	checkSize(t, view, 80, 24)
	for _, want := range []string{"indexing", "10 of 40 files", "MB/s", "left"} {
		if !strings.Contains(view, want) {
			t.Fatalf("progress view lacks %q:\n%s", want, view)
		}
	}
	// The git history is read after every file: the bar stays full and
	// says so (it showed "commits: 0 of 0 files" at 0 %).
	close(history)
	next, wait = m.Update(wait().(indexProgressMsg))
	m = next.(Model)
	view = m.View().Content
	for _, want := range []string{"reading the git history", "100%"} {
		if !strings.Contains(view, want) {
			t.Fatalf("history view lacks %q:\n%s", want, view)
		}
	}
	close(release)
	m = h.send(m, wait())
	if m.indexing || m.pack == nil || !strings.HasPrefix(m.status.msg, "index ready") {
		t.Fatalf("explorer not opened after the build: %q", m.status.msg)
	}
}

func TestProgressLine(t *testing.T) {
	tests := []struct {
		p       index.Progress
		elapsed time.Duration
		want    string
	}{
		{index.Progress{FilesDone: 1, FilesTotal: 2}, 0, "1 of 2 files"},
		{index.Progress{Phase: "chunk", FilesDone: 1500, FilesTotal: 3000, BytesDone: 5e6, BytesTotal: 10e6}, 2 * time.Second,
			"chunk: 1,500 of 3,000 files · 2.5 MB/s · 2s left"},
		{index.Progress{Phase: "walk"}, time.Second, "listing the files"},
		{index.Progress{Phase: "commits"}, time.Second, "reading the git history"},
	}
	for _, tc := range tests {
		if got := progressLine(tc.p, tc.elapsed); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestNumbers(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 7812: "7,812", 1234567: "1,234,567", -4200: "-4,200"} {
		if got := render.Thousands(n); got != want {
			t.Errorf("render.Thousands(%d) = %q", n, got)
		}
	}
	for n, want := range map[int]string{812: "812", 7812: "7.8k", 12345: "12k", 2500000: "2.5M"} {
		if got := compact(n); got != want {
			t.Errorf("compact(%d) = %q", n, got)
		}
	}
}

// Between a resize and the preview's re-render the screen keeps its size:
// the old lines are refitted to the new width.
func TestResizeBeforePreviewRerender(t *testing.T) {
	h := newHarness(t, 10)
	m := h.ready(120, 40)
	for _, sz := range []struct{ w, h int }{{80, 24}, {150, 50}, {61, 15}} {
		next, _ := m.Update(tea.WindowSizeMsg{Width: sz.w, Height: sz.h}) // re-render not run
		m = next.(Model)
		checkSize(t, m.View().Content, sz.w, sz.h)
	}
}

func TestMouseWheelScrollsFocusedPane(t *testing.T) {
	h := newHarness(t, 30)
	m := h.ready(100, 30)
	m = h.send(m, tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if m.results.cursor != 3 {
		t.Fatalf("list cursor %d after wheel", m.results.cursor)
	}
	m = h.keys(m, "v", "tab")
	if m.focus != focusPreview {
		t.Fatal("tab did not focus the preview")
	}
	m = h.send(m, tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if m.preview.vp.offset != 3 || m.results.cursor != 3 {
		t.Fatalf("preview offset %d, cursor %d", m.preview.vp.offset, m.results.cursor)
	}
}

func TestBackgroundPicksStyle(t *testing.T) {
	h := newHarness(t, 3)
	h.deps.Config.Style, h.deps.Config.NoColor = "", false
	m := h.ready(80, 24)
	if m.style != "dark" {
		t.Fatalf("style %q", m.style)
	}
	m = h.send(m, tea.BackgroundColorMsg{Color: color.White})
	if m.style != "light" || m.st.dark {
		t.Fatalf("light background gave style %q", m.style)
	}
	checkSize(t, m.View().Content, 80, 24)
	// The query line, rebuilt in the new style, still says what the last
	// search found, in the narrow form too.
	m = h.send(m, tea.WindowSizeMsg{Width: 60, Height: 15})
	m = h.send(m, tea.BackgroundColorMsg{Color: color.Black})
	if first := strings.SplitN(ansi.Strip(m.View().Content), "\n", 2)[0]; !strings.Contains(first, "3 candidates") {
		t.Errorf("after a change of background at 60 columns the query line is %q", first)
	}
}

// TestLightAndDarkDiffer: the light and the dark styles draw the same
// cells in different colours (the captures were identical before), the
// focused pane's border in the accent colour; NO_COLOR draws no colour.
func TestLightAndDarkDiffer(t *testing.T) {
	view := func(style string, noColor bool) string {
		h := newHarness(t, 10)
		h.deps.Config.Style, h.deps.Config.NoColor = style, noColor
		v := h.ready(80, 24).View().Content
		checkSize(t, v, 80, 24)
		return v
	}
	dark, light, plain := view("dark", false), view("light", false), view("dark", true)
	if dark == light || ansi.Strip(dark) != ansi.Strip(light) {
		t.Fatal("light and dark views: want the same cells in different colours")
	}
	for name, v := range map[string]string{"dark": dark, "light": light} {
		if !strings.Contains(v, "╭") || !strings.Contains(v, "38;2;") {
			t.Errorf("%s: no frame or no colour", name)
		}
	}
	if strings.Contains(plain, "38;2;") || strings.Contains(plain, "48;2;") || !strings.Contains(plain, "┏") {
		t.Error("NO_COLOR: colour codes, or no thick border on the focused pane")
	}
}

func TestDarkFromColorFGBG(t *testing.T) {
	tests := []struct {
		v        string
		dark, ok bool
	}{
		{"15;0", true, true}, {"0;15", false, true}, {"0;default;15", false, true},
		{"7;8", true, true}, {"0;7", false, true}, {"", false, false}, {"15;x", false, false}, {"0;99", false, false},
	}
	for _, tc := range tests {
		if dark, ok := DarkFromColorFGBG(tc.v); dark != tc.dark || ok != tc.ok {
			t.Errorf("%q: dark %v ok %v, want %v %v", tc.v, dark, ok, tc.dark, tc.ok)
		}
	}
}

func TestEmptyStates(t *testing.T) {
	h := newHarness(t, 3)
	m := h.send(h.model(""), tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(m.View().Content, "type what you are about to do") {
		t.Fatal("no hint before the first query")
	}
	m = h.send(h.model("none"), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = h.send(m, debounceMsg{gen: m.qgen})
	if !strings.Contains(m.View().Content, `nothing found for "none"`) {
		t.Fatalf("no empty-result message:\n%s", m.View().Content)
	}
}

func TestBackgroundIndexUpdate(t *testing.T) {
	h := newHarness(t, 4)
	h.deps.BuildInBackground = true
	m := h.ready(80, 24)
	if m.indexing {
		t.Fatal("background build blocked the explorer")
	}
	ch := make(chan indexEvent, 2)
	ch <- indexEvent{progress: index.Progress{Phase: "index", FilesDone: 3, FilesTotal: 9}}
	next, wait := m.Update(indexStartedMsg{ch: ch})
	next, _ = next.(Model).Update(wait()) // the progress report; its re-armed wait is not run
	m = next.(Model)
	if !strings.Contains(m.status.right, "3 of 9 files") {
		t.Fatalf("status right %q", m.status.right)
	}
	ch <- indexEvent{done: true}
	close(ch)
	m = h.send(m, waitForIndexCmd(ch)())
	if !strings.HasPrefix(m.status.msg, "index ready") || len(h.eng.calls) != 2 || !strings.Contains(m.status.right, "left out") {
		t.Fatalf("after update: status %q / %q, searches %d", m.status.msg, m.status.right, len(h.eng.calls))
	}
}

// A background update that ends while the first search runs lets it finish
// (the first frame is not delayed) and then searches once more.
func TestBackgroundUpdateDuringSearch(t *testing.T) {
	h := newHarness(t, 4)
	h.deps.BuildInBackground = true
	m := h.send(h.model("retry"), tea.WindowSizeMsg{Width: 80, Height: 24})
	next, search := m.Update(debounceMsg{gen: m.qgen})
	m = next.(Model)
	next, _ = m.Update(indexReadyMsg{})
	m = next.(Model)
	if !m.searchAgain || m.cancel == nil {
		t.Fatal("update cancelled the search in flight")
	}
	for _, msg := range h.run(search) {
		m = h.send(m, msg)
	}
	if len(h.eng.calls) != 2 || m.pack == nil || m.searchAgain {
		t.Fatalf("searches %q", h.eng.calls)
	}
}

// Quitting cancels a build in flight and waits until it has returned, so
// main never closes an index that is still being written.
func TestQuitStopsTheBuild(t *testing.T) {
	h := newHarness(t, 3)
	returned := make(chan struct{})
	h.deps.Build = func(ctx context.Context, p chan<- index.Progress) error {
		defer close(returned)
		for {
			select {
			case p <- index.Progress{FilesDone: 1, FilesTotal: 2}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	m := h.send(h.model(""), tea.WindowSizeMsg{Width: 80, Height: 24})
	startIndexCmd(m.indexCtx, h.deps.Build, m.builds)() // nobody reads its events
	m = h.keys(m, "ctrl+c")
	if !m.waitBuilds(time.Minute) {
		t.Fatal("build still running after quit")
	}
	<-returned
}

// TestContextPreviewIsNotCut renders a packed context with tab-indented
// code through the real glamour renderer: every line must fit the pane as
// glamour wrapped it, with no "…" where loupe cut glamour's padding.
func TestContextPreviewIsNotCut(t *testing.T) {
	md := "## code\n\n### pay/retry.go:1-5 · func Retry\n```go\nfunc Retry() {\n\tfor i := 0; i < 3; i++ {\n\t\treturn someVeryLongFunctionName(argumentNumberOne, argumentNumberTwo)\n\t}\n}\n```\n"
	for _, w := range []int{40, 58, 77} {
		req := previewRequest{mode: previewContext, width: w, text: md, format: "md", style: "dark", terminal: render.Terminal}
		out, err := req.render()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range fitLines(out, w) {
			if strings.Contains(ansi.Strip(l), "…") {
				t.Fatalf("width %d: line cut after glamour wrapped it: %q", w, ansi.Strip(l))
			}
		}
		if !strings.Contains(ansi.Strip(out), "someVeryLongFunctionName") {
			t.Fatalf("width %d: code lost:\n%s", w, ansi.Strip(out))
		}
	}
}

// TestMouseClickSelectsAndFocuses: a click on a list row selects it and
// focuses the list; a click on the preview or the query line focuses it.
func TestMouseClickSelectsAndFocuses(t *testing.T) {
	for _, size := range [][2]int{{100, 30}, {160, 40}} {
		h := newHarness(t, 12)
		m := h.ready(size[0], size[1])
		m = h.send(m, tea.MouseClickMsg{X: 2, Y: 0, Button: tea.MouseLeft})
		if m.focus != focusQuery {
			t.Fatalf("%v: click on the query line: focus %d", size, m.focus)
		}
		top := queryHeight + metersHeight + m.results.headerLines()
		m = h.send(m, tea.MouseClickMsg{X: 5, Y: top + 3, Button: tea.MouseLeft})
		if m.focus != focusResults || m.results.cursor != 3 {
			t.Fatalf("%v: click on row 3: focus %d cursor %d", size, m.focus, m.results.cursor)
		}
		if !strings.Contains(m.preview.title, m.results.rows[3].name) {
			t.Fatalf("%v: preview %q does not follow the click", size, m.preview.title)
		}
		x, y := 5, queryHeight+metersHeight+m.lay.resultsH+2
		if m.lay.side {
			x, y = m.lay.resultsW+5, top+3
		}
		m = h.send(m, tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
		if m.focus != focusPreview || m.results.cursor != 3 {
			t.Fatalf("%v: click on the preview: focus %d cursor %d", size, m.focus, m.results.cursor)
		}
	}
}

func TestShortNamesAndPathsKeepWhatTellsThemApart(t *testing.T) {
	names := []struct {
		in   string
		w    int
		want string
	}{
		{"packer.budgetFor", 20, "packer.budgetFor"},
		{"packer.budgetFor", 12, "…r.budgetFor"},
		{"packer.budgetFor", 10, "…budgetFor"},
		{"packer.buildRows", 10, "…buildRows"},
		{"averyveryverylongname", 8, "…ongname"},
	}
	for _, tc := range names {
		if got := shortName(tc.in, tc.w); got != tc.want || cellWidth(got) > tc.w {
			t.Errorf("shortName(%q, %d) = %q, want %q", tc.in, tc.w, got, tc.want)
		}
	}
	paths := []struct {
		in   string
		w    int
		want string
	}{
		{"engine/budget.go:138-164", 30, "engine/budget.go:138-164"},
		{"engine/source/changes/collect.go:12-40", 30, "e/s/c/collect.go:12-40"},
		{"engine/source/changes/collect.go:12-40", 20, "…/collect.go:12-40"},
		{"engine/source/changes/collect.go:12-40", 15, "collect.go:12"},
	}
	for _, tc := range paths {
		if got := shortPath(tc.in, tc.w); got != tc.want {
			t.Errorf("shortPath(%q, %d) = %q, want %q", tc.in, tc.w, got, tc.want)
		}
	}
}

// TestNarrowRowsStayDistinct: at 80×24 and 60×15, two candidates whose
// names share a prefix still read differently, and the file stays named.
func TestNarrowRowsStayDistinct(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 15}} {
		p := resultsPane{st: newStyles(true, true), width: size[0], height: 5}
		p.rows = []row{
			{id: "a", name: "packer.budgetFor", loc: "engine/budget.go:138-164", state: stateIncluded},
			{id: "b", name: "packer.buildRows", loc: "engine/budget.go:170-190", state: stateIncluded},
		}
		lines := strings.Split(ansi.Strip(p.View()), "\n")
		if !strings.Contains(lines[1], "budgetFor") || !strings.Contains(lines[2], "buildRows") {
			t.Fatalf("%v: names cut alike:\n%s\n%s", size, lines[1], lines[2])
		}
		if !strings.Contains(lines[1], "budget.go:138") {
			t.Fatalf("%v: the file is lost: %s", size, lines[1])
		}
	}
}

// TestNothingIndexedAndNotice: a build that found no file says so in the
// list and the status; a start notice (not a git repository) shows.
func TestNothingIndexedAndNotice(t *testing.T) {
	h := newHarness(t, 3)
	h.deps.Notice = "/x is not in a git repository: the changes and commits sources are off"
	m := h.send(h.model(""), tea.WindowSizeMsg{Width: 100, Height: 30})
	if !strings.Contains(ansi.Strip(m.render()), "not in a git repository") {
		t.Fatalf("notice not shown:\n%s", ansi.Strip(m.render()))
	}
	m = h.send(m, indexReadyMsg{err: fmt.Errorf("%w: nothing indexed in /x: no text files found", ErrNothingIndexed)})
	screen := ansi.Strip(m.render())
	if !strings.Contains(screen, "nothing indexed in /x: no text files found") || m.status.kind != statusWarn {
		t.Fatalf("screen:\n%s", screen)
	}
}

func TestSameNamesInDifferentFilesAreTold(t *testing.T) {
	rows := []row{{name: "a.golden", loc: "tui/testdata/80x24/a.golden:1"}, {name: "a.golden", loc: "tui/testdata/120x40/a.golden:1"},
		{name: "Run", loc: "x/run.go:1-4"}, {name: "Run", loc: "x/run.go:9-12"}}
	disambiguate(rows)
	if rows[0].name != "80x24/a.golden" || rows[1].name != "120x40/a.golden" || rows[2].name != "Run" {
		t.Fatalf("%+v", rows)
	}
}

// TestQueryInfoCountsInWords: the query line says "1 source", not
// "1 sources" (a repository with only code).
func TestQueryInfoCountsInWords(t *testing.T) {
	p := newQueryPane("", newStyles(true, true))
	for _, tc := range []struct {
		n, sources int
		want       string
	}{{1, 1, "1 candidate · 1 source"}, {200, 4, "200 candidates · 4 sources"}} {
		p.setResult(tc.n, tc.sources)
		if got := p.found.info(false); got != tc.want {
			t.Errorf("setResult(%d, %d): %q, want %q", tc.n, tc.sources, got, tc.want)
		}
	}
}

// TestNarrowQueryLineShowsTheQuery: at 60 columns the query line gives
// the query the room and says the candidates only; at 120 it says both.
func TestNarrowQueryLineShowsTheQuery(t *testing.T) {
	for _, tc := range []struct {
		w          int
		want, lack string
	}{{60, "retry failed payments", "source"}, {120, "5 sources", ""}} {
		p := newQueryPane("", newStyles(true, true))
		p.SetSize(tc.w, 1)
		p.Focus()
		for _, r := range "retry failed payments" { // typed: the input scrolls to the cursor
			p, _ = p.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		}
		p.setResult(352, 5)
		line := ansi.Strip(p.View())
		if !strings.Contains(line, tc.want) || (tc.lack != "" && strings.Contains(line, tc.lack)) || ansi.StringWidth(line) > tc.w {
			t.Errorf("%d columns: %q", tc.w, line)
		}
	}
}
