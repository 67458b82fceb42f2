package packing_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/tokens"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
)

// pkLinePool holds lines that stress rendering and tokenizing: backtick
// runs, CDATA ends, control characters, quotes, Unicode, slashes after
// newlines, long lines.
var pkLinePool = [...]string{
	"func Retry(ctx context.Context, n int) error {", "\treturn fmt.Errorf(\"retry: %w\", err)", "}", "",
	"```go", "a ``` b ```` c", "x ]]> y ]]]]>", "\x00\x01\x1b[31mred\x7f", "\"quoted\" & <tag attr='v'>",
	"// Grüße, 日本語, emoji 🚀", "/path/like/line", "    indented with spaces", "\t\t\tdeep", "#!/bin/sh",
	"### not a header", "- list item", strings.Repeat("long ", 60), "\xff\xfe invalid utf8", "12345678901234567890",
}

func pkRandText(r *rand.Rand, n int) string {
	var sb strings.Builder
	for range n {
		sb.WriteString(pkLinePool[r.IntN(len(pkLinePool))])
		sb.WriteByte('\n')
	}
	return sb.String()
}

var pkSources = [...]engine.Source{engine.SourceCode, engine.SourceDocs, engine.SourceChanges, engine.SourceDiagnostics,
	engine.SourceCommits, engine.SourceNotes, engine.SourceTests, "custom"}

var pkKinds = [...]index.Kind{index.KindFunction, index.KindMethod, index.KindType, index.KindSection,
	index.KindWindow, index.KindHunk, index.KindCommit, index.KindNote, index.KindDiagnostic}

// pkRandCase builds random candidates and a request from r.
func pkRandCase(r *rand.Rand, counters []engine.Counter) ([]engine.Candidate, packing.PackRequest) {
	counter := counters[r.IntN(len(counters))]
	n := r.IntN(25)
	cands := make([]engine.Candidate, n)
	req := packing.PackRequest{Query: pkRandText(r, 1), Pins: map[string]bool{}, Drops: map[string]bool{},
		Levels: map[string]engine.Level{}, Disabled: map[engine.Source]bool{}, Counter: counter}
	for i := range cands {
		lines := 1 + r.IntN(60)
		start := 1 + r.IntN(100)
		c := engine.Candidate{
			ID: fmt.Sprintf("c%d", i), Source: pkSources[r.IntN(len(pkSources))], Text: pkRandText(r, lines),
			Score: r.Float64() * 5, Keep: r.IntN(8) == 0, Stale: r.IntN(6) == 0, Deleted: r.IntN(10) == 0,
			Level: engine.Level(r.IntN(6) * r.IntN(2)),
			Block: index.Block{Path: fmt.Sprintf("pkg/f%d.%s", r.IntN(6), []string{"go", "md", "py", "txt"}[r.IntN(4)]),
				Kind: pkKinds[r.IntN(len(pkKinds))], Name: pkLinePool[r.IntN(len(pkLinePool))],
				Signature: pkLinePool[0], StartLine: start, EndLine: start + lines - 1},
		}
		if r.IntN(5) == 0 {
			c.Anchors = []int{start + r.IntN(lines+4) - 2}
		}
		if r.IntN(4) == 0 {
			c.Meta = map[string]string{"sha": fmt.Sprintf("%x", r.IntN(4)), "odd key!": pkLinePool[r.IntN(len(pkLinePool))]}
		}
		switch r.IntN(10) {
		case 0:
			req.Pins[c.ID] = true
		case 1:
			req.Drops[c.ID] = true
		case 2:
			req.Levels[c.ID] = engine.Level(r.IntN(6))
		}
		cands[i] = c
	}
	if r.IntN(3) == 0 { // a stack trace pointing into the candidates
		req.Query += fmt.Sprintf("\tat /src/pkg/f%d.go:%d +0x1d\n", r.IntN(6), 1+r.IntN(160))
	}
	if r.IntN(5) == 0 {
		req.Disabled[pkSources[r.IntN(len(pkSources))]] = true
	}
	if r.IntN(4) == 0 {
		req.Warnings = []string{"commits: deadline exceeded after 500ms", pkLinePool[r.IntN(len(pkLinePool))]}
	}
	req.Budget = []int{0, 5, 40, 120, 300, 800, 2000, 6000}[r.IntN(8)] + r.IntN(100)
	req.Reserves = packing.Reserves{Completion: r.IntN(3) * 20}
	formats := render.Formats()
	req.Formatter, _ = render.New(formats[r.IntN(len(formats))])
	return cands, req
}

