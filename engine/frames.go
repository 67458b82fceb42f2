package engine

// Frames: the file:line pairs a query points at. A pasted stack trace
// names the panicking line ("bufio/scan.go:174"), go test output the
// failing check ("args_test.go:37"), a compiler its error. The ranker
// gives a file named with a line its exact-path weight in the blocks that
// hold the line (score.go, blockPath); the packer never omits the line
// from a block it packs (packing/anchors.go).

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// maxFrames bounds the frames taken from one query.
const maxFrames = 64

// Frame is one "path:line" a query points at: a stack trace's frame, a
// compiler's or linter's message, a failing test's line.
type Frame struct {
	Path string // forward slashes, without "./"
	Line int
}

// Frame shapes: Python's `File "x.py", line 3`, and "path.ext:line" as Go,
// Rust, JavaScript, Java, compilers and linters print it.
var (
	pyFrameRE  = regexp.MustCompile(`File "([^"\n]+)", line (\d+)`)
	pathLineRE = regexp.MustCompile(`([A-Za-z0-9_.\-/\\]*[A-Za-z0-9_\-]\.[A-Za-z][A-Za-z0-9]{0,9}):(\d+)`)
)

// frameCutOff: line numbers above this are not lines of a source file.
const frameCutOff = 1 << 20

// TraceFrames finds the file:line pairs of a query, in order, distinct.
func TraceFrames(raw string) []Frame {
	if len(raw) > MaxQueryBytes {
		raw = raw[:MaxQueryBytes]
	}
	var out []Frame
	add := func(p, l string) {
		n, err := strconv.Atoi(l)
		p = cleanFramePath(p)
		f := Frame{p, n}
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
// FramePathMatches compares by suffix.
func cleanFramePath(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	p = strings.TrimPrefix(p, "file://")
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return p
}

// FramePathMatches reports whether a frame's path names the file at rel
// (a root-relative path): equal, or one ends with the other at a '/'.
func FramePathMatches(frame, rel string) bool {
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
