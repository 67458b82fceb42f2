// Package commits is loupe's "commits" source: the history that explains
// why the code is the way it is. The index holds every commit (subject,
// body, author, date, files, stats) in its own full-text index; this
// source searches it with the query and builds one block per commit:
// sha7, author, date, the message, the files changed with their stats,
// and the hunks of the files that are also among the top code hits
// (trimmed), because those are what the model is about to read.
//
// It is a Follower rather than a Provider: which hunks to show depends on
// the strongest code candidates, and a commit that touched them ranks
// higher (bonusTouchesTop). The search itself only needs the query, but
// it is one index lookup of a few milliseconds; the git show calls that
// follow are the cost, and they need the top hits.
package commits

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Searcher finds indexed commits; *index.Index implements it.
type Searcher interface {
	SearchCommits(ctx context.Context, text string, limit int) ([]index.CommitHit, error)
}

// Options configure the source. Zero fields take their defaults.
type Options struct {
	Root         string           // the repository root, for git show
	Limit        int              // commits offered (default 6)
	MaxDiffLines int              // diff lines shown per commit (default 60)
	MaxFiles     int              // files listed per commit (default 20)
	Now          func() time.Time // the clock (default time.Now)
	// SecretFiles shows the diffs of files that usually hold secrets
	// (index.SecretFile: .env, private keys), left out by default: a .env
	// removed from tracking must not leak through its last commit.
	SecretFiles bool
}

// Defaults.
const (
	DefaultLimit        = 6
	DefaultMaxDiffLines = 60
	DefaultMaxFiles     = 20
)

// Validate reports options that cannot work.
func (o Options) Validate() error {
	switch {
	case o.Root == "":
		return errors.New("commits: no root")
	case o.Limit < 0 || o.MaxDiffLines < 0 || o.MaxFiles < 0:
		return fmt.Errorf("commits: negative limit in %+v", o)
	}
	return nil
}

// Source is the commits follower.
type Source struct {
	s     Searcher
	opts  Options
	cache *cache
}

// New returns the commits follower over s; zero options take defaults.
func New(s Searcher, opts Options) *Source {
	if opts.Limit == 0 {
		opts.Limit = DefaultLimit
	}
	if opts.MaxDiffLines == 0 {
		opts.MaxDiffLines = DefaultMaxDiffLines
	}
	if opts.MaxFiles == 0 {
		opts.MaxFiles = DefaultMaxFiles
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Source{s: s, opts: opts, cache: newCache()}
}

// Source implements engine.Follower.
func (s *Source) Source() engine.Source { return engine.SourceCommits }

// Follow implements engine.Follower: the commits matching q, ranked with
// a recency boost and a bonus for touching the top hits' files, each with
// its files and the hunks of those files.
func (s *Source) Follow(ctx context.Context, q engine.Query, top []engine.Candidate) ([]engine.Candidate, error) {
	if err := s.opts.Validate(); err != nil {
		return nil, err
	}
	text := searchText(q)
	if text == "" {
		return nil, nil
	}
	hits, err := s.s.SearchCommits(ctx, text, s.opts.Limit*searchOverfetch)
	if err != nil {
		return nil, fmt.Errorf("commits: search: %w", err)
	}
	ranked := rank(hits, topFiles(top), s.opts.Now(), s.opts.Limit)
	return s.blocks(ctx, ranked)
}
