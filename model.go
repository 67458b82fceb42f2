package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/llm"
	"github.com/loupe-dev/loupe/engine/source/ollama"
	"github.com/loupe-dev/loupe/engine/source/semantic"
	"github.com/loupe-dev/loupe/index"
)

// ModelConfig is the optional local model ([model] in the config, the
// --model-* flags, LOUPE_MODEL_URL; docs/MODEL.md). It is off unless URL
// is set: then, and only then, loupe connects, and only to URL (the
// design's invariant 5).
type ModelConfig struct {
	// URL is the Ollama server, e.g. "http://127.0.0.1:11434".
	URL string `toml:"url"`
	// Embed is the embedding model of the semantic source ("" = no
	// semantic source).
	Embed string `toml:"embed"`
	// Chat is the chat model of the planner and the reranker ("" = none).
	Chat string `toml:"chat"`
	// Plan turns the planner on when Chat is set (default true).
	Plan bool `toml:"plan"`
	// Rerank turns the reranker on (default false: it costs seconds).
	Rerank bool `toml:"rerank"`
	// RerankTop is how many of the best code and docs candidates are reranked.
	RerankTop int `toml:"rerank_top"`
	// Timeout bounds each call to the server.
	Timeout Duration `toml:"timeout"`
	// Batch is how many blocks go in one embedding call.
	Batch int `toml:"batch"`
	// QueryPrefix and DocumentPrefix go before queries and blocks when
	// embedded (nomic-embed-text wants "search_query: " and
	// "search_document: ").
	QueryPrefix    string `toml:"query_prefix"`
	DocumentPrefix string `toml:"document_prefix"`
}

// DefaultModelConfig is off: no URL.
func DefaultModelConfig() ModelConfig {
	return ModelConfig{Plan: true, RerankTop: engine.DefaultRerankTop, Timeout: Duration{ollama.DefaultTimeout}, Batch: 32}
}

// Validate reports a model setting that cannot work.
func (m ModelConfig) Validate() error {
	if m.URL == "" {
		return nil
	}
	if _, err := ollama.ParseURL(m.URL); err != nil {
		return err
	}
	if m.Embed == "" && m.Chat == "" {
		return fmt.Errorf("model url %s is set but neither model.embed nor model.chat names a model", m.URL)
	}
	if m.Rerank && m.Chat == "" {
		return errors.New("rerank needs a chat model: set model.chat or --chat-model")
	}
	if m.RerankTop < 2 || m.RerankTop > 200 {
		return fmt.Errorf("model rerank_top %d: want 2 to 200", m.RerankTop)
	}
	if m.Timeout.Duration <= 0 || m.Batch <= 0 {
		return errors.New("model timeout and batch must be positive")
	}
	return nil
}

// modelFlags are the command-line settings of the model.
type modelFlags struct {
	url, embed, chat, timeout string
	plan, rerank              bool
	rerankTop                 int
}

func bindModelFlags(fs *pflag.FlagSet, f *modelFlags) {
	d := DefaultModelConfig()
	fs.StringVar(&f.url, "model-url", "", "Ollama server for the optional local model, e.g. http://127.0.0.1:11434 (env LOUPE_MODEL_URL); off when empty")
	fs.StringVar(&f.embed, "embed-model", "", "Ollama embedding model for semantic search, e.g. nomic-embed-text")
	fs.StringVar(&f.chat, "chat-model", "", "Ollama chat model for the query planner and the reranker, e.g. qwen2.5-coder:3b")
	fs.BoolVar(&f.plan, "plan", d.Plan, "let the chat model plan the query (with --chat-model)")
	fs.BoolVar(&f.rerank, "rerank", false, "let the chat model rerank the top candidates (costs seconds)")
	fs.IntVar(&f.rerankTop, "rerank-top", d.RerankTop, "candidates the reranker orders")
	fs.StringVar(&f.timeout, "model-timeout", "", "deadline of each call to the model server (default "+d.Timeout.String()+")")
}

// applyModelEnv reads LOUPE_MODEL_URL.
func applyModelEnv(cfg *Config) {
	if v := os.Getenv("LOUPE_MODEL_URL"); v != "" {
		cfg.Model.URL = v
	}
}

