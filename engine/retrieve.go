package engine

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/chunk"
)

// ErrBadRankOptions is returned by RankOptions.Validate.
var ErrBadRankOptions = errors.New("engine: bad rank options")

// RankOptions bound the work of the index-backed providers and let an
// evaluation switch signals off. The weights themselves are constants
// (see score.go): they are part of the design, not configuration.
type RankOptions struct {
	MaxCandidates    int      // candidates returned (and read) per source
	SearchLimit      int      // hits asked of the full-text search
	TextTerms        int      // keywords sent to the full-text search
	MaxSymbolLookups int      // exact symbol lookups for the query's identifiers
	GraphSeeds       int      // strongest hits that personalize PageRank
	CallersPerSeed   int      // callers looked up per seed
	MaxRefLookups    int      // definitions looked up for the seeds' refs
	MaxRefsPerBlock  int      // refs of one block turned into graph edges
	PathWords        int      // keywords searched as path parts
	PathWordHits     int      // hits asked of that search
	PackageHits      int      // hits asked of the search inside a qualifier's package
	Disabled         []string // signal names to leave out ("graph", "file", …)
}

// DefaultRankOptions are the bounds used by loupe pack: a request stays
// at a few dozen index lookups and a few hundred file reads.
func DefaultRankOptions() RankOptions {
	return RankOptions{
		MaxCandidates:    200,
		SearchLimit:      200,
		TextTerms:        32,
		MaxSymbolLookups: 24,
		GraphSeeds:       8,
		CallersPerSeed:   6,
		MaxRefLookups:    16,
		MaxRefsPerBlock:  48,
		PathWords:        12,
		PathWordHits:     60,
		PackageHits:      30,
	}
}

// Validate reports a bound that is not positive.
func (o RankOptions) Validate() error {
	for _, f := range []struct {
		name string
		v    int
	}{
		{"max candidates", o.MaxCandidates}, {"search limit", o.SearchLimit},
		{"text terms", o.TextTerms}, {"max symbol lookups", o.MaxSymbolLookups},
		{"graph seeds", o.GraphSeeds}, {"callers per seed", o.CallersPerSeed},
		{"max ref lookups", o.MaxRefLookups}, {"max refs per block", o.MaxRefsPerBlock},
		{"path words", o.PathWords}, {"path word hits", o.PathWordHits},
		{"package hits", o.PackageHits},
	} {
		if f.v <= 0 {
			return fmt.Errorf("%w: %s is %d, want > 0", ErrBadRankOptions, f.name, f.v)
		}
	}
	return nil
}

func (o RankOptions) disabled(signal string) bool {
	for _, d := range o.Disabled {
		if d == signal {
			return true
		}
	}
	return false
}

// indexProvider ranks index blocks for one source: code (everything but
// prose) or docs (prose only).
type indexProvider struct {
	s    Searcher
	opts RankOptions
	src  Source
}

// NewCodeProvider returns the provider of code blocks: functions, types,
// headers and windows of every non-prose file, ranked as doc.go explains.
// Invalid options fall back to DefaultRankOptions.
func NewCodeProvider(s Searcher, opts RankOptions) Provider {
	return &indexProvider{s: s, opts: orDefault(opts), src: SourceCode}
}

// NewDocsProvider returns the provider of documentation (index.IsProse:
// Markdown, reST, AsciiDoc, Org, HTML, plain text), ranked like code
// without the reference graph.
func NewDocsProvider(s Searcher, opts RankOptions) Provider {
	return &indexProvider{s: s, opts: orDefault(opts), src: SourceDocs}
}

// BesideCode returns o for the docs source of an engine whose code source
// runs too: at most docsCandidates candidates. Every candidate is read,
// matched and weighed by the ranker, then split into lines and compared
// by the packer, and beside code the docs source's share of a pack holds
// a handful of sections: on the Go tree, 200 docs candidates cost a
// resident answer about 12 of its 75 CPU-ms, and 38 of 40 questions
// packed none of them (docs/BENCHMARKS.md, twenty-sixth session). Alone
// (--sources docs), the docs source keeps o's bound, so that a large
// budget is filled; a request that asks for more candidates
// (WithCandidates) gets them from every source.
func (o RankOptions) BesideCode() RankOptions {
	o.MaxCandidates = min(o.MaxCandidates, docsCandidates)
	return o
}

