package changes

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Ranking. A change's score is the sum of named signals:
//
//	text     weightText × the share of the query's keywords and identifiers
//	         found in the hunk (case-insensitive)
//	path     weightPath when a query path, keyword or identifier is part
//	         of the file's path
//	recency  weightRecency × 0.5^(age / recencyHalfLife)
//	pending  bonusUncommitted for work not committed yet
//
// Example: an unstaged hunk edited 6 hours ago that mentions one of two
// query terms scores 2×0.5 + 1×0.5 + 0.5 = 2.0; a commit from yesterday
// touching an unrelated file scores 1×0.06 ≈ 0.06.
const (
	weightText       = 2.0
	weightPath       = 1.0
	weightRecency    = 1.0
	bonusUncommitted = 0.5
	recencyHalfLife  = 6 * time.Hour
	// maxCandidates bounds what the source offers (kept changes always go).
	maxCandidates = 50
	// staleCommitAge: a file committed longer ago than this is no longer
	// a recent change; it is offered only when the query mentions it.
	staleCommitAge = 14 * 24 * time.Hour
)

// queryTerms are the lowercased words a change is matched against.
type queryTerms struct {
	words []string // keywords and identifiers
	paths []string
}

func termsOf(q engine.Query) queryTerms {
	var t queryTerms
	seen := map[string]bool{}
	for _, w := range slices.Concat(q.Keywords, q.Identifiers) {
		w = strings.ToLower(w)
		if len(w) >= 2 && !seen[w] {
			seen[w] = true
			t.words = append(t.words, w)
		}
	}
	for _, p := range q.Paths {
		t.paths = append(t.paths, strings.ToLower(p))
	}
	return t
}

// rank scores the changes for q, marks the most recent keep of them Keep,
// and returns candidates best first.
func rank(list []change, q engine.Query, now time.Time, keep int) []engine.Candidate {
	terms := termsOf(q)
	cands := make([]engine.Candidate, 0, len(list))
	for _, c := range list {
		cands = append(cands, candidate(c, terms, now))
	}
	markRecent(cands, list, keep)
	fresh := cands[:0]
	for i, c := range cands {
		if c.Keep || list[i].status != StatusCommitted || now.Sub(list[i].when) <= staleCommitAge || relevant(c) {
			fresh = append(fresh, c)
		}
	}
	slices.SortStableFunc(fresh, byScore)
	out := fresh[:0]
	for i, c := range fresh {
		if i < maxCandidates || c.Keep {
			out = append(out, c)
		}
	}
	return out
}

// relevant reports whether c matched the query at all.
func relevant(c engine.Candidate) bool {
	return slices.ContainsFunc(c.Signals, func(s engine.Signal) bool { return s.Name == "text" || s.Name == "path" })
}

func byScore(a, b engine.Candidate) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := strings.Compare(a.Block.Path, b.Block.Path); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Block.StartLine, b.Block.StartLine); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// markRecent sets Keep on the keep most recent changes (ties by path and
// line, so the choice is deterministic). cands[i] is built from list[i].
func markRecent(cands []engine.Candidate, list []change, keep int) {
	idx := make([]int, len(list))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if c := list[b].when.Compare(list[a].when); c != 0 {
			return c
		}
		return byScore(cands[a], cands[b])
	})
	for _, i := range idx[:min(keep, len(idx))] {
		cands[i].Keep = true
		cands[i].Signals = append(cands[i].Signals, engine.Signal{Name: "keep", Detail: "one of the " + strconv.Itoa(keep) + " most recent changes"})
	}
}

func candidate(c change, t queryTerms, now time.Time) engine.Candidate {
	age := Age(now, c.when)
	signals, matched := relevance(c, t)
	rec := weightRecency * math.Pow(0.5, float64(max(now.Sub(c.when), 0))/float64(recencyHalfLife))
	if c.when.IsZero() {
		rec = 0
	}
	signals = append(signals, engine.Signal{Name: "recency", Value: rec, Detail: "changed " + age})
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
	}
}

// relevance is the text and path signals of c, and the terms it mentions.
func relevance(c change, t queryTerms) ([]engine.Signal, []string) {
	var signals []engine.Signal
	text, p := strings.ToLower(c.text), strings.ToLower(c.path)
	var matched []string
	for _, w := range t.words {
		if strings.Contains(text, w) {
			matched = append(matched, w)
		}
	}
	if len(t.words) > 0 && len(matched) > 0 {
		share := float64(len(matched)) / float64(len(t.words))
		signals = append(signals, engine.Signal{Name: "text", Value: weightText * share, Detail: "mentions " + strings.Join(matched, ", ")})
	}
	for _, w := range slices.Concat(t.paths, t.words) {
		if strings.Contains(p, w) {
			signals = append(signals, engine.Signal{Name: "path", Value: weightPath, Detail: "path contains " + w})
			break
		}
	}
	return signals, matched
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