func applyModelFlags(fs *pflag.FlagSet, f *modelFlags, cfg *Config) error {
	set := func(name string) bool { return fs.Lookup(name) != nil && fs.Changed(name) }
	for _, s := range []struct {
		name string
		dst  *string
		v    string
	}{{"model-url", &cfg.Model.URL, f.url}, {"embed-model", &cfg.Model.Embed, f.embed}, {"chat-model", &cfg.Model.Chat, f.chat}} {
		if set(s.name) {
			*s.dst = s.v
		}
	}
	if set("plan") {
		cfg.Model.Plan = f.plan
	}
	if set("rerank") {
		cfg.Model.Rerank = f.rerank
	}
	if set("rerank-top") {
		cfg.Model.RerankTop = f.rerankTop
	}
	if set("model-timeout") {
		if err := cfg.Model.Timeout.UnmarshalText([]byte(f.timeout)); err != nil {
			return fmt.Errorf("--model-timeout: %w", err)
		}
	}
	return nil
}

// The parts of the model.
const (
	partSemantic = "semantic"
	partPlanner  = "planner"
	partReranker = "reranker"
)

// modelReport says which parts took part in one request, and the plan.
type modelReport struct {
	Semantic bool         `json:"semantic"`
	Planner  bool         `json:"planner"`
	Reranker bool         `json:"reranker"`
	Plan     *engine.Plan `json:"plan,omitempty"`
}

// model is the optional local model of one opened repository: the
// client, the semantic source, the planner and the reranker, and which of
// them failed. A part that fails is said once (a warning) and is not
// asked again by this process: the lexical pipeline answers alone, as
// fast as without a model.
type model struct {
	cfg      ModelConfig
	client   *ollama.Client
	sem      *semantic.Source
	planner  engine.Planner
	reranker engine.Reranker

	check    sync.Once
	mu       sync.Mutex
	down     map[string]bool
	warnings []string // not yet handed out
	plans    map[string]engine.Plan
	progress semantic.Progress
	syncing  bool
	stop     context.CancelFunc
	bg       sync.WaitGroup
}

// newModel returns nil when no model is configured: then nothing in this
// file runs and no connection is ever made.
func newModel(cfg ModelConfig, ix *index.Index, logf func(string, ...any)) (*model, error) {
	if cfg.URL == "" {
		return nil, nil
	}
	c, err := ollama.New(cfg.URL, cfg.Timeout.Duration)
	if err != nil {
		return nil, err
	}
	m := &model{cfg: cfg, client: c, down: map[string]bool{}, plans: map[string]engine.Plan{}}
	if cfg.Embed != "" {
		m.sem = semantic.New(ix, c, semantic.Options{
			Model: cfg.Embed, Batch: cfg.Batch, QueryPrefix: cfg.QueryPrefix, DocumentPrefix: cfg.DocumentPrefix, Logf: logf,
		})
		if st, err := os.Stat(filepath.Join(ix.Dir(), semantic.StoreFile)); err == nil {
			raiseMemoryLimit(2 * st.Size())
		}
		m.sem.Preload() // the vectors are read while the lexical side searches
	}
	if cfg.Chat != "" {
		m.planner = llm.NewPlanner(c, cfg.Chat)
		m.reranker = llm.NewReranker(c, cfg.Chat)
	}
	return m, nil
}

// raiseMemoryLimit adds n bytes to a soft memory limit when one is set
// (loupe pack sets one and turns the GC off below it): the vectors stay
// live for the whole request, and under a limit they fit in the GC would
// run without end.
func raiseMemoryLimit(n int64) {
	if cur := debug.SetMemoryLimit(-1); cur != math.MaxInt64 {
		debug.SetMemoryLimit(cur + n)
	}
}

// fuse wraps a code or docs provider with the semantic source; without
// one (or without a model) it returns p.
func (m *model) fuse(p engine.Provider, read engine.BlockReader) engine.Provider {
	if m == nil || m.sem == nil {
		return p
	}
	return engine.NewFusedProvider(p, semanticGate{m}, read, engine.FusionOptions{
		Failed: func(err error) { m.fail(partSemantic, err) },
	})
}

