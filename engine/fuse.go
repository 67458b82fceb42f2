package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// Fusion: one ranking across sources. Each index-backed provider divides
// its scores by its own best, so the best docs section and the best code
// block both scored 1.0 and a list sorted by score interleaved them. The
// sources answer different questions: a person asking how something works
// wants the code first, and the prose that describes it after. fuse
// multiplies each docs candidate's score by docsPrior, unless the query
// asks for documentation, so that sorting every candidate by score means
// "best first" across sources; and, when the docs source's best scored
// below the code source's before either was normalized (one ranker sums
// the same signals for both, and prose never matches a name), by the
// ratio of the two, asked for or not: the best README section of a
// question a function answers no longer sits at docsPrior, above every
// code block but the first (serde's README for "standard library type
// Deserialize implementations"), and a commit message that says "docs"
// no longer puts a CHANGELOG that matched a third as well above the code.
//
// Commits are ranked among themselves: the best match gets the whole text
// weight however weakly it matched ("init", a commit of every file, was
// the first row of the explorer for "retry payment"), so a commit keeps
// historyPrior of its score unless the query asks for history; so does a
// change already committed (Candidate.History), which the changes source
// ranks among the person's uncommitted work: for the README's own first
// query, its author's commit of the README's screen came first. A test
// scores a share of the code hit it tests (tests source), which put the
// tests of the best hit above the second-best code; it keeps testsPrior
// unless the query is about tests.
//
// The lists that show candidates ranked (the explorer's, and the blocks of
// JSON and MCP: packing.Pack.Ranked) are sorted by these scores. Measured
// with the JSON's blocks in that order (the dev eval reads them as the
// ranking): MRR .689 with docsPrior alone, .692 with testsPrior, .702 with
// the ratio for docs asked for too, against .709 when the blocks came in
// output order, code first; file recall .941/.944/.953/.953 →
// .944/.944/.953/.960 (docs/bench/eval.md, twelfth session).
//
// docsPrior .5 → .35: both evaluations count code files only, and at .5
// the best documentation still came before the file a fix changed; at
// .35 MRR .702 → .705 and file recall at 8k .953 → .960 (documentation
// leaves code more of the budget), gold-line recall the same case for
// case, NL .8510 → .8514. .25 measured the same but for one more case's
// file at 4k; the evaluations cannot weigh documentation that answers a
// question, so the milder of the two was kept (docs/bench/eval.md,
// thirteenth session).
//
// A graph neighbour (a callee, a type or a caller of one of the best code
// hits, expand.go) scores a share of its hit's score, whatever it holds:
// for "sync.Pool per-P caches" the second row of the list was
// unsafe.Pointer, a type the Pool struct uses, at half the Pool's score,
// above every other block that matched. A neighbour keeps neighbourPrior
// of that score, and the rest in proportion to the share of the query's
// strongest words (the coverage words) its name and text hold: all of
// them, the whole score; none, half. Dev file recall at 8k and 16k .960
// → .967 (a file that got a better neighbour's place), gold-line recall
// .457/.630/.733/.827 → .457/.637/.733/.820 (one case up at 4k, one down
// at 16k), NL the same (.856; docs/bench/eval.md, thirty-third session).
const (
	docsPrior      = 0.35
	historyPrior   = 0.5
	testsPrior     = 0.5
	neighbourPrior = 0.5
)

// historyWords are the query words that ask for the history.
var historyWords = []string{"commit", "commits", "history", "regression", "revert", "reverted",
	"introduced", "blame", "bisect"}

// docWords are the query words that ask for documentation.
var docWords = []string{"doc", "docs", "documentation", "documented", "readme", "guide",
	"tutorial", "changelog", "manual", "markdown", "faq", "howto"}

// asksFor reports whether the query holds one of words.
func asksFor(q Query, words []string) bool {
	for _, k := range q.Keywords {
		if slices.Contains(words, k) {
			return true
		}
	}
	return false
}

