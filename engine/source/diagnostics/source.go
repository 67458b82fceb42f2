package diagnostics

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Source is the diagnostics provider. Its input (file, stdin, command) is
// read once, on the first Load or Candidates call, and cached: stdin can be
// read only once, and a build should not rerun on every keystroke.
type Source struct {
	opts    Options
	res     *resolver
	mu      sync.Mutex
	started bool
	done    chan struct{}
	cancel  context.CancelFunc
	diags   []Diagnostic
	err     error
}

var _ engine.Provider = (*Source)(nil)

// New returns a diagnostics source. Call Validate on the options first
// for a clear error; New itself never fails.
func New(opts Options) *Source {
	opts = opts.withDefaults()
	if opts.File == "-" && opts.Stdin == nil {
		opts.Stdin = os.Stdin
	}
	if opts.ReadFile == nil && opts.Root != "" {
		opts.ReadFile = diskReader(opts.Root)
	}
	return &Source{opts: opts, res: &resolver{root: opts.Root}, done: make(chan struct{})}
}

// Source names the source.
func (s *Source) Source() engine.Source { return engine.SourceDiagnostics }

// Load reads and parses the input once (later calls return the cached
// result) and waits for it or for ctx. The command runs under its own
// Timeout, not ctx: a short per-query deadline only stops the waiting, and
// the next call finds the result. main calls Load before the first query so
// that `loupe pack` waits for the command.
func (s *Source) Load(ctx context.Context) ([]Diagnostic, error) {
	s.start()
	select {
	case <-s.done:
		return s.diags, s.err
	case <-ctx.Done():
		return nil, fmt.Errorf("diagnostics: waiting for input: %w", ctx.Err())
	}
}

func (s *Source) start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.started {
		return
	}
	s.started = true
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go func() {
		defer close(s.done)
		defer cancel()
		defer func() {
			if p := recover(); p != nil { // a parser bug must not kill loupe mcp
				s.diags, s.err = nil, fmt.Errorf("diagnostics: parse panicked: %v", p)
			}
		}()
		text, err := readInput(ctx, s.opts)
		s.diags, s.err = Parse(text), err
	}()
}

// Close stops a command still running. It is safe to call more than once.
func (s *Source) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
	return nil
}

// Candidates returns the best Max diagnostics for q. When the command
// timed out, the candidates parsed from its partial output come with an
// error wrapping ErrTimeout.
func (s *Source) Candidates(ctx context.Context, q engine.Query) ([]engine.Candidate, error) {
	if s.opts.File == "" && s.opts.Cmd == "" {
		return nil, nil
	}
	ds, err := s.Load(ctx)
	if err != nil && !errors.Is(err, ErrTimeout) {
		return nil, err
	}
	cands := s.candidates(ctx, ds, q)
	return cands, err
}

// scoreLimit bounds how many diagnostics are read and scored per query.
const scoreLimit = 200

// candidates scores the diagnostics, keeps the best Max, and shows those
// that point into the same code together.
func (s *Source) candidates(ctx context.Context, ds []Diagnostic, q engine.Query) []engine.Candidate {
	files := map[string][]string{}
	pos := map[Severity]int{}
	items := make([]item, 0, min(len(ds), scoreLimit))
	for _, d := range ds[:min(len(ds), scoreLimit)] {
		if ctx.Err() != nil {
			break
		}
		items = append(items, s.item(d, pos[d.Severity], files, q))
		pos[d.Severity]++
	}
	sort.SliceStable(items, func(a, b int) bool { return items[a].score > items[b].score })
	items = items[:min(len(items), s.opts.Max)]
	gs := groupItems(items)
	out := make([]engine.Candidate, 0, len(gs))
	for _, g := range gs {
		out = append(out, candidate(g))
	}
	return out
}

// item resolves, reads and scores one diagnostic.
func (s *Source) item(d Diagnostic, pos int, files map[string][]string, q engine.Query) item {
	it := item{d: d, pl: s.res.resolve(d.Path)}
	if it.pl.inside && s.opts.Enclosing != nil && d.Line > 0 {
		if b, ok := s.opts.Enclosing(it.pl.rel, d.Line); ok {
			it.encl = &b
		}
	}
	it.lines = s.lines(it.pl, files)
	shown := ""
	if start, end, ok := region(len(it.lines), d.Line, it.encl); ok {
		it.start, it.end = start, end
		shown = strings.Join(it.lines[start-1:end], "\n")
	}
	it.score, it.sigs = score(d, pos, shown, q)
	return it
}

// candidate renders a group: every diagnostic's header lines, the
// enclosing block's name, then the code once.
func candidate(g *group) engine.Candidate {
	best := g.items[0]
	var head strings.Builder
	for _, it := range g.items {
		head.WriteString(header(it.d, it.pl))
	}
	if best.encl != nil {
		head.WriteString(enclosingLine(best.encl, best.pl))
	}
	text := head.String()
	blk := index.Block{
		Path: best.pl.shown, Lang: "text", Kind: index.KindDiagnostic, Name: groupName(g),
		Signature: strings.SplitN(text, "\n", 2)[0], StartLine: best.d.Line, EndLine: best.d.Line,
	}
	if g.start > 0 {
		text += renderCode(best.lines, g.start, g.end, g.marks(), g.trim())
		blk.StartLine, blk.EndLine = g.start, g.end
	}
	id := candidateID(best.d, best.pl)
	blk.ID, blk.Hash = id, hashOf(text)
	return engine.Candidate{
		ID: id, Source: engine.SourceDiagnostics, Block: blk, Text: text,
		Score: best.score, Signals: best.sigs, Reason: groupReason(g),
		Keep: best.d.Severity == SeverityError, Meta: groupMeta(g), Anchors: anchors(g),
	}
}

// anchors are the lines the group's diagnostics point at: the packer keeps
// them in every block of the file that holds them.
func anchors(g *group) []int {
	var out []int
	for _, it := range g.items {
		if it.d.Line > 0 && it.pl.inside && !slices.Contains(out, it.d.Line) {
			out = append(out, it.d.Line)
		}
	}
	return out
}

// lines returns the file's lines, read once per query; nil when the path
// is outside the root or unreadable.
func (s *Source) lines(pl place, files map[string][]string) []string {
	if !pl.inside || s.opts.ReadFile == nil {
		return nil
	}
	if l, ok := files[pl.rel]; ok {
		return l
	}
	var l []string
	if b, err := s.opts.ReadFile(pl.rel); err == nil {
		l = strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	}
	files[pl.rel] = l
	return l
}

func candidateID(d Diagnostic, pl place) string {
	h := fnv.New32a()
	h.Write([]byte(d.Tool + "\x00" + d.Code + "\x00" + d.Message))
	return fmt.Sprintf("diag:%s:%d:%d:%08x", pl.shown, d.Line, d.Col, h.Sum32())
}

func hashOf(s string) string {
	h := fnv.New64a()
	h.Write([]byte(s))
	return fmt.Sprintf("%016x", h.Sum64())
}