// semanticGate asks the semantic source only while it works.
type semanticGate struct{ m *model }

// Nearest is the source's, or nothing once the semantic part is down.
func (g semanticGate) Nearest(ctx context.Context, text string, k int, prose bool) ([]engine.SemanticHit, error) {
	if !g.m.use(ctx, partSemantic) {
		return nil, nil
	}
	// Leave the lexical side its answer: the semantic side gets four
	// fifths of the time left before the engine's deadline.
	if d, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(d)*4/5))
		defer cancel()
	}
	return g.m.sem.Nearest(ctx, text, k, prose)
}

// use reports whether part is configured and up, checking the server
// (GET /api/tags) on first use.
func (m *model) use(ctx context.Context, part string) bool {
	m.preflight(ctx)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down[part] {
		return false
	}
	switch part {
	case partSemantic:
		return m.sem != nil
	case partPlanner:
		return m.planner != nil && m.cfg.Plan
	default:
		return m.reranker != nil && m.cfg.Rerank
	}
}

// preflight asks the server once which models it has: an unreachable
// server turns every part off, a model not pulled the parts that need it.
func (m *model) preflight(ctx context.Context) {
	m.check.Do(func() { m.checkModels(ctx) })
}

func (m *model) checkModels(ctx context.Context) {
	pulled, err := m.client.Tags(context.WithoutCancel(ctx))
	if err != nil {
		m.failAll(err)
		return
	}
	if m.cfg.Embed != "" && !ollama.Has(pulled, m.cfg.Embed) {
		m.fail(partSemantic, fmt.Errorf("model %s is not pulled (run: ollama pull %s)", m.cfg.Embed, m.cfg.Embed))
	}
	if m.cfg.Chat != "" && !ollama.Has(pulled, m.cfg.Chat) {
		m.mu.Lock()
		m.down[partReranker] = true // one line says it for both
		m.mu.Unlock()
		m.fail(partPlanner, fmt.Errorf("model %s is not pulled (run: ollama pull %s); no reranker either", m.cfg.Chat, m.cfg.Chat))
	}
}

// failAll turns every part off with one warning.
func (m *model) failAll(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, p := range []string{partSemantic, partPlanner, partReranker} {
		m.down[p] = true
	}
	m.warnings = append(m.warnings, fmt.Sprintf("model: %s: %v; lexical results only", m.cfg.URL, trimOllama(err)))
}

// fail turns part off with one warning. A request that ran out of the
// engine's time (a busy machine, a model still loading) only warns: the
// next request tries again.
func (m *model) fail(part string, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down[part] {
		return
	}
	if errors.Is(err, context.DeadlineExceeded) {
		m.warnings = append(m.warnings, fmt.Sprintf("model: %s: no answer in time; lexical result for this query", part))
		return
	}
	m.down[part] = true
	m.warnings = append(m.warnings, fmt.Sprintf("model: %s: %v; lexical results only", part, trimOllama(err)))
}

func trimOllama(err error) string { return strings.TrimPrefix(err.Error(), "ollama: ") }

// takeWarnings hands out the warnings not said yet, and a note of the
// embedding in progress.
func (m *model) takeWarnings() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.warnings
	m.warnings = nil
	if m.syncing && m.progress.Total > 0 {
		out = append(out, fmt.Sprintf("model: semantic: embedding %d/%d blocks; lexical results meanwhile", m.progress.Done, m.progress.Total))
	}
	return out
}

// retrieve is engine.Retrieve with the model's parts: the plan before,
// the rerank after, and the warnings of any part that failed.
func (m *model) retrieve(ctx context.Context, eng *engine.Engine, raw string) (*engine.Retrieval, modelReport, error) {
	var rep modelReport
	if m == nil {
		ret, err := eng.Retrieve(ctx, raw)
		return ret, rep, err
	}
	q := engine.AnalyzeQuery(raw)
	if plan, ok := m.plan(ctx, raw); ok {
		q, rep.Planner, rep.Plan = engine.ApplyPlan(q, plan), true, &plan
	}
	ret, err := eng.RetrieveQuery(ctx, q)
	if err != nil {
		return nil, rep, err
	}
	if m.use(ctx, partReranker) {
		cands, err := engine.RerankTop(ctx, m.reranker, raw, ret.Candidates, m.cfg.RerankTop)
		if err != nil && ctx.Err() == nil {
			m.fail(partReranker, err)
		}
		ret.Candidates, rep.Reranker = cands, err == nil
	}
	rep.Semantic = slices.ContainsFunc(ret.Candidates, hasSemantic)
	ret.Warnings = append(ret.Warnings, m.takeWarnings()...)
	return ret, rep, nil
}

