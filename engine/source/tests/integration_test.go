package tests_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/engine/source/changes/gittest"
	"github.com/loupe-dev/loupe/engine/source/commits"
	"github.com/loupe-dev/loupe/engine/source/tests"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/cputime"
)

// allSources opens (and updates) a real index of root and returns an
// engine over the code and docs providers, changes, graph expansion,
// tests and commits, with a deadline so long that a busy machine (or the
// race detector) cannot make a source miss it: the test is about what
// the sources find, engine_test.go about deadlines.
func allSources(tb testing.TB, root, indexDir string, now func() time.Time) (*engine.Engine, *index.Index) {
	_, ix, _ := allSourcesTimed(tb, root, indexDir, now)
	return newEngine(ix, root, now, &stopwatch{sum: map[string]time.Duration{}}, time.Minute), ix
}

// stopwatch sums the time each named provider or follower takes.
type stopwatch struct {
	mu  sync.Mutex
	sum map[string]time.Duration
}

func (s *stopwatch) add(name string, start time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sum[name] += time.Since(start)
}

type timedProvider struct {
	engine.Provider
	name string
	sw   *stopwatch
}

func (p timedProvider) Candidates(ctx context.Context, q engine.Query) ([]engine.Candidate, error) {
	defer p.sw.add(p.name, time.Now())
	return p.Provider.Candidates(ctx, q)
}

type timedFollower struct {
	engine.Follower
	name string
	sw   *stopwatch
}

func (f timedFollower) Follow(ctx context.Context, q engine.Query, top []engine.Candidate) ([]engine.Candidate, error) {
	defer f.sw.add(f.name, time.Now())
	return f.Follower.Follow(ctx, q, top)
}

func allSourcesTimed(tb testing.TB, root, indexDir string, now func() time.Time) (*engine.Engine, *index.Index, *stopwatch) {
	tb.Helper()
	opts := index.DefaultOptions()
	opts.IndexDir = indexDir
	ix, err := index.Open(root, opts)
	if err != nil {
		tb.Fatalf("open index: %v", err)
	}
	tb.Cleanup(func() { _ = ix.Close() })
	if _, err := ix.Update(context.Background(), nil); err != nil {
		tb.Fatalf("update index: %v", err)
	}
	sw := &stopwatch{sum: map[string]time.Duration{}}
	return newEngine(ix, root, now, sw, engine.DefaultDeadline), ix, sw
}

// newEngine builds the sources over an open index: fresh sources have
// empty caches (the commits source caches what git says about a sha).
func newEngine(ix *index.Index, root string, now func() time.Time, sw *stopwatch, deadline time.Duration) *engine.Engine {
	rank := engine.DefaultRankOptions()
	providers := []engine.Provider{
		timedProvider{engine.NewCodeProvider(ix, rank), "code", sw},
		timedProvider{engine.NewDocsProvider(ix, rank), "docs", sw},
		timedProvider{changes.New(changes.Options{Root: root, Now: now}), "changes", sw},
	}
	followers := []engine.Follower{
		timedFollower{engine.NewGraphFollower(ix), "graph", sw},
		timedFollower{tests.New(ix), "tests", sw},
		timedFollower{commits.New(ix, commits.Options{Root: root, Now: now}), "commits", sw},
	}
	opts := engine.DefaultOptions()
	opts.Deadline = deadline
	return engine.New(opts, providers, followers)
}

const retryGo = `package pay

import "time"

// Payment is one charge to make.
type Payment struct {
	Amount int
}

// processPayment charges p, retrying when the gateway flakes.
func processPayment(p Payment) error {
	return retryWithBackoff(3, func() error { return charge(p) })
}

// retryWithBackoff calls f up to n times, sleeping longer each time.
func retryWithBackoff(n int, f func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Millisecond)
	}
	return err
}

func charge(p Payment) error { return nil }
`

const retryTestGo = `package pay

import "testing"

func TestRetryWithBackoff(t *testing.T) {
	if err := retryWithBackoff(2, func() error { return nil }); err != nil {
		t.Fatal(err)
	}
}
`

