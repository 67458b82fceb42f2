package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/engine/source/commits"
	"github.com/loupe-dev/loupe/engine/source/diagnostics"
	"github.com/loupe-dev/loupe/engine/source/notes"
	"github.com/loupe-dev/loupe/engine/source/tests"
	"github.com/loupe-dev/loupe/engine/tokens"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
)

// app is an opened repository: its index, the engine over it with every
// source wired in, and the token counter. It is the one pipeline behind
// `loupe pack`, `loupe mcp` and the explorer.
type app struct {
	root    string
	ix      *index.Index
	eng     *engine.Engine
	diag    *diagnostics.Source // nil unless diagnostics are configured
	counter engine.Counter
	stats   index.UpdateStats
	model   *model // nil unless a local model is configured
	// fresh says when a resident app refreshes (freshness.go); nil for
	// one-shot commands.
	fresh *freshness
	// stale says, after a refresh that could not refresh, which snapshot
	// is searched instead; "" after one that did.
	stale string
}

// openApp opens the index of root and wires the engine; it does not update
// the index (see update and packFresh). A resident app (the MCP server)
// watches the tree for changes (a.fresh) and its changes source asks git
// again only after one. A one-shot app starts its walk of the tree at
// once (index.OpenForUpdate): packFresh's update takes it. Either way the
// changes source reads git's view of the tree from the walk
// (index.WorkTree: a resident app's last refresh, while its notifications
// say nothing changed since) instead of two git commands that would each
// walk the tree again.
func openApp(root, indexDir string, cfg Config, resident bool) (*app, error) {
	opts, err := indexOptions(root, indexDir, cfg)
	if err != nil {
		return nil, err
	}
	open := index.OpenForUpdate
	if resident {
		open = index.Open
	}
	opts.WorkTree = true
	ix, err := open(root, opts)
	if err != nil {
		return nil, err
	}
	counter, err := tokens.New(cfg.Tokenizer)
	if err != nil {
		ix.Close()
		return nil, err
	}
	tokens.Warm(counter) // the vocabulary loads on the other core meanwhile
	a := &app{root: root, ix: ix, counter: counter}
	if a.model, err = newModel(cfg.Model, ix, opts.Logf); err != nil {
		ix.Close()
		return nil, err
	}
	var watch index.Marker
	if resident {
		a.fresh = newFreshness(ix.Root(), ix.Dir(), !cfg.NoWatch)
		watch = a.fresh
		ix.TrustNotifications(a.fresh)
	}
	a.eng, a.diag = buildEngine(root, ix, cfg, os.Stdin, a.model, watch)
	preloadDiagnostics(context.Background(), a.diag)
	return a, nil
}

// refresh brings the index up to date with the working tree, as a reader:
// when another process is writing the index, or it cannot be written, it
// does not wait or fail: searches use the last published snapshot, and
// a.stale says how old it is.
func (a *app) refresh(ctx context.Context, progress func(index.Progress)) error {
	st, err := a.ix.Refresh(ctx, progress)
	var se *index.StaleError
	if errors.As(err, &se) {
		a.stale, a.stats = staleNote(se, time.Now()), st
		return nil
	}
	a.stale = ""
	if err == nil {
		a.stats = st
	}
	return err
}

// staleNote says which snapshot a stale refresh left searches on.
func staleNote(se *index.StaleError, now time.Time) string {
	why := "the index directory cannot be written"
	if errors.Is(se.Cause, index.ErrLocked) {
		why = "another loupe is updating the index"
	}
	if se.Published.IsZero() {
		return fmt.Sprintf("index not refreshed (%s): it is still empty (%v)", why, se.Cause)
	}
	age := now.Sub(se.Published).Round(time.Second)
	return fmt.Sprintf("index not refreshed (%s): searching the snapshot of %s (%s old)", why, se.Published.Format(time.TimeOnly), age)
}

