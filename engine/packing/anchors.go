package packing

// Anchors: file lines that no partial level may omit. A pasted stack
// trace names the panicking line ("bufio/scan.go:174"), a diagnostic its
// line; the packer keeps each in every block of that file whose lines hold
// it, whatever the block's level short of a reference line.

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/loupe-dev/loupe/engine"
)

// maxFrames bounds the frames taken from one query.
const maxFrames = 64

// traceFrame is one "path:line" a query points at.
type traceFrame struct {
	path string // forward slashes, without "./"
	line int
}

// Frame shapes: Python's `File "x.py", line 3`, and "path.ext:line" as Go,
// Rust, JavaScript, Java, compilers and linters print it.
var (
	pyFrameRE  = regexp.MustCompile(`File "([^"\n]+)", line (\d+)`)
	pathLineRE = regexp.MustCompile(`([A-Za-z0-9_.\-/\\]*[A-Za-z0-9_\-]\.[A-Za-z][A-Za-z0-9]{0,9}):(\d+)`)
)

// frameCutOff: line numbers above this are not lines of a source file.
const frameCutOff = 1 << 20

// traceFrames finds the file:line pairs of a query, in order, distinct.
func traceFrames(raw string) []traceFrame {
	if len(raw) > engine.MaxQueryBytes {
		raw = raw[:engine.MaxQueryBytes]
	}
	var out []traceFrame
	add := func(p, l string) {
		n, err := strconv.Atoi(l)
		p = cleanFramePath(p)
		f := traceFrame{p, n}
		if err == nil && n > 0 && n < frameCutOff && p != "" && len(out) < maxFrames && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, m := range pyFrameRE.FindAllStringSubmatch(raw, maxFrames) {
		add(m[1], m[2])
	}
	for _, m := range pathLineRE.FindAllStringSubmatch(raw, 4*maxFrames) {
		add(m[1], m[2])
	}
	return out
}

// cleanFramePath normalizes a frame's path: forward slashes, without
// "file://" or leading "./". Absolute paths stay as they are:
// framePathMatches compares by suffix.
func cleanFramePath(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	p = strings.TrimPrefix(p, "file://")
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return p
}

// framePathMatches reports whether a frame's path names the file at rel
// (a root-relative path): equal, or one ends with the other at a '/'.
func framePathMatches(frame, rel string) bool {
	if frame == "" || rel == "" {
		return false
	}
	switch {
	case frame == rel:
		return true
	case len(frame) > len(rel):
		return strings.HasSuffix(frame, "/"+rel)
	}
	return strings.HasSuffix(rel, "/"+frame)
}

// anchorMap collects anchors by path: each candidate's own (a
// diagnostic's line), and the query's trace frames for every path a
// candidate has.
func anchorMap(cands []engine.Candidate, frames []traceFrame) map[string][]int {
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
			if framePathMatches(f.path, p) && !slices.Contains(m[p], f.line) {
				m[p] = append(m[p], f.line)
			}
		}
	}
	return m
}