const docsCandidates = 60

func orDefault(o RankOptions) RankOptions {
	if o.Validate() != nil {
		d := DefaultRankOptions()
		d.Disabled = o.Disabled
		return d
	}
	return o
}

// Source names the provider's source.
func (p *indexProvider) Source() Source { return p.src }

// Candidates retrieves, scores and reads the blocks for q, best first,
// with scores normalized to [0,1].
func (p *indexProvider) Candidates(ctx context.Context, q Query) ([]Candidate, error) {
	if n, ok := requestCandidates(ctx); ok && n != p.opts.MaxCandidates {
		cp := *p
		cp.opts = p.opts.withCandidates(n)
		p = &cp
	}
	clock := newSoftClock(ctx)
	q = withRelated(p.s, q, p.opts) // vocabulary expansions: expand_terms.go
	pool, err := p.gather(ctx, q)
	if err != nil {
		return nil, err
	}
	if len(pool.list) == 0 {
		return nil, nil
	}
	r := newRanker(q, p.opts, p.src)
	r.base(pool)
	if p.src == SourceCode && !p.opts.disabled(signalGraph) {
		if !clock.over(expandShare, "no reference-graph lookups") {
			if err := p.expand(ctx, pool, r); err != nil {
				return nil, err
			}
		}
		r.graph(pool)
	}
	if p.src == SourceCode && !p.opts.disabled(signalDelegate) {
		r.delegates(pool)
	}
	top := r.cut(pool, p.opts.MaxCandidates)
	weighed := r.weigh(p.read(ctx, top, r, clock))
	neighbourLevels(weighed, r.neighbours(top))
	p.central(ctx, q, weighed) // needs coverage, and comes before spread
	cands := p.headers(ctx, r.settle(weighed), clock)
	if len(pool.list) < p.opts.MaxCandidates {
		cands = p.rest(ctx, cands, pool, clock)
	}
	if err := ctx.Err(); err != nil {
		return cands, err
	}
	return cands, clock.err()
}

// Shares of the time left before the context's deadline: graph lookups
// start only before expandShare of it has passed, and reading stops at
// readShare, so a slow request returns fewer candidates rather than none.
// What a request skips for time, it says (ErrCutShort), so that a pack
// cut for time never passes for a whole one.
const (
	expandShare = 0.5
	readShare   = 0.85
)

// ErrCutShort is wrapped by the error of a provider that returned what it
// had when its deadline drew near: its candidates are kept, and the error
// becomes a warning that says what was skipped.
var ErrCutShort = errors.New("cut short by the deadline")

// clockNow is the soft clock's time (a test moves it).
var clockNow = time.Now

// softClock measures a request against its context's deadline and
// records what the request skipped for time.
type softClock struct {
	start    time.Time
	deadline time.Time
	skipped  []string
}

func newSoftClock(ctx context.Context) *softClock {
	d, _ := ctx.Deadline()
	return &softClock{start: clockNow(), deadline: d}
}

// past reports whether share of the time from start to the deadline has
// gone by; never without a deadline.
func (c *softClock) past(share float64) bool {
	if c.deadline.IsZero() {
		return false
	}
	total := c.deadline.Sub(c.start)
	return clockNow().Sub(c.start) > time.Duration(share*float64(total))
}

// skip records what the request left undone for time.
func (c *softClock) skip(what string) { c.skipped = append(c.skipped, what) }

// over reports whether share of the time has gone by and, when it has,
// records what the request leaves undone for it.
func (c *softClock) over(share float64, what string) bool {
	if !c.past(share) {
		return false
	}
	c.skip(what)
	return true
}

// err is nil when nothing was skipped, else an ErrCutShort naming it all.
func (c *softClock) err() error {
	if len(c.skipped) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrCutShort, strings.Join(c.skipped, ", "))
}

// pool is the set of blocks found for one request, keyed by block ID, in
// the order they were found (for determinism).
type pool struct {
	byID  map[string]*found
	list  []*found
	tests bool // test blocks may join (see wantsTests)
}