// packFresh packs a query against an up-to-date index in the time of the
// slower of the two: it retrieves from the index as it is while the
// update walks the tree, and retrieves again only when the update changed
// something. Retrieval reads every block from the file as it is now
// (index.Read), so an unchanged tree, the common case, loses nothing.
func (a *app) packFresh(ctx context.Context, progress func(index.Progress), query string, cfg Config, pins, drops []string) (*packResult, error) {
	updated := make(chan error, 1)
	go func() { updated <- a.refresh(ctx, progress) }()
	res, err := a.pack(ctx, query, cfg, pins, drops)
	if uerr := <-updated; uerr != nil {
		return nil, uerr
	}
	embedded := a.model.syncNow(ctx, os.Stderr)
	st := a.stats
	if st.Added+st.Changed+st.Removed+st.Commits > 0 || st.Rebuilt != "" || st.Moved || embedded > 0 {
		return a.pack(ctx, query, cfg, pins, drops)
	}
	return res, err
}

// preloadDiagnostics starts the diagnostics command (or reads its file) at
// once, in the background: a build or a linter usually takes longer than the
// per-source deadline, so it must not start when the query does. The source
// caches what it read; Retrieve then finds it ready.
func preloadDiagnostics(ctx context.Context, d *diagnostics.Source) {
	if d != nil {
		go d.Load(ctx) //nolint:errcheck // the error comes back again from Candidates
	}
}

// Close stops a diagnostics command still running and releases the index.
func (a *app) Close() error {
	if a.fresh != nil {
		a.fresh.close()
	}
	a.model.close()
	if a.diag != nil {
		a.diag.Close()
	}
	return a.ix.Close()
}

// buildEngine wires every enabled source over the index, with the local
// model's semantic source fused into code and docs (m may be nil).
func buildEngine(root string, ix *index.Index, cfg Config, stdin io.Reader, m *model, watch index.Marker) (*engine.Engine, *diagnostics.Source) {
	var providers []engine.Provider
	var diag *diagnostics.Source
	var followers []engine.Follower
	add := func(s engine.Source, p engine.Provider) {
		if cfg.Enabled(s) {
			providers = append(providers, p)
		}
	}
	rank := engine.DefaultRankOptions()
	add(engine.SourceCode, m.fuse(engine.NewCodeProvider(ix, rank), ix))
	docs := rank
	if cfg.Enabled(engine.SourceCode) {
		docs = rank.BesideCode()
	}
	add(engine.SourceDocs, m.fuse(engine.NewDocsProvider(ix, docs), ix))
	add(engine.SourceChanges, changes.New(changes.Options{Root: root, MaxChanges: changesKept(cfg.MaxChanges), SecretFiles: cfg.SecretFiles, Watch: watch, Tree: ix.WorkTree, HeadTree: ix.HeadTree}))
	add(engine.SourceNotes, notes.NewProvider(notes.DefaultPath(root)))
	if cfg.Enabled(engine.SourceDiagnostics) && (cfg.DiagnosticsCmd != "" || cfg.DiagnosticsFile != "") {
		diag = diagnostics.New(diagnostics.Options{
			Root: root, File: cfg.DiagnosticsFile, Stdin: stdin, Cmd: cfg.DiagnosticsCmd,
			Max: cfg.MaxDiagnostics, Enclosing: ix.Enclosing, Timeout: cfg.DiagnosticsTimeout.Duration,
		})
		providers = append(providers, diag)
	}
	if cfg.Enabled(engine.SourceCode) {
		followers = append(followers, engine.NewGraphFollower(ix))
	}
	if cfg.Enabled(engine.SourceTests) {
		followers = append(followers, tests.New(ix))
	}
	if cfg.Enabled(engine.SourceCommits) {
		followers = append(followers, commits.New(ix, commits.Options{Root: root, SecretFiles: cfg.SecretFiles}))
	}
	opts := engine.DefaultOptions()
	opts.Deadline = cfg.Deadline.Duration
	opts.Redactor = newRedactor()
	return engine.New(opts, providers, followers), diag
}

