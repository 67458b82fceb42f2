package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/index"
)

// fakeProvider returns fixed candidates, or an error, or blocks.
type fakeProvider struct {
	src     Source
	cands   []Candidate
	err     error
	hang    bool          // block until the context ends
	stuck   chan struct{} // block until closed, ignoring the context
	started chan struct{} // closed when Candidates is called
	panics  bool
}

func (f *fakeProvider) Source() Source { return f.src }

func (f *fakeProvider) Candidates(ctx context.Context, q Query) ([]Candidate, error) {
	if f.started != nil {
		close(f.started)
	}
	switch {
	case f.panics:
		panic("boom")
	case f.hang:
		<-ctx.Done()
		return nil, ctx.Err()
	case f.stuck != nil:
		<-f.stuck
	}
	return f.cands, f.err
}

// fakeFollower records the top candidates it was given.
type fakeFollower struct {
	src   Source
	cands []Candidate
	err   error
	mu    sync.Mutex
	got   []string
}

func (f *fakeFollower) Source() Source { return f.src }

func (f *fakeFollower) Follow(ctx context.Context, q Query, top []Candidate) ([]Candidate, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range top {
		f.got = append(f.got, c.ID)
	}
	return f.cands, f.err
}

func cand(src Source, id, path string, line int, score float64) Candidate {
	return Candidate{ID: id, Source: src, Score: score, Block: index.Block{ID: id, Path: path, StartLine: line, EndLine: line + 1}}
}

func ids(cs []Candidate) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func TestRetrievePartialResultsAndWarnings(t *testing.T) {
	stuck := make(chan struct{})
	t.Cleanup(func() { close(stuck) })
	providers := []Provider{
		&fakeProvider{src: SourceCode, cands: []Candidate{cand(SourceCode, "a.go#A", "a.go", 1, 2)}},
		&fakeProvider{src: SourceCommits, hang: true},
		&fakeProvider{src: SourceDiagnostics, err: errors.New("diagnostics: exit status 2: vet: bad")},
		&fakeProvider{src: SourceNotes, stuck: stuck},
		&fakeProvider{src: SourceDocs, panics: true},
		&fakeProvider{src: SourceChanges, cands: []Candidate{cand(SourceChanges, "changes:x", "x.go", 3, 1)}},
	}
	// The deadline only bounds how long the hanging sources hold the test;
	// it is long enough that the fast ones always make it on a busy machine.
	e := New(Options{Deadline: 200 * time.Millisecond}, providers, nil)
	r, err := e.Retrieve(context.Background(), "retry the payment")
	if err != nil {
		t.Fatalf("Retrieve: %v", err)
	}
	if got, want := ids(r.Candidates), []string{"changes:x", "a.go#A"}; !slices.Equal(got, want) {
		t.Errorf("candidates %v, want %v", got, want)
	}
	want := []string{
		"commits: timed out after 200ms",
		"diagnostics: exit status 2: vet: bad",
		"notes: timed out after 200ms",
		"docs: panic: boom",
	}
	if !slices.Equal(r.Warnings, want) {
		t.Errorf("warnings:\n%q\nwant\n%q", r.Warnings, want)
	}
	for _, src := range []Source{SourceCode, SourceCommits, SourceDiagnostics, SourceNotes, SourceDocs, SourceChanges} {
		if _, ok := r.Timings[src]; !ok {
			t.Errorf("no timing for %s", src)
		}
	}
	if r.Query.Raw != "retry the payment" || !slices.Contains(r.Query.Keywords, "retry") {
		t.Errorf("query not analysed: %+v", r.Query)
	}
}