// found is one block with what retrieval knows about it.
type found struct {
	block   index.Block
	bm25    float64 // full-text relevance, 0 when not a text hit
	symbol  bool    // found by an exact symbol lookup
	lookup  bool    // added by a graph lookup (caller or definition)
	pkg     float64 // the share of the best score of a qualifier's package search (searchPackages)
	signals []Signal
	score   float64
	via     string // for graph lookups: the seed it was found from
}

func newPool() *pool { return &pool{byID: map[string]*found{}} }

func (p *pool) add(b index.Block) *found {
	if f, ok := p.byID[b.ID]; ok {
		return f
	}
	f := &found{block: b}
	p.byID[b.ID] = f
	p.list = append(p.list, f)
	return f
}

// wantsTests reports whether the code source should search test files too:
// when the query is about tests, or names a test file (a frame of a stack
// trace, a path typed). Otherwise tests are left to the tests source, which
// follows the code this source chooses: test files that share the query's
// words (a table of cases, a fixture spelling every keyword) otherwise took
// a tenth of a pack's tokens from the code the task changes.
func wantsTests(q Query) bool {
	return q.AboutTests || slices.ContainsFunc(q.Paths, chunk.IsTestPath)
}

// gather runs the full-text search, the path search and the exact symbol
// lookups.
func (p *indexProvider) gather(ctx context.Context, q Query) (*pool, error) {
	pl := newPool()
	pl.tests = p.src != SourceCode || wantsTests(q)
	iq := index.Query{
		Text:         textQuery(q, p.opts.TextTerms),
		Identifiers:  capStrings(q.Identifiers, p.opts.MaxSymbolLookups),
		Paths:        q.Paths,
		ExcludeDocs:  p.src == SourceCode,
		ExcludeTests: !pl.tests,
		OnlyDocs:     p.src == SourceDocs,
		Limit:        p.opts.SearchLimit,
		Expand:       indexExpansions(q),
		NoStems:      len(q.Keywords) > maxExpandQuery, // expand_terms.go
	}
	if iq.Text != "" || len(iq.Identifiers) > 0 || len(iq.Paths) > 0 {
		hits, err := p.s.Search(ctx, iq)
		if err != nil {
			return nil, fmt.Errorf("engine: %s search: %w", p.src, err)
		}
		if len(hits) >= iq.Limit && distinctFiles(hits) < thinPoolFiles {
			// A few large files hold every hit: ask for more, so that
			// the other files that match reach the pool too.
			iq.Limit *= thinPoolFactor
			if hits, err = p.s.Search(ctx, iq); err != nil {
				return nil, fmt.Errorf("engine: %s search: %w", p.src, err)
			}
		}
		for _, h := range hits {
			f := pl.add(h.Block)
			f.bm25 = max(f.bm25, h.Score)
		}
	}
	if p.src == SourceCode {
		if err := p.lookupSymbols(ctx, q, pl); err != nil {
			return nil, err
		}
		if err := p.searchPackages(ctx, q, iq, pl); err != nil {
			return nil, err
		}
	}
	if err := p.searchPathWords(ctx, q, pl); err != nil {
		return nil, err
	}
	return pl, ctx.Err()
}

// A pool is thin when its full-text hits come from fewer than
// thinPoolFiles files; the search is then run again for thinPoolFactor
// times as many hits.
const (
	thinPoolFiles  = 20
	thinPoolFactor = 4
)

func distinctFiles(hits []index.Hit) int {
	seen := map[string]bool{}
	for _, h := range hits {
		seen[h.Block.Path] = true
	}
	return len(seen)
}

