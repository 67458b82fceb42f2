// Package tests is loupe's "tests" source: for the strongest code hits,
// the tests that exercise them. A model asked to change a function writes
// better code when it sees how the function is tested, and the tests say
// what behaviour must survive the change.
//
// Two ways find a test. The reference graph: test blocks whose refs name
// the hit (Callers filtered to Block.Test, and in Go to the tests that can
// see it: engine.CanSee), the strongest evidence. And
// naming convention: test files that live beside the hit's file —
// x_test.go for x.go; test_x.py, x_test.py and tests/test_x.py for x.py;
// x.test.ts, x.spec.ts and __tests__/x.ts for x.ts (and the JavaScript
// family); tests/x.rs for Rust; XTest.java under src/test for Java; the
// same file's own test blocks (Rust's mod tests). A test found both ways
// scores as found by reference, with both reasons.
package tests

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Index is what the source needs from the index; *index.Index has it.
type Index interface {
	// Callers finds blocks whose refs contain name.
	Callers(ctx context.Context, name string, limit int) ([]index.Block, error)
	// FileBlocks returns the blocks of one file, ordered by line.
	FileBlocks(path string) ([]index.Block, error)
	// Read returns a block's current text.
	Read(b index.Block) (index.BlockText, error)
}

// Limits and scores. A test scores a share of the hit it tests, so it
// never outranks the code it is there for; tests found by reference come
// before tests that only sit in the conventional file.
const (
	maxHits          = 6    // top code hits whose tests are looked for
	perHit           = 3    // tests kept per hit
	maxTests         = 12   // tests offered in all
	callersLimit     = 40   // blocks asked of Callers per hit
	minNameLen       = 3    // shorter names are not looked up
	factorReference  = 0.6  // share of the hit's score for a test that names it
	factorConvention = 0.35 // share for a test that only lives beside it
	// bonusNameMatch is added to the share when the test's name contains
	// the hit's ("TestRetryWithBackoff" for retryWithBackoff).
	bonusNameMatch = 0.15
)

// Source is the tests follower.
type Source struct {
	ix Index
}

// New returns the tests follower over ix.
func New(ix Index) *Source { return &Source{ix: ix} }

// Source implements engine.Follower.
func (s *Source) Source() engine.Source { return engine.SourceTests }

// found is a test block and why it is offered.
type found struct {
	block  index.Block
	score  float64
	reason string
	detail string
}

// Follow implements engine.Follower: the tests of the top code hits.
func (s *Source) Follow(ctx context.Context, q engine.Query, top []engine.Candidate) ([]engine.Candidate, error) {
	byID := map[string]*found{}
	var order []string
	files := map[string][]index.Block{} // FileBlocks answers: hits often share a file
	for _, hit := range eligible(top, q) {
		list, err := s.testsOf(ctx, hit, queryWords(q), files)
		if err != nil {
			return nil, err
		}
		for _, f := range list[:min(perHit, len(list))] {
			if old, ok := byID[f.block.ID]; ok {
				if f.score > old.score {
					*old = f
				}
				continue
			}
			byID[f.block.ID] = &f
			order = append(order, f.block.ID)
		}
	}
	return s.candidates(ctx, byID, order)
}

// eligible are the hits worth finding tests for: named code blocks that
// are not tests themselves.
func eligible(top []engine.Candidate, q engine.Query) []engine.Candidate {
	var out []engine.Candidate
	for _, c := range top {
		b := c.Block
		if b.Test || len(b.Name) < minNameLen || b.Kind == index.KindHeader || b.Kind == index.KindSection ||
			b.Kind == index.KindHunk || b.Kind == index.KindCommit || b.Kind == index.KindWindow {
			continue
		}
		if len(out) < maxHits {
			out = append(out, c)
		}
	}
	return out
}

