package engine

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Fusion: one ranking across sources. Each index-backed provider divides
// its scores by its own best, so the best docs section and the best code
// block both scored 1.0 and a list sorted by score interleaved them. The
// sources answer different questions: a person asking how something works
// wants the code first, and the prose that describes it after. fuse
// multiplies each docs candidate's score by docsPrior, unless the query
// asks for documentation, so that sorting every candidate by score means
// "best first" across sources.
const docsPrior = 0.5

// docWords are the query words that ask for documentation.
var docWords = []string{"doc", "docs", "documentation", "documented", "readme", "guide",
	"tutorial", "changelog", "manual", "markdown", "faq", "howto"}

// asksForDocs reports whether the query names documentation.
func asksForDocs(q Query) bool {
	for _, k := range q.Keywords {
		for _, w := range docWords {
			if k == w {
				return true
			}
		}
	}
	return false
}

// proseExts are the extensions of documentation files. The index files
// every language it cannot parse as text, and text goes to the docs
// source: a PHP or Haskell file found there is code and keeps its score.
var proseExts = map[string]bool{"": true, ".md": true, ".markdown": true, ".rst": true,
	".txt": true, ".adoc": true, ".asciidoc": true, ".org": true, ".rdoc": true, ".textile": true}

// isProsePath reports whether a path names a documentation file.
func isProsePath(p string) bool { return proseExts[strings.ToLower(path.Ext(p))] }

// fuse puts the candidates of every source on one scale (see above); the
// change is a signal of its own, so --explain shows it.
func fuse(q Query, c []Candidate) {
	capSources(c)
	if asksForDocs(q) {
		return
	}
	for i := range c {
		// The docs source holds every file the index files as text: prose,
		// code it cannot parse yet (which keeps its score), and manifests.
		// A manifest the path prior marked is no more the answer to a
		// question about code than a README is: serde's Cargo.toml, the
		// best docs block for "standard library type Serialize
		// implementations", scored .5 after the place prior and came
		// second, above the impls.rs that answers.
		if c[i].Source != SourceDocs || c[i].Score <= 0 || !isProsePath(c[i].Block.Path) && !hasSignal(c[i], signalPlace) {
			continue
		}
		v := c[i].Score * (docsPrior - 1)
		c[i].Signals = append(c[i].Signals, Signal{Name: signalSource, Value: v,
			Detail: fmt.Sprintf("documentation ranks below code (×%.1f)", docsPrior)})
		c[i].Score += v
	}
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

// hasSignal reports whether c carries the signal name (a signal is only
// recorded when it is non-zero).
func hasSignal(c Candidate, name string) bool {
	return slices.ContainsFunc(c.Signals, func(s Signal) bool { return s.Name == name })
}