// packResult is one request's output: the pack, its rendered text and the
// closing summary line.
type packResult struct {
	Retrieval *engine.Retrieval
	Pack      *packing.Pack
	Text      string
	Summary   string
	Model     modelReport // which parts of the local model took part
}

// pack runs one query through retrieve, pack and render.
func (a *app) pack(ctx context.Context, query string, cfg Config, pins, drops []string) (*packResult, error) {
	if a.diag != nil {
		// One-shot requests wait for the diagnostics command; its own
		// timeout bounds the wait.
		a.diag.Load(ctx) //nolint:errcheck // Candidates reports it as a warning
	}
	ret, rep, err := a.model.retrieve(engine.WithCandidates(ctx, cfg.Candidates), a.eng, query)
	if err != nil {
		return nil, err
	}
	f, err := render.New(cfg.Format)
	if err != nil {
		return nil, err
	}
	req := packing.PackRequest{
		Query: query, Budget: cfg.Budget, Reserves: cfg.Reserves(), Weights: cfg.EngineWeights(),
		Order: cfg.EngineOrder(), Disabled: cfg.Disabled(), Pins: set(pins), Drops: set(drops),
		Counter: a.counter, Formatter: budgeted(f), Warnings: ret.Warnings,
	}
	p, err := packing.Assemble(ret.Candidates, req)
	if err != nil {
		return nil, err
	}
	text := p.RenderWith(f) // json renders again: the budget measured its markdown context
	return &packResult{Retrieval: ret, Pack: p, Text: text, Summary: render.Summary(p), Model: rep}, nil
}

// budgeted returns the formatter whose output the budget measures. For JSON
// that is the markdown in its "context" field: the context is what reaches
// a model, while the envelope (block list, left-out list, summary) is
// metadata for the script and would otherwise eat the budget it describes.
func budgeted(f render.Formatter) render.Formatter {
	if f.Name() != "json" {
		return f
	}
	md, err := render.New("md")
	if err != nil {
		return f
	}
	return md
}

func set(ids []string) map[string]bool {
	if len(ids) == 0 {
		return nil
	}
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// stderrProgress draws a one-line progress meter on w when it is a
// terminal, and nothing otherwise.
func stderrProgress(w *os.File) func(index.Progress) {
	if !isTerminal(w) {
		return nil
	}
	start := time.Now()
	var last time.Time
	return func(p index.Progress) {
		if p.Phase != index.PhaseDone && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		fmt.Fprintf(w, "\r\x1b[K%s", progressLine(p, time.Since(start)))
		if p.Phase == index.PhaseDone {
			fmt.Fprint(w, "\r\x1b[K")
		}
	}
}

// progressLine formats progress as "indexing 1,234/10,700 files · 12.3 MB/s · 4s left".
func progressLine(p index.Progress, elapsed time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "loupe: %s %d/%d files", p.Phase, p.FilesDone, p.FilesTotal)
	if secs := elapsed.Seconds(); secs > 0.2 && p.BytesDone > 0 {
		rate := float64(p.BytesDone) / secs
		fmt.Fprintf(&b, " · %.1f MB/s", rate/1e6)
		if p.BytesTotal > p.BytesDone {
			left := time.Duration(float64(p.BytesTotal-p.BytesDone) / rate * float64(time.Second))
			fmt.Fprintf(&b, " · %s left", left.Round(time.Second))
		}
	}
	return b.String()
}

// unknownIDs warns of the pins and drops that name no block retrieved for
// the query: they had no effect.
func unknownIDs(res *packResult, pins, drops []string) []string {
	known := make(map[string]bool, len(res.Retrieval.Candidates))
	for _, c := range res.Retrieval.Candidates {
		known[c.ID] = true
	}
	var out []string
	for _, list := range []struct {
		what string
		ids  []string
	}{{"pin", pins}, {"drop", drops}} {
		for _, id := range list.ids {
			if !known[id] {
				out = append(out, fmt.Sprintf("%s %q: no such block among this query's candidates; it had no effect", list.what, id))
			}
		}
	}
	return out
}