// TestRetrieveThroughRealParts runs every source of this area on a real
// git repository with a real index.
func TestRetrieveThroughRealParts(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	r := gittest.New(t)
	r.Write("README.md", "# pay\n", time.Time{})
	r.Commit(now.Add(-50*24*time.Hour), "start") // the first commit: no hunks are asked of it
	r.Write("pay/retry.go", retryGo, time.Time{})
	r.Write("pay/retry_test.go", retryTestGo, time.Time{})
	r.Write("README.md", "# pay\n\nPayments with retries.\n", time.Time{})
	r.Commit(now.Add(-40*24*time.Hour), "pay: retry payments with backoff\n\nThe gateway drops one request in fifty.")
	r.Write("pay/refund.go", "package pay\n\nfunc refund(p Payment) error { return charge(p) }\n", time.Time{})
	r.Commit(now.Add(-2*24*time.Hour), "pay: refunds")
	r.Write("pay/retry.go", strings.Replace(retryGo, "i := 0; i < n", "i := 1; i <= n", 1), now.Add(-5*time.Minute))

	e, _ := allSources(t, r.Dir, t.TempDir(), func() time.Time { return now })
	res, err := e.Retrieve(context.Background(), "why does retryWithBackoff retry payments")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 0 {
		t.Errorf("warnings: %q", res.Warnings)
	}
	by := map[engine.Source][]engine.Candidate{}
	for _, c := range res.Candidates {
		by[c.Source] = append(by[c.Source], c)
	}
	has := func(src engine.Source, pred func(engine.Candidate) bool, what string) {
		t.Helper()
		if !slices.ContainsFunc(by[src], pred) {
			t.Errorf("%s: no %s among %v", src, what, ids(by[src]))
		}
	}
	has(engine.SourceCode, func(c engine.Candidate) bool { return c.Block.Name == "retryWithBackoff" }, "retryWithBackoff")
	has(engine.SourceChanges, func(c engine.Candidate) bool {
		return c.Meta["status"] == "unstaged" && c.Keep && c.Meta["age"] == "5 minutes ago"
	}, "kept unstaged edit")
	has(engine.SourceTests, func(c engine.Candidate) bool {
		return c.Block.Name == "TestRetryWithBackoff" && c.Reason == "tests retryWithBackoff"
	}, "TestRetryWithBackoff")
	has(engine.SourceCommits, func(c engine.Candidate) bool {
		return strings.Contains(c.Text, "pay: retry payments with backoff") && strings.Contains(c.Text, "--- pay/retry.go\n@@")
	}, "the commit that added retryWithBackoff, with its hunks")
	retry := by[engine.SourceCode][slices.IndexFunc(by[engine.SourceCode], func(c engine.Candidate) bool { return c.Block.Name == "retryWithBackoff" })]
	expanded, err := e.Expand(context.Background(), retry)
	if err != nil {
		t.Fatal(err)
	}
	by = map[engine.Source][]engine.Candidate{}
	for _, c := range expanded {
		by[c.Source] = append(by[c.Source], c)
	}
	has(engine.SourceCode, func(c engine.Candidate) bool {
		return c.Block.Name == "processPayment" && c.Reason == "calls retryWithBackoff" && c.Level == engine.LevelReference
	}, "caller from graph expansion")
	has(engine.SourceTests, func(c engine.Candidate) bool { return c.Block.Name == "TestRetryWithBackoff" }, "test in Expand")
	seen := map[string]bool{}
	for _, c := range res.Candidates {
		if seen[c.ID] {
			t.Errorf("duplicate ID %s", c.ID)
		}
		seen[c.ID] = true
	}
}

