package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrBadOptions is returned by Options.Validate.
var ErrBadOptions = errors.New("engine: bad options")

// Orchestration defaults.
const (
	DefaultDeadline        = 500 * time.Millisecond
	DefaultTopForFollowers = 8
)

// Options configure how an Engine runs its sources.
type Options struct {
	// Deadline bounds each source: every provider gets it, and every
	// follower gets it again from its start, once the code providers are
	// done. A source that misses it is left out with a warning; the
	// others still return.
	Deadline time.Duration
	// TopForFollowers is how many of the best code candidates followers
	// (tests, graph expansion, commits) build on.
	TopForFollowers int
	// Redactor, when set, takes secrets out of every candidate as it is
	// collected, before packing: token counts are of the redacted text.
	Redactor Redactor
}

// DefaultOptions returns the defaults: a 500 ms deadline per source and
// the top 8 code candidates for followers.
func DefaultOptions() Options {
	return Options{Deadline: DefaultDeadline, TopForFollowers: DefaultTopForFollowers}
}

// Validate reports options that cannot work.
func (o Options) Validate() error {
	if o.Deadline <= 0 {
		return fmt.Errorf("%w: deadline %v is not positive", ErrBadOptions, o.Deadline)
	}
	if o.TopForFollowers < 0 {
		return fmt.Errorf("%w: top for followers %d is negative", ErrBadOptions, o.TopForFollowers)
	}
	return nil
}

// Engine runs the enabled sources of one repository for a query. It holds
// no per-query state: one Engine serves concurrent and superseded queries.
type Engine struct {
	opts      Options
	providers []Provider
	followers []Follower
}

// New returns an engine over providers and followers. A zero Deadline or
// TopForFollowers takes its default.
func New(opts Options, providers []Provider, followers []Follower) *Engine {
	if opts.Deadline <= 0 {
		opts.Deadline = DefaultDeadline
	}
	if opts.TopForFollowers <= 0 {
		opts.TopForFollowers = DefaultTopForFollowers
	}
	return &Engine{opts: opts, providers: slices.Clone(providers), followers: slices.Clone(followers)}
}

// Retrieval is what one query retrieved from every source, before packing.
type Retrieval struct {
	Query      Query
	Candidates []Candidate // source order, then score, then path and line
	// Warnings name each source that failed or missed its deadline
	// ("commits: timed out after 500ms"); the other sources still count.
	Warnings []string
	Timings  map[Source]time.Duration
}

// Retrieve analyses raw and runs every provider in parallel. Followers
// need only the code candidates: they start, in parallel, as soon as the
// code providers are done, beside the providers still running (a slow
// diagnostics command does not hold them up). Each source has its own
// deadline; a cancelled ctx (a newer query) stops everything and returns
// ctx's error.
func (e *Engine) Retrieve(ctx context.Context, raw string) (*Retrieval, error) {
	return e.RetrieveQuery(ctx, AnalyzeQuery(raw))
}

// RetrieveQuery is Retrieve for a query already analysed (or planned by a
// model, see ApplyPlan).
func (e *Engine) RetrieveQuery(ctx context.Context, q Query) (*Retrieval, error) {
	r := &Retrieval{Query: q, Timings: map[Source]time.Duration{}}
	pjobs := make([]job, 0, len(e.providers))
	for _, p := range e.providers {
		pjobs = append(pjobs, job{src: p.Source(), run: func(ctx context.Context) ([]Candidate, error) {
			return p.Candidates(ctx, r.Query)
		}})
	}
	pouts := make([]outcome, len(pjobs))
	var code, rest sync.WaitGroup
	for i, j := range pjobs {
		wg := &rest
		if j.src == SourceCode {
			wg = &code
		}
		wg.Go(func() { pouts[i] = e.runJob(ctx, j) })
	}
	code.Wait()
	top := topCode(codeCandidates(pjobs, pouts), e.opts.TopForFollowers)
	fjobs := e.followerJobs(r.Query, top)
	fouts := e.runAll(ctx, fjobs)
	rest.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	set := newCandidateSet(counted(pouts) + counted(fouts))
	e.collect(r, set, pjobs, pouts)
	e.collect(r, set, fjobs, fouts)
	fuse(r.Query, set.list)
	r.Candidates = set.sorted()
	return r, nil
}

// codeCandidates are the candidates of the code providers that answered.
// It reads only the code providers' outcomes: the others may still be
// being written.
func codeCandidates(jobs []job, outs []outcome) []Candidate {
	set := newCandidateSet(0)
	for i := range jobs {
		if jobs[i].src != SourceCode || !kept(outs[i].err) {
			continue
		}
		for _, c := range outs[i].cands {
			set.add(c, SourceCode)
		}
	}
	return set.list
}

// Expand returns the neighbours of one block for a person exploring it:
// what every follower finds with c as the only top hit (its callees and
// type definitions, its callers, its tests, the commits that touched it),
// without c itself. Failing followers are skipped; the error is non-nil
// only when ctx is cancelled or every follower failed.
func (e *Engine) Expand(ctx context.Context, c Candidate) ([]Candidate, error) {
	name := cmp.Or(c.Block.QualName, c.Block.Name, c.Block.Path)
	r := &Retrieval{Query: AnalyzeQuery(name), Timings: map[Source]time.Duration{}}
	set := newCandidateSet(0)
	set.add(c, c.Source) // so that followers' copies of c are dropped
	jobs := e.followerJobs(r.Query, []Candidate{c})
	outs := e.runAll(ctx, jobs)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.collect(r, set, jobs, outs)
	out := slices.DeleteFunc(set.sorted(), func(x Candidate) bool { return x.ID == c.ID && x.Source == c.Source })
	if len(e.followers) > 0 && len(r.Warnings) == len(e.followers) {
		return out, fmt.Errorf("engine: expand %s: %s", name, strings.Join(r.Warnings, "; "))
	}
	return out, nil
}