func hasSemantic(c engine.Candidate) bool {
	return slices.ContainsFunc(c.Signals, func(s engine.Signal) bool { return s.Name == engine.SignalSemantic })
}

// plan asks the planner once per query text.
func (m *model) plan(ctx context.Context, raw string) (engine.Plan, bool) {
	if !m.use(ctx, partPlanner) {
		return engine.Plan{}, false
	}
	m.mu.Lock()
	p, ok := m.plans[raw]
	m.mu.Unlock()
	if ok {
		return p, true
	}
	p, err := m.planner.Plan(ctx, raw)
	if err != nil {
		if ctx.Err() == nil {
			m.fail(partPlanner, err)
		}
		return engine.Plan{}, false
	}
	m.mu.Lock()
	m.plans[raw] = p
	m.mu.Unlock()
	return p, true
}

// syncNow embeds what changed, reporting progress on w (a terminal) or
// one closing line; it returns how many blocks it embedded.
func (m *model) syncNow(ctx context.Context, w *os.File) int {
	if m == nil || !m.use(ctx, partSemantic) {
		return 0
	}
	start := time.Now()
	st, err := m.sem.Sync(ctx, syncProgress(w))
	if err != nil && ctx.Err() == nil {
		m.fail(partSemantic, err)
	}
	if st.Embedded > 0 {
		fmt.Fprintf(w, "loupe: semantic: embedded %d blocks of %d files in %s\n", st.Embedded, st.Files, time.Since(start).Round(time.Millisecond))
	}
	return st.Embedded
}

// syncProgress draws "loupe: embedding 120/4,000 blocks" on a terminal.
func syncProgress(w *os.File) func(semantic.Progress) {
	if !isTerminal(w) {
		return nil
	}
	var last time.Time
	return func(p semantic.Progress) {
		if p.Done < p.Total && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		fmt.Fprintf(w, "\r\x1b[Kloupe: embedding %d/%d blocks", p.Done, p.Total)
		if p.Done == p.Total {
			fmt.Fprint(w, "\r\x1b[K")
		}
	}
}