func ids(cs []engine.Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// BenchmarkRetrieve measures Retrieve end to end with every source of
// this area on the repository named by LOUPE_BENCH_REPO (a clone with real
// history), with a warm index in LOUPE_BENCH_INDEX (or a temporary one).
// "warm" reuses one engine (the commits cache warm too); "new-engine"
// builds fresh sources for every query (only the index is warm).
func BenchmarkRetrieve(b *testing.B) {
	root := os.Getenv("LOUPE_BENCH_REPO")
	if root == "" {
		b.Skip("LOUPE_BENCH_REPO not set")
	}
	dir := os.Getenv("LOUPE_BENCH_INDEX")
	if dir == "" {
		dir = b.TempDir()
	}
	e, ix, sw := allSourcesTimed(b, root, dir, time.Now)
	queries := strings.Split(cmpOr(os.Getenv("LOUPE_BENCH_QUERIES"), "fix the preview window border rendering|how are ANSI colors parsed|add a new keybinding action"), "|")
	for _, q := range queries { // warm the page cache and the index's caches
		if _, err := e.Retrieve(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("warm", func(b *testing.B) { benchQueries(b, func() *engine.Engine { return e }, queries, sw) })
	b.Run("new-engine", func(b *testing.B) {
		benchQueries(b, func() *engine.Engine { return newEngine(ix, root, time.Now, sw, engine.DefaultDeadline) }, queries, sw)
	})
}

func benchQueries(b *testing.B, engineFor func() *engine.Engine, queries []string, sw *stopwatch) {
	sw.mu.Lock()
	sw.sum = map[string]time.Duration{}
	sw.mu.Unlock()
	i := 0
	cpu0 := cputime.WithChildren() // the git commands are its children
	for b.Loop() {
		res, err := engineFor().Retrieve(context.Background(), queries[i%len(queries)])
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Warnings) > 0 {
			b.Logf("warnings: %q", res.Warnings)
		}
		i++
	}
	b.ReportMetric(float64((cputime.WithChildren()-cpu0).Microseconds())/1000/float64(max(i, 1)), "cpu-ms/op")
	sw.mu.Lock()
	defer sw.mu.Unlock()
	for name, d := range sw.sum {
		b.ReportMetric(float64(d.Microseconds())/1000/float64(max(i, 1)), name+"-ms/op")
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// BenchmarkSources times each source of this area alone on
// LOUPE_BENCH_REPO, followers with the code provider's top 8 hits.
func BenchmarkSources(b *testing.B) {
	root := os.Getenv("LOUPE_BENCH_REPO")
	if root == "" {
		b.Skip("LOUPE_BENCH_REPO not set")
	}
	dir := os.Getenv("LOUPE_BENCH_INDEX")
	if dir == "" {
		dir = b.TempDir()
	}
	_, ix, _ := allSourcesTimed(b, root, dir, time.Now)
	ctx := context.Background()
	q := engine.AnalyzeQuery(cmpOr(os.Getenv("LOUPE_BENCH_QUERY"), "fix the preview window border rendering"))
	code, err := engine.NewCodeProvider(ix, engine.DefaultRankOptions()).Candidates(ctx, q)
	if err != nil {
		b.Fatal(err)
	}
	top := code[:min(engine.DefaultTopForFollowers, len(code))]
	warmCommits := commits.New(ix, commits.Options{Root: root})
	cases := []struct {
		name string
		run  func() ([]engine.Candidate, error)
	}{
		{"changes", func() ([]engine.Candidate, error) { return changes.New(changes.Options{Root: root}).Candidates(ctx, q) }},
		{"graph", func() ([]engine.Candidate, error) { return engine.NewGraphFollower(ix).Follow(ctx, q, top) }},
		{"tests", func() ([]engine.Candidate, error) { return tests.New(ix).Follow(ctx, q, top) }},
		{"commits-cold", func() ([]engine.Candidate, error) {
			return commits.New(ix, commits.Options{Root: root}).Follow(ctx, q, top)
		}},
		{"commits-warm", func() ([]engine.Candidate, error) { return warmCommits.Follow(ctx, q, top) }},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				got, err := tc.run()
				if err != nil {
					b.Fatal(err)
				}
				n = len(got)
			}
			b.ReportMetric(float64(n), "blocks")
		})
	}
}
