// Package changes is loupe's "changes" source: what the person is working
// on right now. Recent edits say more about intent than any query: the
// uncommitted hunks (staged and unstaged), new files git does not know yet,
// and the files the last few commits touched, each with its age.
//
// It asks the git CLI (fast and exact: git's own status and diff machinery,
// with no optional locks so it never fights the person's git for the index
// lock) and parses the unified diffs into hunks with new-file line ranges.
// loupe has walked the tree already (a one-shot pack at its start, a
// resident process at its last refresh): then git's index file is read
// against that walk's stat data, git diffs only the files whose stat data
// moved, and the untracked files come from the walk (worktree.go), instead
// of two git commands that would each walk the tree again.
// Blocks are ranked by how much of the query their changed lines mention,
// amplified by recency; the few most recent uncommitted edits are kept
// (Candidate.Keep) even when the query does not mention them, because an
// edit made two minutes ago is almost always context for the next
// question. A committed change must earn its place by relevance (rank.go). Outside a git work tree, and in a
// repository with no commits yet, the source is simply (partly) empty.
package changes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Options configure the source. Zero fields take their defaults.
type Options struct {
	Root          string           // the repository root (or a directory inside it)
	MaxChanges    int              // the most recent uncommitted changes kept whatever the query (default 3; KeepNone: none)
	RecentCommits int              // how many recent commits' files are offered (default 5)
	Now           func() time.Time // the clock (default time.Now); tests fix it
	// SecretFiles offers changes to files that usually hold secrets
	// (index.SecretFile: .env, private keys), left out by default.
	SecretFiles bool
	// Watch reports changes under the root and in its git directory (a
	// resident process's file notifications): with it, git is asked again
	// only when something changed since it was last asked, not on every
	// query (up to four processes; without Tree, two of them stat or list
	// the whole tree). nil: git is asked on every query.
	Watch index.Marker
	// Tree gives a walk of the work tree that stands for it now
	// (index.Index.WorkTree: a one-shot pack's first walk, a resident
	// process's last refresh while nothing changed since). With it, git's
	// index is read against the walk's stat data and git diffs only the
	// files that may have changed; the untracked files come from the walk.
	// nil, or no walk: git walks the tree itself (git diff, git ls-files
	// --others).
	Tree TreeFunc
	// HeadTree gives a commit and its tree known without git
	// (index.Index.HeadTree: the HEAD its last update saw). When HEAD is
	// still that commit and git's index records that tree as what it
	// would write, nothing is staged and git diff --cached is not run
	// (nothingStaged). nil: it always runs.
	HeadTree func() (commit, tree string)
}

// Defaults.
const (
	DefaultMaxChanges    = 3
	DefaultRecentCommits = 5
	// RecentCommitAge: a commit older than this is history (the commits
	// source), not work in progress.
	RecentCommitAge = 14 * 24 * time.Hour
	// KeepNone as MaxChanges keeps no change regardless of the query
	// (the zero value takes the default).
	KeepNone = -1
)

// Validate reports options that cannot work.
func (o Options) Validate() error {
	switch {
	case o.Root == "":
		return errors.New("changes: no root")
	case o.MaxChanges < KeepNone:
		return fmt.Errorf("changes: max changes %d is negative", o.MaxChanges)
	case o.RecentCommits < 0:
		return fmt.Errorf("changes: recent commits %d is negative", o.RecentCommits)
	}
	return nil
}

// Source is the changes provider. Safe for concurrent use.
type Source struct {
	opts Options

	mu     sync.Mutex
	cached []change // the last collection, when Watch is set
	mark   uint64   // Watch's mark taken before it
	have   bool
}

// New returns a changes source; zero options take their defaults.
func New(opts Options) *Source {
	if opts.MaxChanges == 0 {
		opts.MaxChanges = DefaultMaxChanges
	}
	if opts.RecentCommits == 0 {
		opts.RecentCommits = DefaultRecentCommits
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Source{opts: opts}
}

// changes returns the work tree's changes: the last collection while
// Watch says nothing changed since it began, otherwise a new one. The
// list is the caller's to change.
func (s *Source) changes(ctx context.Context) ([]change, error) {
	w := s.opts.Watch
	if w == nil {
		return s.gather(ctx)
	}
	s.mu.Lock()
	if s.have && !w.Dirty(s.mark) {
		list := slices.Clone(s.cached)
		s.mu.Unlock()
		return list, nil
	}
	s.mu.Unlock()
	mark := w.Mark()
	list, err := s.gather(ctx)
	if err == nil {
		s.mu.Lock()
		s.cached, s.mark, s.have = slices.Clone(list), mark, true
		s.mu.Unlock()
	}
	return list, err
}

// gather asks git (collect) and leaves out the secret files unless asked.
func (s *Source) gather(ctx context.Context) ([]change, error) {
	list, err := collect(ctx, s.opts.Root, s.opts.RecentCommits, s.opts.Now().Add(-RecentCommitAge), s.opts.Tree, s.opts.HeadTree)
	if !s.opts.SecretFiles {
		list = slices.DeleteFunc(list, func(c change) bool { return index.SecretFile(c.path) })
	}
	return list, err
}

// Source implements engine.Provider.
func (s *Source) Source() engine.Source { return engine.SourceChanges }

// Candidates implements engine.Provider: the recent changes ranked for q.
func (s *Source) Candidates(ctx context.Context, q engine.Query) ([]engine.Candidate, error) {
	if err := s.opts.Validate(); err != nil {
		return nil, err
	}
	list, err := s.changes(ctx)
	if errors.Is(err, ErrNotRepository) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("changes: %w", err)
	}
	return rank(list, q, s.opts.Now(), s.opts.MaxChanges), nil
}
