package packing

// Anchors: file lines that no partial level may omit. A pasted stack
// trace names the panicking line ("bufio/scan.go:174"), a diagnostic its
// line; the packer keeps each in every block of that file whose lines hold
// it, whatever the block's level short of a reference line.

import (
	"slices"

	"github.com/loupe-dev/loupe/engine"
)

// anchorMap collects anchors by path: each candidate's own (a
// diagnostic's line), and the query's trace frames for every path a
// candidate has.
func anchorMap(cands []engine.Candidate, frames []engine.Frame) map[string][]int {
	m := map[string][]int{}
	for _, c := range cands {
		if p := c.Block.Path; p != "" {
			for _, l := range c.Anchors {
				if !slices.Contains(m[p], l) {
					m[p] = append(m[p], l)
				}
			}
		}
	}
	if len(frames) == 0 {
		return m
	}
	seen := map[string]bool{}
	for _, c := range cands {
		p := c.Block.Path
		if p == "" || seen[p] {
			continue
		}
		seen[p] = true
		for _, f := range frames {
			if engine.FramePathMatches(f.Path, p) && !slices.Contains(m[p], f.Line) {
				m[p] = append(m[p], f.Line)
			}
		}
	}
	return m
}