func (e *Engine) followerJobs(q Query, top []Candidate) []job {
	jobs := make([]job, 0, len(e.followers))
	for _, f := range e.followers {
		jobs = append(jobs, job{src: f.Source(), run: func(ctx context.Context) ([]Candidate, error) {
			return f.Follow(ctx, q, slices.Clone(top))
		}})
	}
	return jobs
}

// topCode returns the n best code candidates, best first.
func topCode(list []Candidate, n int) []Candidate {
	var code []Candidate
	for _, c := range list {
		if c.Source == SourceCode && !c.Filler {
			code = append(code, c)
		}
	}
	slices.SortStableFunc(code, ByRank)
	return code[:min(n, len(code))]
}

// sourceRank places s in the default output order; unknown sources last.
func sourceRank(s Source) int {
	if i := slices.Index(DefaultOrder(), s); i >= 0 {
		return i
	}
	return len(DefaultOrder())
}

func byOutputOrder(a, b Candidate) int {
	if c := cmp.Compare(sourceRank(a.Source), sourceRank(b.Source)); c != 0 {
		return c
	}
	if c := strings.Compare(string(a.Source), string(b.Source)); c != 0 {
		return c
	}
	return ByRank(a, b)
}

// candidateSet collects candidates with IDs unique across sources.
type candidateSet struct {
	list   []Candidate
	ids    map[string]bool
	blocks map[string]bool // source + block ID: a block offered twice by one source
}

// newCandidateSet makes a set for about n candidates: a Candidate is a
// few hundred bytes, and growing the list for 600 of them copied it
// several times.
func newCandidateSet(n int) *candidateSet {
	return &candidateSet{list: make([]Candidate, 0, n), ids: make(map[string]bool, n), blocks: make(map[string]bool, n)}
}

// counted is how many candidates outs hold.
func counted(outs []outcome) int {
	n := 0
	for _, o := range outs {
		n += len(o.cands)
	}
	return n
}

// add keeps c unless its source already offered the same block (the first
// copy wins: providers run before followers). An ID already taken by
// another block gets the source as prefix, then a "~N" suffix.
func (s *candidateSet) add(c Candidate, src Source) {
	if c.Source == "" {
		c.Source = src
	}
	if c.ID == "" {
		c.ID = string(c.Source) + ":" + c.Block.ID
	}
	key := string(c.Source) + "\x00" + cmp.Or(c.Block.ID, c.ID)
	if s.blocks[key] {
		return
	}
	s.blocks[key] = true
	if s.ids[c.ID] {
		c.ID = s.freeID(string(c.Source) + ":" + c.ID)
	}
	s.ids[c.ID] = true
	s.list = append(s.list, c)
}

func (s *candidateSet) freeID(id string) string {
	for n, try := 2, id; ; n++ {
		if !s.ids[try] {
			return try
		}
		try = id + "~" + strconv.Itoa(n)
	}
}

// sorted sorts the set's list in output order, in place (the set is not
// used after), and returns it.
func (s *candidateSet) sorted() []Candidate {
	slices.SortStableFunc(s.list, byOutputOrder)
	return s.list
}

// job is one source's work in a stage.
type job struct {
	src Source
	run func(ctx context.Context) ([]Candidate, error)
}

type outcome struct {
	cands []Candidate
	err   error
	took  time.Duration
}

// runAll runs jobs in parallel, each under its own deadline.
func (e *Engine) runAll(ctx context.Context, jobs []job) []outcome {
	outs := make([]outcome, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Go(func() { outs[i] = e.runJob(ctx, j) })
	}
	wg.Wait()
	return outs
}

// collect adds what jobs found to set in job order (deterministic
// whatever finished first); a job that failed or missed its deadline adds
// a warning instead, and one cut short (ErrCutShort) adds both.
func (e *Engine) collect(r *Retrieval, set *candidateSet, jobs []job, outs []outcome) {
	for i, o := range outs {
		src := jobs[i].src
		r.Timings[src] += o.took
		if o.err != nil {
			r.Warnings = append(r.Warnings, warning(src, o.err, e.opts.Deadline))
			if !kept(o.err) {
				continue
			}
		}
		for _, c := range o.cands {
			set.add(neutralizeCandidate(redact(e.opts.Redactor, c)), src)
		}
	}
}

// runJob runs one job under the deadline. It returns when the job does or
// when the deadline passes, whichever comes first: a source that ignores
// its context cannot hold up the query (its goroutine ends on its own).
func (e *Engine) runJob(ctx context.Context, j job) outcome {
	jctx, cancel := context.WithTimeout(ctx, e.opts.Deadline)
	defer cancel()
	start := time.Now()
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{err: fmt.Errorf("panic: %v", p)}
			}
		}()
		cands, err := j.run(jctx)
		done <- outcome{cands: cands, err: err}
	}()
	var o outcome
	select {
	case o = <-done:
	case <-jctx.Done():
		select {
		case o = <-done: // finished just in time: keep it
		default:
			o = outcome{err: jctx.Err()}
		}
	}
	o.took = time.Since(start)
	return o
}

// kept reports whether a job's candidates are used despite err: none
// when it failed, all when it was only cut short.
func kept(err error) bool { return err == nil || errors.Is(err, ErrCutShort) }

// warning is the one line shown for a failed source:
// "commits: timed out after 500ms", "diagnostics: exit status 2: …".
func warning(src Source, err error, deadline time.Duration) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Sprintf("%s: timed out after %v", src, deadline)
	}
	msg := err.Error()
	for _, prefix := range []string{string(src) + ": ", "engine: "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	return string(src) + ": " + msg
}