// syncBackground starts embedding what changed unless it is running; the
// lexical results serve meanwhile and the semantic side joins as vectors
// are published. close stops it.
func (m *model) syncBackground() {
	if m == nil || m.sem == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.syncing || m.down[partSemantic] {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	if m.stop == nil {
		m.stop = cancel
	} else {
		prev := m.stop
		m.stop = func() { prev(); cancel() }
	}
	m.syncing = true
	m.bg.Go(func() {
		defer func() { m.mu.Lock(); m.syncing = false; m.mu.Unlock() }()
		if !m.use(ctx, partSemantic) {
			return
		}
		_, err := m.sem.Sync(ctx, func(p semantic.Progress) { m.mu.Lock(); m.progress = p; m.mu.Unlock() })
		if err != nil && ctx.Err() == nil {
			m.fail(partSemantic, err)
		}
	})
}

// close stops a background embedding (what it embedded is saved).
func (m *model) close() {
	if m == nil {
		return
	}
	m.mu.Lock()
	stop := m.stop
	m.mu.Unlock()
	if stop != nil {
		stop()
	}
	m.bg.Wait()
}

// modelEngine is the explorer's engine with the model's parts (see
// model.retrieve); the plan shows as a status note.
type modelEngine struct {
	eng *engine.Engine
	m   *model
}

// Retrieve runs the planned, fused and reranked retrieval.
func (e modelEngine) Retrieve(ctx context.Context, raw string) (*engine.Retrieval, error) {
	ret, rep, err := e.m.retrieve(ctx, e.eng, raw)
	if err == nil && rep.Plan != nil {
		ret.Warnings = append(ret.Warnings, "model: plan: "+planLine(*rep.Plan))
	}
	return ret, err
}

// Expand is the engine's.
func (e modelEngine) Expand(ctx context.Context, c engine.Candidate) ([]engine.Candidate, error) {
	return e.eng.Expand(ctx, c)
}

// planLine is a plan on one line: "intent debug · scope module ·
// identifiers Retry, backoff · paths pay/ · keywords retry, payment".
func planLine(p engine.Plan) string {
	parts := []string{"intent " + p.Intent, "scope " + p.Scope}
	for _, l := range []struct {
		name string
		v    []string
	}{{"identifiers", p.Identifiers}, {"paths", p.Paths}, {"keywords", p.Keywords}, {"sub-queries", p.SubQueries}} {
		if len(l.v) > 0 {
			parts = append(parts, l.name+" "+strings.Join(l.v, ", "))
		}
	}
	return strings.Join(parts, " · ")
}

// writeModelExplain prints which model parts took part, and the plan.
func writeModelExplain(w io.Writer, rep modelReport, cfg ModelConfig) {
	if cfg.URL == "" {
		return
	}
	fmt.Fprintf(w, "model: semantic=%t planner=%t reranker=%t\n", rep.Semantic, rep.Planner, rep.Reranker)
	if rep.Plan != nil {
		fmt.Fprintln(w, "plan:", planLine(*rep.Plan))
	}
}

// withSemanticSync starts the background embedding once build has brought
// the index up to date; the explorer shows its progress as a status note.
func withSemanticSync(build func(context.Context, chan<- index.Progress) error, m *model) func(context.Context, chan<- index.Progress) error {
	return func(ctx context.Context, progress chan<- index.Progress) error {
		err := build(ctx, progress)
		if err == nil {
			m.syncBackground()
		}
		return err
	}
}

// bindEmbedFlags binds the flags `loupe index` needs to embed blocks.
func bindEmbedFlags(fs *pflag.FlagSet, f *modelFlags) {
	fs.StringVar(&f.url, "model-url", "", "Ollama server: embed the blocks for semantic search too (env LOUPE_MODEL_URL)")
	fs.StringVar(&f.embed, "embed-model", "", "Ollama embedding model, e.g. nomic-embed-text")
	fs.StringVar(&f.timeout, "model-timeout", "", "deadline of each call to the model server")
}

// indexEmbeddings embeds the changed blocks after `loupe index` when an
// embedding model is configured; without one it opens nothing.
func indexEmbeddings(cmd *cobra.Command, path, indexDir string, f *modelFlags) error {
	root, err := resolveRoot(path)
	if err != nil {
		return err
	}
	cfg, _, err := LoadConfig(root)
	if err != nil {
		if f.url == "" && f.embed == "" && os.Getenv("LOUPE_MODEL_URL") == "" {
			return nil // loupe index reads no config unless asked to embed
		}
		return err
	}
	applyModelEnv(&cfg)
	if err := applyModelFlags(cmd.Flags(), f, &cfg); err != nil {
		return usageError{err}
	}
	if cfg.Model.URL == "" || cfg.Model.Embed == "" {
		return nil
	}
	if err := cfg.Model.Validate(); err != nil {
		return usageError{err}
	}
	opts := index.DefaultOptions()
	opts.IndexDir = indexDir
	opts.Logf = func(format string, args ...any) { fmt.Fprintf(os.Stderr, "loupe: "+format+"\n", args...) }
	ix, err := index.Open(root, opts)
	if err != nil {
		return err
	}
	defer ix.Close()
	m, err := newModel(ModelConfig{URL: cfg.Model.URL, Embed: cfg.Model.Embed, Timeout: cfg.Model.Timeout, Batch: cfg.Model.Batch,
		QueryPrefix: cfg.Model.QueryPrefix, DocumentPrefix: cfg.Model.DocumentPrefix}, ix, opts.Logf)
	if err != nil {
		return err
	}
	defer m.close()
	m.syncNow(cmd.Context(), os.Stderr)
	for _, w := range m.takeWarnings() {
		fmt.Fprintln(os.Stderr, "loupe: warning:", w)
	}
	return nil
}