func TestRetrieveCancelled(t *testing.T) {
	started := make(chan struct{})
	e := New(Options{Deadline: time.Hour}, []Provider{&fakeProvider{src: SourceCode, hang: true, started: started}}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := e.Retrieve(ctx, "q")
		errc <- err
	}()
	<-started
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestFollowersGetTopCode(t *testing.T) {
	code := []Candidate{
		cand(SourceCode, "c1", "c.go", 1, 1),
		cand(SourceCode, "c2", "c.go", 9, 5),
		cand(SourceCode, "c3", "b.go", 1, 3),
		cand(SourceCode, "c4", "a.go", 1, 3),
	}
	tests := &fakeFollower{src: SourceTests, cands: []Candidate{cand(SourceTests, "tests:t1", "c_test.go", 1, 2)}}
	graph := &fakeFollower{src: SourceCode, cands: []Candidate{
		cand(SourceCode, "c2", "c.go", 9, 0.1), // already there: dropped
		cand(SourceCode, "g1", "g.go", 1, 0.5),
	}}
	broken := &fakeFollower{src: SourceCommits, err: errors.New("commits: index closed")}
	e := New(Options{TopForFollowers: 3}, []Provider{&fakeProvider{src: SourceCode, cands: code}}, []Follower{tests, graph, broken})
	r, err := e.Retrieve(context.Background(), "q")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"c2", "c4", "c3"}; !slices.Equal(tests.got, want) || !slices.Equal(graph.got, want) {
		t.Errorf("followers got %v and %v, want %v (score, then path)", tests.got, graph.got, want)
	}
	if got, want := ids(r.Candidates), []string{"c2", "c4", "c3", "c1", "g1", "tests:t1"}; !slices.Equal(got, want) {
		t.Errorf("candidates %v, want %v", got, want)
	}
	if !slices.Equal(r.Warnings, []string{"commits: index closed"}) {
		t.Errorf("warnings %q", r.Warnings)
	}
}

func TestCandidateIDsUniqueAcrossSources(t *testing.T) {
	p1 := &fakeProvider{src: SourceCode, cands: []Candidate{cand(SourceCode, "x", "x.go", 1, 1)}}
	p2 := &fakeProvider{src: SourceDocs, cands: []Candidate{
		cand(SourceDocs, "x", "x.md", 1, 1),
		cand(SourceDocs, "docs:x", "y.md", 1, 1),
		{Source: SourceDocs, Block: index.Block{ID: "z.md#Z", Path: "z.md"}},
	}}
	p3 := &fakeProvider{src: SourceNotes, cands: []Candidate{{Block: index.Block{ID: "n1"}}}}
	r, err := New(DefaultOptions(), []Provider{p1, p2, p3}, nil).Retrieve(context.Background(), "q")
	if err != nil {
		t.Fatal(err)
	}
	got := ids(r.Candidates)
	want := []string{"x", "docs:x", "docs:docs:x", "docs:z.md#Z", "notes:n1"}
	if !slices.Equal(got, want) {
		t.Errorf("ids %v, want %v", got, want)
	}
	if r.Candidates[len(r.Candidates)-1].Source != SourceNotes {
		t.Errorf("source not filled in: %+v", r.Candidates[len(r.Candidates)-1])
	}
}

