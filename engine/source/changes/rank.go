package changes

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Ranking. Relevance decides whether a change is offered; recency only
// amplifies it. A change's score is the sum of named signals:
//
//	text     weightText × the share of the query's strongest terms (maxTerms)
//	         that its added or removed lines, or its hunk's function, mention
//	path     weightPath when the file is a query path or a word of its path
//	         is a query term
//	recency  (text + path) × weightRecency × 0.5^(age / recencyHalfLife):
//	         a fresh change counts up to twice, an irrelevant one gains nothing
//	pending  bonusUncommitted for work not committed yet
//
// Which changes are offered: the MaxChanges most recent uncommitted ones
// (Keep: the work the person is doing now, whatever the query), other
// uncommitted ones that mention the query at all, and committed ones whose
// text and path reach minRelevance (half the strongest terms, or the
// file's path). A recent commit does not make an unrelated file relevant:
// without that floor, the last commits' files, each mentioning one query
// word in passing, crowded the relevant code out of small budgets.
//
// Example: an unstaged hunk edited 6 hours ago whose changed lines mention
// one of two query terms scores 2×0.5 + 1×0.5 × 0.5 + 0.5 = 1.75; a hunk
// committed an hour ago that touches engine/budget.go for "how is the
// budget enforced" scores (2×0.5 + 1) × (1 + 0.89) ≈ 3.8; a commit of
// yesterday touching an unrelated file is not offered.
const (
	weightText       = 2.0
	weightPath       = 1.0
	weightRecency    = 1.0
	bonusUncommitted = 0.5
	recencyHalfLife  = 6 * time.Hour
	// minRelevance is the text and path a committed change needs.
	minRelevance = 1.0
	// maxCandidates bounds what the source offers (kept changes always go).
	maxCandidates = 50
)

// rank scores the changes for q, marks the keep most recent uncommitted
// ones Keep, and returns the changes worth offering, best first.
func rank(list []change, q engine.Query, now time.Time, keep int) []engine.Candidate {
	terms := termsOf(q)
	cands := make([]engine.Candidate, 0, len(list))
	firm := make([]bool, 0, len(list))
	for _, c := range list {
		cand, f := candidate(c, terms, now)
		cands, firm = append(cands, cand), append(firm, f)
	}
	markRecent(cands, list, keep)
	offered := cands[:0]
	for i, c := range cands {
		if c.Keep || worthOffering(list[i], c, firm[i]) {
			offered = append(offered, c)
		}
	}
	slices.SortStableFunc(offered, engine.ByRank)
	out := offered[:0]
	for i, c := range offered {
		if i < maxCandidates || c.Keep {
			out = append(out, c)
		}
	}
	return out
}

// worthOffering is the relevance floor for a change not kept: any mention
// of the query for uncommitted work; for a commit, minRelevance from its
// changed lines or its path (firm).
func worthOffering(c change, cand engine.Candidate, firm bool) bool {
	if c.status != StatusCommitted {
		return relevant(cand)
	}
	return firm
}

// relevant reports whether c matched the query at all.
func relevant(c engine.Candidate) bool {
	return slices.ContainsFunc(c.Signals, func(s engine.Signal) bool { return s.Name == "text" || s.Name == "path" })
}

// markRecent sets Keep on the keep most recent uncommitted changes (ties
// by path and line, so the choice is deterministic). cands[i] is built
// from list[i].
func markRecent(cands []engine.Candidate, list []change, keep int) {
	var idx []int
	for i, c := range list {
		if c.status != StatusCommitted {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if c := list[b].when.Compare(list[a].when); c != 0 {
			return c
		}
		return engine.ByRank(cands[a], cands[b])
	})
	for _, i := range idx[:min(max(keep, 0), len(idx))] {
		cands[i].Keep = true
		cands[i].Signals = append(cands[i].Signals, engine.Signal{Name: "keep", Detail: "one of the " + strconv.Itoa(keep) + " most recent uncommitted changes"})
	}
}

// candidate scores c; firm reports whether it reaches minRelevance.
func candidate(c change, t queryTerms, now time.Time) (cand engine.Candidate, firm bool) {
	age := Age(now, c.when)
	r := relevanceOf(c, t)
	signals, matched := r.signals, r.matched
	rel := sum(signals)
	decay := weightRecency * math.Pow(0.5, float64(max(now.Sub(c.when), 0))/float64(recencyHalfLife))
	if c.when.IsZero() {
		decay = 0
	}
	signals = append(signals, engine.Signal{Name: "recency", Value: rel * decay, Detail: "changed " + age})
	if c.status != StatusCommitted {
		signals = append(signals, engine.Signal{Name: "pending", Value: bonusUncommitted, Detail: c.status + ", not committed"})
	}
	id := c.status + ":" + c.path + ":" + strconv.Itoa(c.start)
	meta := map[string]string{"age": age, "status": c.status}
	if c.sha != "" {
		id = short(c.sha) + ":" + c.path
		meta["sha"] = c.sha
	}
	return engine.Candidate{
		ID:     "changes:" + id,
		Source: engine.SourceChanges,
		Block: index.Block{
			ID: id, Path: c.path, Lang: c.lang, Kind: index.KindHunk, Name: c.name,
			StartLine: c.start, EndLine: c.end,
		},
		Text:    c.text,
		Score:   sum(signals),
		Signals: signals,
		Reason:  reason(c, age, matched),
		Meta:    meta,
		History: c.status == StatusCommitted,
	}, r.firm
}

func sum(signals []engine.Signal) float64 {
	var s float64
	for _, g := range signals {
		s += g.Value
	}
	return s
}

func reason(c change, age string, matched []string) string {
	var r string
	switch c.status {
	case StatusStaged:
		r = "staged edit, " + age
	case StatusUnstaged:
		r = "unstaged edit, " + age
	case StatusUntracked:
		r = "new file, " + age
	default:
		r = "committed " + age + " in " + short(c.sha) + ": " + clip(c.subject, maxSubject)
	}
	if len(matched) > 0 {
		r += " · mentions " + strings.Join(matched, ", ")
	}
	return r
}

// maxSubject bounds the commit subject quoted in a reason.
const maxSubject = 60

// clip shortens s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func short(sha string) string {
	return sha[:min(len(sha), 7)]
}