// searchPackages searches the rest of the query inside the directory
// where a qualified identifier's qualifier puts its name: "url.Parse
// accepts invalid port" → "accepts invalid port" in net/url/. Whoever
// names pkg.Func works in that package, and the code of their task there
// (validOptionalPort) can rank below the global cut among the whole
// tree's hits for common words ("port"), and inside the package below
// every block that mentions the qualified name's own words. At most
// maxPackageDirs directories, PackageHits hits each (the package signal
// scores them). Not for a long query (an issue with pasted code, a
// trace): the names it holds say what the code uses, not where the task
// is (pvlib-1606's pasted script named pvlib.temperature and
// pd.Timestamp; their packages took the place of the fix's file at 8k).
func (p *indexProvider) searchPackages(ctx context.Context, q Query, iq index.Query, pl *pool) error {
	if len(q.Keywords) > maxExpandQuery {
		return nil
	}
	dirs, named := qualifiedPackages(q, pl)
	var rest []string
	for _, k := range q.Keywords {
		if !named[fold(k)] && len(rest) < p.opts.TextTerms {
			rest = append(rest, k)
		}
	}
	if len(rest) == 0 {
		return nil
	}
	for _, d := range dirs {
		sq := index.Query{Text: strings.Join(rest, " "), PathPrefix: d + "/", ExcludeDocs: iq.ExcludeDocs,
			ExcludeTests: iq.ExcludeTests, Limit: p.opts.PackageHits, Expand: iq.Expand, NoStems: iq.NoStems}
		hits, err := p.s.Search(ctx, sq)
		if err != nil {
			return fmt.Errorf("engine: package search %s: %w", d, err)
		}
		best := 0.0
		for _, h := range hits {
			best = max(best, h.Score)
		}
		for _, h := range hits {
			if h.Score > 0 {
				f := pl.add(h.Block)
				f.pkg = max(f.pkg, h.Score/best)
			}
		}
	}
	return nil
}

// qualifiedPackages returns the directories where the lookups placed a
// qualified identifier's name (at most maxPackageDirs), and the words of
// those identifiers, folded.
func qualifiedPackages(q Query, pl *pool) (dirs []string, named map[string]bool) {
	named = map[string]bool{}
	for _, id := range identForms(q.Identifiers) {
		if id.qualifier == "" {
			continue
		}
		for _, part := range splitQualified(id.typed) {
			named[fold(part)] = true
		}
		for _, f := range pl.list {
			if d := path.Dir(f.block.Path); f.symbol && id.placed(f.block) && d != "." && !slices.Contains(dirs, d) && len(dirs) < maxPackageDirs {
				dirs = append(dirs, d)
			}
		}
	}
	return dirs, named
}

// maxPackageDirs bounds the packages searchPackages searches.
const maxPackageDirs = 2

// searchPathWords adds blocks of files whose path holds one of the top
// keywords ("autodoc typehints" → sphinx/ext/autodoc/typehints.py): a
// file named by the query can drown among the text hits of common words.
// Its hits carry no text score; the path signal ranks them.
func (p *indexProvider) searchPathWords(ctx context.Context, q Query, pl *pool) error {
	var words []string
	for _, k := range q.Keywords {
		if len(k) >= minNameLen && !isTestWord(k) && len(words) < p.opts.PathWords {
			words = append(words, k)
		}
	}
	if len(words) == 0 {
		return nil
	}
	hits, err := p.s.Search(ctx, index.Query{Paths: words, ExcludeDocs: p.src == SourceCode,
		ExcludeTests: !pl.tests, OnlyDocs: p.src == SourceDocs, Limit: p.opts.PathWordHits})
	if err != nil {
		return fmt.Errorf("engine: path words search: %w", err)
	}
	for _, h := range hits {
		pl.add(h.Block)
	}
	return nil
}

// lookupSymbols adds the blocks named exactly like the query's
// identifiers (as typed, then their last one or two qualified parts).
func (p *indexProvider) lookupSymbols(ctx context.Context, q Query, pl *pool) error {
	names := lookupNames(q.Identifiers, p.opts.MaxSymbolLookups)
	for _, c := range q.Compounds {
		names = append(names, CompoundNames(c)...)
	}
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return err
		}
		blocks, err := p.s.Symbol(ctx, name)
		if err != nil {
			return fmt.Errorf("engine: symbol %q: %w", name, err)
		}
		for _, b := range blocks {
			if p.keep(b, pl) {
				pl.add(b).symbol = true
			}
		}
	}
	return nil
}

// keep filters lookups to the provider's kind of block (index.IsProse, the
// rule the searches filter by), and to code that is not a test unless the
// pool takes tests.
func (p *indexProvider) keep(b index.Block, pl *pool) bool {
	return index.IsProse(b) == (p.src == SourceDocs) && (pl.tests || !b.Test)
}

// lookupNames derives symbol names from identifiers: "pkg.Type.method" →
// itself, "Type.method", "method"; "a::b::c" → "b::c" style parts joined
// with dots. Deduplicated, at most n.
func lookupNames(idents []string, n int) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if s != "" && !seen[s] && len(out) < n {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, id := range idents {
		parts := splitQualified(id)
		if parts == nil {
			continue
		}
		add(id)
		if len(parts) > 2 {
			add(strings.Join(parts[len(parts)-2:], "."))
		}
		if len(parts) > 1 {
			add(parts[len(parts)-1])
		}
	}
	return out
}