func TestRetrieveOrderIsDeterministic(t *testing.T) {
	a := []Candidate{
		cand(SourceTests, "t", "t_test.go", 1, 9),
		cand(SourceCode, "b2", "b.go", 20, 1),
		cand(SourceCode, "b1", "b.go", 10, 1),
		cand(SourceCode, "a", "a.go", 5, 1),
		cand(SourceCode, "top", "z.go", 1, 3),
		cand(Source("custom"), "u", "u", 1, 99),
		cand(SourceDiagnostics, "d", "d.go", 1, 0.1),
	}
	want := []string{"d", "top", "a", "b1", "b2", "t", "u"}
	for i := range 5 {
		shuffled := slices.Clone(a)
		for j := range shuffled {
			k := (j*7 + i) % len(shuffled)
			shuffled[j], shuffled[k] = shuffled[k], shuffled[j]
		}
		var ps []Provider
		for _, c := range shuffled {
			ps = append(ps, &fakeProvider{src: c.Source, cands: []Candidate{c}})
		}
		r, err := New(DefaultOptions(), ps, nil).Retrieve(context.Background(), "q")
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(r.Candidates); !slices.Equal(got, want) {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}

func TestExpand(t *testing.T) {
	sel := cand(SourceCode, "p.go#processPayment", "p.go", 1, 2)
	sel.Block.Name = "processPayment"
	graph := &fakeFollower{src: SourceCode, cands: []Candidate{sel, cand(SourceCode, "r.go#retry", "r.go", 1, 1)}}
	tests := &fakeFollower{src: SourceTests, cands: []Candidate{cand(SourceTests, "tests:p_test.go#TestPay", "p_test.go", 1, 1)}}
	slow := &fakeFollower{src: SourceCommits, err: context.DeadlineExceeded}
	e := New(DefaultOptions(), nil, []Follower{graph, tests, slow})
	got, err := e.Expand(context.Background(), sel)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"r.go#retry", "tests:p_test.go#TestPay"}; !slices.Equal(ids(got), want) {
		t.Errorf("expand %v, want %v", ids(got), want)
	}
	if !slices.Equal(graph.got, []string{sel.ID}) {
		t.Errorf("follower got top %v, want the selected block only", graph.got)
	}
	allFail := New(DefaultOptions(), nil, []Follower{slow})
	if _, err := allFail.Expand(context.Background(), sel); err == nil {
		t.Error("no error when every follower failed")
	}
}

func TestOptionsValidate(t *testing.T) {
	if err := DefaultOptions().Validate(); err != nil {
		t.Errorf("defaults: %v", err)
	}
	for _, o := range []Options{{Deadline: 0, TopForFollowers: 1}, {Deadline: time.Second, TopForFollowers: -1}} {
		if err := o.Validate(); !errors.Is(err, ErrBadOptions) {
			t.Errorf("%+v: err %v, want ErrBadOptions", o, err)
		}
	}
}

// gateFollower opens a gate when it is called.
type gateFollower struct{ gate chan struct{} }

func (g *gateFollower) Source() Source { return SourceTests }

func (g *gateFollower) Follow(ctx context.Context, q Query, top []Candidate) ([]Candidate, error) {
	close(g.gate)
	return []Candidate{cand(SourceTests, "tests:t", "t_test.go", 1, 1)}, nil
}

// Followers start once the code providers are done, beside a slower
// provider: here the slow one waits for the follower to run, so the
// request can only finish without warnings if followers do not wait for
// every provider.
func TestFollowersDoNotWaitForOtherProviders(t *testing.T) {
	gate := make(chan struct{})
	slow := &fakeProvider{src: SourceDiagnostics, stuck: gate, cands: []Candidate{cand(SourceDiagnostics, "d", "d.go", 1, 1)}}
	code := &fakeProvider{src: SourceCode, cands: []Candidate{cand(SourceCode, "c", "c.go", 1, 1)}}
	e := New(Options{Deadline: 10 * time.Second}, []Provider{slow, code}, []Follower{&gateFollower{gate: gate}})
	r, err := e.Retrieve(context.Background(), "q")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 0 || !slices.Equal(ids(r.Candidates), []string{"d", "c", "tests:t"}) {
		t.Errorf("warnings %q, candidates %v", r.Warnings, ids(r.Candidates))
	}
}

// An engine over a fast code source and a diagnostics source that fails:
// the request still returns the code, and the failure is one warning.
func ExampleEngine_Retrieve() {
	code := &fakeProvider{src: SourceCode, cands: []Candidate{cand(SourceCode, "pay/retry.go#retryWithBackoff", "pay/retry.go", 10, 2)}}
	vet := &fakeProvider{src: SourceDiagnostics, err: errors.New("exit status 2: go vet failed")}
	e := New(DefaultOptions(), []Provider{code, vet}, nil)
	r, err := e.Retrieve(context.Background(), "why does retryWithBackoff give up")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range r.Candidates {
		fmt.Println(c.Source, c.ID)
	}
	fmt.Println(r.Warnings)
	// Output:
	// code pay/retry.go#retryWithBackoff
	// [diagnostics: exit status 2: go vet failed]
}
