package commits

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Ranking. A commit's score is the sum of named signals:
//
//	text     weightText × its search score over the best hit's (0..1]
//	recency  weightRecency × 0.5^(age / recencyHalfLife)
//	touches  bonusTouchesTop when it changed a file of a top code hit
//	         (never the first commit: it added every file)
//
// Example: the best text match, a month old, touching a top file scores
// 1 + 0.5×0.5 + 0.5 = 1.75; a weaker match (half the best), a year old,
// touching nothing, 0.5 + 0.5×0.0002 ≈ 0.5.
const (
	weightText      = 1.0
	weightRecency   = 0.5
	bonusTouchesTop = 0.5
	recencyHalfLife = 30 * 24 * time.Hour
	searchOverfetch = 3 // hits asked per commit offered, so the bonus can reorder
	maxSearchText   = 2000
	maxSearchTerms  = 32
)

// searchText is what is asked of the commit index: the query's
// identifiers and keywords, else the raw text, bounded.
func searchText(q engine.Query) string {
	terms := slices.Concat(q.Identifiers, q.Keywords)
	text := strings.Join(terms[:min(len(terms), maxSearchTerms)], " ")
	if text == "" {
		text = strings.TrimSpace(q.Raw)
	}
	if len(text) > maxSearchText {
		text = text[:maxSearchText]
	}
	return strings.ToValidUTF8(text, " ")
}

func topFiles(top []engine.Candidate) map[string]bool {
	files := map[string]bool{}
	for _, c := range top {
		if c.Block.Path != "" {
			files[c.Block.Path] = true
		}
	}
	return files
}

// ranked is a commit with its score, signals and the top files it touched.
type ranked struct {
	commit  index.Commit
	score   float64
	signals []engine.Signal
	touched []string
}

func rank(hits []index.CommitHit, top map[string]bool, now time.Time, limit int) []ranked {
	best := 0.0
	for _, h := range hits {
		best = max(best, h.Score)
	}
	out := make([]ranked, 0, len(hits))
	seen := map[string]bool{}
	for _, h := range hits {
		if seen[h.Commit.SHA] || h.Commit.SHA == "" {
			continue
		}
		seen[h.Commit.SHA] = true
		out = append(out, score(h, best, top, now))
	}
	slices.SortStableFunc(out, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b.commit.Time, a.commit.Time), strings.Compare(a.commit.SHA, b.commit.SHA))
	})
	return out[:min(limit, len(out))]
}

func score(h index.CommitHit, best float64, top map[string]bool, now time.Time) ranked {
	r := ranked{commit: h.Commit}
	if best > 0 {
		r.signals = append(r.signals, engine.Signal{Name: "text", Value: weightText * h.Score / best, Detail: "matches the query"})
	}
	age := now.Sub(time.Unix(h.Commit.Time, 0))
	rec := weightRecency * math.Pow(0.5, float64(max(age, 0))/float64(recencyHalfLife))
	r.signals = append(r.signals, engine.Signal{Name: "recency", Value: rec, Detail: "committed " + ageText(now, h.Commit.Time)})
	// The first commit added every file: touching the top files says
	// nothing of it, and its hunks would be the files' first text. (A
	// shallow clone's cut lists no files.)
	if !h.Commit.First {
		for _, f := range h.Commit.Files {
			if top[f] {
				r.touched = append(r.touched, f)
			}
		}
	}
	if len(r.touched) > 0 {
		r.signals = append(r.signals, engine.Signal{Name: "touches", Value: bonusTouchesTop, Detail: "changed " + strings.Join(r.touched, ", ")})
	}
	for _, s := range r.signals {
		r.score += s.Value
	}
	return r
}