// textQuery is the full-text part of the search: the top keywords and the
// words of the identifiers. The index stems them (vocab.Stem) as it stems
// what it holds.
func textQuery(q Query, n int) string {
	seen := map[string]bool{}
	var terms []string
	add := func(w string) {
		if w != "" && !seen[w] && len(terms) < n {
			seen[w] = true
			terms = append(terms, w)
		}
	}
	for _, id := range q.Identifiers {
		add(strings.ToLower(strings.ReplaceAll(id, "::", ".")))
	}
	var later []string
	for _, k := range q.Keywords {
		if isTestWord(k) && !q.AboutTests {
			later = append(later, k) // tests are not the topic: ask for them last
			continue
		}
		add(k)
	}
	for _, k := range later {
		add(k)
	}
	return strings.Join(terms, " ")
}

// stem strips a plural or verb ending: "retries" → "retry", "parsing" →
// "pars", "redirects" → "redirect". The ranker counts a keyword's stem as
// a keyword too, so a file or block named "retry" matches "retries"
// (the index's own stemming, vocab.Stem, serves the full-text search).
func stem(w string) string {
	switch {
	case len(w) > 5 && strings.HasSuffix(w, "ing"):
		return w[:len(w)-3]
	case len(w) > 4 && strings.HasSuffix(w, "ed"):
		return w[:len(w)-2]
	}
	return singular(w)
}

func capStrings(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// read fetches the current text of each candidate through the index's
// freshness read; a block that cannot be read is left out.
func (p *indexProvider) read(ctx context.Context, top []*found, r *ranker, clock *softClock) []Candidate {
	out := make([]Candidate, 0, len(top))
	for i, f := range top {
		if ctx.Err() != nil {
			break
		}
		if clock.past(readShare) {
			clock.skip(fmt.Sprintf("read %d of %d candidates", i, len(top)))
			break
		}
		c, ok := readCandidate(p.s, p.src, f.block)
		if !ok {
			continue
		}
		r.phrase(f, c.Text)
		c.Score, c.Signals, c.Reason = f.score, f.signals, reasonOf(f.signals)
		out = append(out, c)
	}
	return out
}

// neighbours are the IDs of the blocks of top that only the graph found:
// looked up, with no text hit, and not a delegate (whose work is the
// point, in full).
func (r *ranker) neighbours(top []*found) map[string]bool {
	out := map[string]bool{}
	for _, f := range top {
		if f.lookup && f.bm25 == 0 && !r.delegated(f.block.ID) {
			out[f.block.ID] = true
		}
	}
	return out
}

// neighbourLevels offers each graph neighbour among c at its signature (a
// neighbour, not a match: its signature is the point), unless its text
// holds neighbourMatch of the query's words by the coverage signal: then
// it is a match the search ranked below its cut, and stays in full.
func neighbourLevels(c []Candidate, neighbours map[string]bool) {
	for i := range c {
		if neighbours[c[i].ID] && coverageShare(c[i]) < neighbourMatch {
			c[i].Level = LevelSignature
		}
	}
}

// coverageShare is the share of the query's strongest words a candidate
// holds, as its coverage signal says (0 without one).
func coverageShare(c Candidate) float64 {
	for _, s := range c.Signals {
		if s.Name == signalCoverage {
			return s.Value / weightCoverage
		}
	}
	return 0
}

// readCandidate reads b's current text through s as a candidate of src:
// the block as the read found it again (it may have moved), its freshness
// and whether the text is proven clean of secrets. false when b cannot be
// read. Scores and reasons are the caller's.
func readCandidate(s Searcher, src Source, b index.Block) (Candidate, bool) {
	bt, err := s.Read(b)
	if err != nil {
		return Candidate{}, false
	}
	nb := bt.Block
	if nb.ID == "" {
		nb = b
	}
	return Candidate{ID: b.ID, Source: src, Block: nb, Text: bt.Text,
		Stale: bt.Stale, Deleted: bt.Deleted, TextClean: bt.Clean}, true
}