// testsOf finds the tests of one hit, best first.
func (s *Source) testsOf(ctx context.Context, hit engine.Candidate, words []string, files map[string][]index.Block) ([]found, error) {
	b := hit.Block
	refs, err := s.ix.Callers(ctx, b.Name, callersLimit)
	if err != nil {
		return nil, fmt.Errorf("tests: callers of %s: %w", b.Name, err)
	}
	byID := map[string]found{}
	for _, r := range refs {
		if r.Test && r.ID != b.ID && engine.CanSee(r, b) {
			byID[r.ID] = score(hit, r, factorReference, "references "+b.Name)
		}
	}
	for _, p := range conventionalPaths(b.Path) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, t := range related(s.fileTests(p, b, files), b, words) {
			if _, ok := byID[t.ID]; !ok {
				byID[t.ID] = score(hit, t, factorConvention, "beside it in "+p)
			}
		}
	}
	list := make([]found, 0, len(byID))
	for _, f := range byID {
		list = append(list, f)
	}
	slices.SortFunc(list, func(a, b found) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Or(strings.Compare(a.block.Path, b.block.Path), cmp.Compare(a.block.StartLine, b.block.StartLine),
			strings.Compare(a.block.ID, b.block.ID))
	})
	return list, nil
}

// related keeps the tests of a conventional test file that have to do
// with hit: their name contains the hit's name or a query word. A file
// with only a few tests keeps them all (a small module's tests are all
// about it); a big one would otherwise offer unrelated tests.
func related(tests []index.Block, hit index.Block, words []string) []index.Block {
	if len(tests) <= perHit {
		return tests
	}
	name := strings.ToLower(hit.Name)
	var out []index.Block
	for _, t := range tests {
		tn := strings.ToLower(t.Name)
		if strings.Contains(tn, name) || slices.ContainsFunc(words, func(w string) bool { return strings.Contains(tn, w) }) {
			out = append(out, t)
		}
	}
	return out
}

// minWordLen: shorter query words are too common to tie a test to a query.
const minWordLen = 4

// queryWords are the lowercased query keywords and identifiers long
// enough to relate a test's name to the query.
func queryWords(q engine.Query) []string {
	var out []string
	for _, w := range slices.Concat(q.Keywords, q.Identifiers) {
		if len(w) >= minWordLen {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// fileTests are the test blocks of file p (other than the hit): its test
// functions, or every named block when the whole file is a test file.
func (s *Source) fileTests(p string, hit index.Block, files map[string][]index.Block) []index.Block {
	blocks, ok := files[p]
	if !ok {
		blocks, _ = s.ix.FileBlocks(p) // a file that is not indexed has no tests
		files[p] = blocks
	}
	var out []index.Block
	for _, t := range blocks {
		if t.ID == hit.ID || t.Kind == index.KindHeader || !t.Test {
			continue
		}
		out = append(out, t)
	}
	return out
}

func score(hit engine.Candidate, t index.Block, factor float64, detail string) found {
	if strings.Contains(strings.ToLower(t.Name), strings.ToLower(hit.Block.Name)) {
		factor += bonusNameMatch
	}
	return found{block: t, score: hit.Score * factor, reason: "tests " + hit.Block.Name, detail: detail}
}

// candidates reads the found tests' text, best first, up to maxTests.
func (s *Source) candidates(ctx context.Context, byID map[string]*found, order []string) ([]engine.Candidate, error) {
	list := make([]*found, 0, len(order))
	for _, id := range order {
		list = append(list, byID[id])
	}
	slices.SortStableFunc(list, func(a, b *found) int { return cmp.Compare(b.score, a.score) })
	var out []engine.Candidate
	for _, f := range list {
		if len(out) >= maxTests {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		bt, err := s.ix.Read(f.block)
		if err != nil {
			continue
		}
		b := bt.Block
		if b.ID == "" {
			b = f.block
		}
		out = append(out, engine.Candidate{
			ID: "tests:" + f.block.ID, Source: engine.SourceTests, Block: b, Text: bt.Text,
			Score:   f.score,
			Signals: []engine.Signal{{Name: "tests", Value: f.score, Detail: f.detail}},
			Reason:  f.reason, Stale: bt.Stale, Deleted: bt.Deleted, TextClean: bt.Clean,
		})
	}
	return out, nil
}