// pkCheck asserts the packer's invariants for one case.
func pkCheck(t *testing.T, cands []engine.Candidate, req packing.PackRequest) {
	t.Helper()
	p, err := packing.Assemble(cands, req)
	if err != nil {
		var be *packing.BudgetError
		if !errors.Is(err, packing.ErrBudgetTooSmall) || !errors.As(err, &be) || be.Minimum <= req.Budget {
			t.Fatalf("budget %d: unexpected error %v", req.Budget, err)
		}
		return
	}
	out := req.Formatter.Render(p)
	if p.Text != out || p.RenderWith(req.Formatter) != out {
		t.Fatalf("%s: the pack's verified text is not what its formatter renders", req.Formatter.Name())
	}
	n := req.Counter.Count(out)
	if n > req.Budget || n > p.Available {
		t.Fatalf("%s: %d tokens rendered, budget %d (available %d)", req.Formatter.Name(), n, req.Budget, p.Available)
	}
	cached := req
	cached.Cache = packing.NewPackCache()
	for range 2 { // a cold and a warm cache: neither changes the output
		p2, _ := packing.Assemble(cands, cached)
		if out2 := req.Formatter.Render(p2); out2 != out {
			t.Fatalf("%s: same input, different output", req.Formatter.Name())
		}
	}
	in := map[string]bool{}
	for _, it := range p.Items {
		in[it.ID] = true
		pkCheckShown(t, it)
		if req.Drops[it.ID] || req.Disabled[it.Source] {
			t.Fatalf("%s packed although dropped or its source is off", it.ID)
		}
	}
	pkCheckPins(t, p, req, in)
}

var pkOmittedRE = regexp.MustCompile(`omitted \(([^()]*):(\d+)-(\d+)\)`)

// pkCheckShown: the lines an item shows and those its note omits never
// overlap, stay inside the block, and omit none of its anchors.
func pkCheckShown(t *testing.T, it packing.Item) {
	t.Helper()
	shown := map[int]bool{}
	for _, r := range it.Shown {
		if r[0] > r[1] || r[0] < it.Block.StartLine || r[1] > it.Block.EndLine {
			t.Fatalf("%s: shown %v outside %d-%d", it.ID, it.Shown, it.Block.StartLine, it.Block.EndLine)
		}
		for l := r[0]; l <= r[1]; l++ {
			shown[l] = true
		}
	}
	for _, m := range pkOmittedRE.FindAllStringSubmatch(it.Note, -1) {
		a, _ := strconv.Atoi(m[2])
		b, _ := strconv.Atoi(m[3])
		for l := a; l <= b; l++ {
			if shown[l] || slices.Contains(it.Anchors, l) {
				t.Fatalf("%s: line %d omitted but shown or an anchor (note %q, shown %v)", it.ID, l, it.Note, it.Shown)
			}
		}
	}
}

// pkCheckPins: every pin that is not dropped, off or a duplicate is packed,
// or a warning says why not (unless not even that fits).
func pkCheckPins(t *testing.T, p *packing.Pack, req packing.PackRequest, in map[string]bool) {
	t.Helper()
	why := map[string]packing.Why{}
	for _, l := range p.LeftOut {
		why[l.ID] = l.Why
	}
	for id := range req.Pins {
		if w, out := why[id]; in[id] || req.Drops[id] || out && (w == packing.OutSourceOff || w == packing.OutDuplicate) {
			continue
		}
		warned := false
		for _, w := range p.Warnings {
			warned = warned || strings.Contains(w, id) || strings.Contains(w, "pinned blocks left out")
		}
		// Only when the budget cannot hold even the warning (an empty
		// pack at its minimum) may a pin go without one.
		if !warned && len(p.Items) > 0 {
			t.Fatalf("pin %s left out (%s) without a warning", id, why[id])
		}
	}
}

// pkCounters are the real tokenizers, o200k twice as often.
func pkCounters(t testing.TB) []engine.Counter {
	var out []engine.Counter
	for _, name := range []string{"o200k", "o200k", "cl100k", "chars4"} {
		c, err := tokens.New(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// TestPackProperty runs random candidates, budgets, formats and real
// tokenizers through the packer.
func TestPackProperty(t *testing.T) {
	counter := pkCounters(t)
	runs := 300
	if testing.Short() {
		runs = 60
	}
	r := rand.New(rand.NewPCG(2026, 11))
	for i := range runs {
		cands, req := pkRandCase(r, counter)
		name := fmt.Sprintf("%d/%s/%s/%d", i, req.Formatter.Name(), req.Counter.Name(), req.Budget)
		t.Run(name, func(t *testing.T) { pkCheck(t, cands, req) })
	}
}

func FuzzPack(f *testing.F) {
	counter := pkCounters(f)
	for _, seed := range []uint64{0, 1, 42, 2026} {
		f.Add(seed, seed*7)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		cands, req := pkRandCase(rand.New(rand.NewPCG(a, b)), counter)
		pkCheck(t, cands, req)
	})
}

func TestPackBudgetZeroNamesMinimum(t *testing.T) {
	counter, _ := tokens.New("o200k")
	for _, name := range render.Formats() {
		f, _ := render.New(name)
		_, err := packing.Assemble(nil, packing.PackRequest{Budget: 0, Counter: counter, Formatter: f})
		if !errors.Is(err, packing.ErrBudgetTooSmall) || !strings.Contains(err.Error(), "budget 0 is below the ") ||
			!strings.HasSuffix(err.Error(), "-token minimum for "+name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