// fuse puts the candidates of every source on one scale (see above); the
// change is a signal of its own, so --explain shows it.
func fuse(q Query, c []Candidate) {
	capSources(c)
	if !asksFor(q, historyWords) {
		prior(c, func(x *Candidate) bool { return x.Source == SourceCommits || x.History },
			historyPrior, fmt.Sprintf("history ranks below code (×%g)", historyPrior))
	}
	if !wantsTests(q) {
		prior(c, func(x *Candidate) bool { return x.Source == SourceTests },
			testsPrior, fmt.Sprintf("tests rank below code (×%g)", testsPrior))
	}
	weighNeighbours(q, c)
	asked := asksFor(q, docWords)
	codeNorm := 0.0
	for _, x := range c {
		if x.Source == SourceCode {
			codeNorm = max(codeNorm, x.norm)
		}
	}
	for i := range c {
		// The docs source holds prose only (chunk.Language): code in a
		// language the chunker cannot parse, manifests and data files are
		// the code source's, under its path prior.
		if c[i].Source != SourceDocs || c[i].Score <= 0 {
			continue
		}
		f, detail := docsPrior, fmt.Sprintf("documentation ranks below code (×%g)", docsPrior)
		if asked {
			f, detail = 1, "the query asks for documentation"
		}
		if n := c[i].norm; n > 0 && codeNorm > n {
			f *= n / codeNorm
			detail += fmt.Sprintf("; its best match scored %.0f%% of the code's", 100*n/codeNorm)
		}
		if f != 1 {
			scale(&c[i], f, detail)
		}
	}
}

// weighNeighbours applies neighbourPrior (see above) to the graph
// neighbours among c.
func weighNeighbours(q Query, c []Candidate) {
	terms := coverageTermsOf(q)
	if len(terms) == 0 {
		return
	}
	ts := NewTermSet(terms)
	for i := range c {
		if !c[i].Neighbour || c[i].Score <= 0 {
			continue
		}
		n := bits.OnesCount32(ts.InCandidate(&c[i]))
		f := neighbourPrior + (1-neighbourPrior)*float64(n)/float64(len(terms))
		if f < 1 {
			scale(&c[i], f, fmt.Sprintf("a neighbour that holds %d of the query's %d strongest words (×%.2f)", n, len(terms), f))
		}
	}
}

// prior multiplies the positive scores of the candidates of a kind by f.
func prior(c []Candidate, of func(*Candidate) bool, f float64, detail string) {
	for i := range c {
		if of(&c[i]) && c[i].Score > 0 {
			scale(&c[i], f, detail)
		}
	}
}

// scale multiplies x's score by f and explains it with a source signal.
func scale(x *Candidate, f float64, detail string) {
	v := x.Score * (f - 1)
	x.Signals = append(x.Signals, Signal{Name: signalSource, Value: v, Detail: detail})
	x.Score += v
}

// capSources divides the scores of a source whose best is above 1 by that
// best. The index-backed sources normalize their own scores into [0,1];
// the git sources sum their signals (a change the person just made to
// the file the query names scored 3.96, a commit with a follower's bonus
// 1.75), and the list sorted by score put every such change above the
// best code. Capped, the best change ties the best code at 1.0 and the
// order within the source is kept.
func capSources(c []Candidate) {
	best := map[Source]float64{}
	for _, x := range c {
		best[x.Source] = max(best[x.Source], x.Score)
	}
	for i := range c {
		b := best[c[i].Source]
		if b <= 1 || c[i].Score <= 0 {
			continue
		}
		v := c[i].Score/b - c[i].Score
		c[i].Signals = append(c[i].Signals, Signal{Name: signalSource, Value: v,
			Detail: fmt.Sprintf("%s scores on one scale with the others (÷%.2f)", c[i].Source, b)})
		c[i].Score += v
	}
}
