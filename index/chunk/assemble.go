package chunk

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
)

// assemble turns the blocks a language chunker found into the final list:
// top-level blocks are sorted, overlaps are clipped, the lines between them
// are attached or windowed so that every line is covered, members (the
// methods of a class) are kept inside their container, and path, language,
// hash, test flag and ID are filled in.
//
// Lines between top-level blocks are placed by one rule, the same for every
// language: blank lines go to the block above; comment-only lines (a loose
// comment, a directive, a decorator the parser did not attach) go to the
// block below, or to the block above when nothing follows; lines holding
// code no chunker claimed (top-level statements, an inline module) become
// window blocks.
func assemble(p, lang string, src []byte, lines []string, top, members []Block, refs []lineRef) []Block {
	top = clip(top, 1, len(lines))
	top = fillGaps(lang, lines, top)
	members = keepMembers(top, members, len(lines))
	all := append(top, members...)
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].StartLine != all[j].StartLine {
			return all[i].StartLine < all[j].StartLine
		}
		return all[i].EndLine > all[j].EndLine // container first
	})
	test := IsTestPath(p)
	starts := lineStarts(src, len(lines))
	for i := range all {
		b := &all[i]
		b.Path, b.Lang = p, lang
		b.Test = b.Test || test
		b.Hash = hashRange(src, starts, b.StartLine, b.EndLine)
	}
	assignIDs(p, all)
	attachRefs(all, refs, len(lines))
	return all
}

// lineStarts returns the byte offset at which each line starts, plus one
// final entry: len(src)+1 when src does not end in a newline, len(src)
// otherwise (so that line l spans src[starts[l-1]:starts[l]-1]).
func lineStarts(src []byte, n int) []int {
	starts := make([]int, 1, n+1)
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	if len(src) > 0 && src[len(src)-1] != '\n' {
		starts = append(starts, len(src)+1)
	}
	return starts
}

// hashRange is HashLines of lines a..b, computed on src without copying:
// the lines joined by newlines, with a final newline.
func hashRange(src []byte, starts []int, a, b int) string {
	h := sha256.New()
	end := starts[b] - 1 // the end of line b, without its newline
	h.Write(src[starts[a-1]:end])
	h.Write([]byte{'\n'})
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// lineRef is a reference found by a parser, placed by its line.
type lineRef struct {
	line int
	at   uint // byte offset, for ordering
	name string
}

// attachRefs gives each reference to the innermost block holding its line
// (a method rather than its class), leaving out a block's own name
// (recursion) except in tests, which are often named after what they call.
func attachRefs(bs []Block, refs []lineRef, n int) {
	if len(refs) == 0 {
		return
	}
	owner := make([]int32, n+1)
	for i, b := range bs { // containers sort before their members
		for l := b.StartLine; l <= b.EndLine && l <= n; l++ {
			owner[l] = int32(i)
		}
	}
	sets := make([]refSet, len(bs))
	for _, r := range refs {
		if r.line < 1 || r.line > n {
			continue
		}
		i := owner[r.line]
		if r.name != bs[i].Name || bs[i].Test { // a test named after what it tests keeps it
			sets[i].add(r.name)
		}
	}
	for i := range bs {
		if sets[i].list != nil {
			bs[i].Refs = sets[i].list
		}
	}
}

// clip sorts blocks by start line and makes them disjoint and within
// [lo, hi]: a block starting inside its predecessor starts after it, and a
// block left empty is dropped.
func clip(bs []Block, lo, hi int) []Block {
	sort.SliceStable(bs, func(i, j int) bool { return bs[i].StartLine < bs[j].StartLine })
	out := bs[:0]
	next := lo
	for _, b := range bs {
		b.StartLine = max(b.StartLine, next)
		b.EndLine = min(b.EndLine, hi)
		if b.StartLine > b.EndLine {
			continue
		}
		out = append(out, b)
		next = b.EndLine + 1
	}
	return out
}

// fillGaps covers the lines between, before and after disjoint sorted
// blocks (see assemble for the rule).
func fillGaps(lang string, lines []string, bs []Block) []Block {
	out := make([]Block, 0, len(bs)+2)
	prev := -1 // index in out of the block above the gap, or -1
	at := 1    // first line not yet covered
	for i := 0; i <= len(bs); i++ {
		gapEnd := len(lines)
		if i < len(bs) {
			gapEnd = bs[i].StartLine - 1
		}
		var next *Block
		if i < len(bs) {
			b := bs[i]
			next = &b
		}
		out = placeGap(lang, lines, out, prev, next, at, gapEnd)
		if next == nil {
			break
		}
		out = append(out, *next)
		prev = len(out) - 1
		at = next.EndLine + 1
	}
	return out
}

// placeGap covers lines [a, b] lying between out[prev] (if prev >= 0) and
// next (if not nil), which is appended by the caller after this returns;
// next's StartLine may be moved up.
func placeGap(lang string, lines []string, out []Block, prev int, next *Block, a, b int) []Block {
	if a > b {
		return out
	}
	k := a
	for k <= b && isBlank(lines[k-1]) {
		k++
	}
	if prev >= 0 {
		out[prev].EndLine = k - 1 // leading blank lines go above
		a = k
	}
	if a > b {
		return out
	}
	if prev >= 0 && k <= b && onlyClosers(lang, lines[k-1:b]) {
		out[prev].EndLine = b // "end", "}  // namespace x" close the block above
		return out
	}
	if k > b || onlyComments(lang, lines[k-1:b]) {
		switch {
		case next != nil:
			next.StartLine = a
			return out
		case prev >= 0:
			out[prev].EndLine = b
			return out
		}
	}
	return append(out, windowsIn(lines, a, b)...)
}

// keepMembers keeps the members that lie inside their container block (a
// top-level class, interface or type named like the member's qualifier),
// clipped so that members of one container do not overlap. Members of a
// container that clipping dropped are dropped too.
func keepMembers(top, members []Block, n int) []Block {
	if len(members) == 0 {
		return nil
	}
	var out []Block
	for _, c := range top {
		if c.Kind != KindClass && c.Kind != KindInterface && c.Kind != KindType {
			continue
		}
		var in []Block
		for _, m := range members {
			if m.StartLine >= c.StartLine && m.EndLine <= c.EndLine && m.StartLine <= n &&
				strings.HasPrefix(m.QualName, c.Name+".") {
				in = append(in, m)
			}
		}
		out = append(out, clip(in, c.StartLine, min(c.EndLine, n))...)
	}
	return out
}

// windowsIn cuts lines [a, b] (1-based, inclusive) into window blocks.
func windowsIn(lines []string, a, b int) []Block {
	var out []Block
	for start := a - 1; start < b; {
		end := windowEnd(lines[:b], start)
		out = append(out, Block{Kind: KindWindow, StartLine: start + 1, EndLine: end})
		start = end
	}
	return out
}

// assignIDs gives every block its ID: "path#QualName" for named blocks,
// "path:header" for a header, "path:start" for windows and unnamed
// sections; a repeated ID in one file gets "~2", "~3", ….
func assignIDs(p string, bs []Block) {
	seen := make(map[string]int, len(bs))
	for i := range bs {
		b := &bs[i]
		id := p + ":" + strconv.Itoa(b.StartLine)
		switch {
		case b.QualName != "":
			id = p + "#" + b.QualName
		case b.Kind == KindHeader:
			id = p + ":header"
		}
		seen[id]++
		if n := seen[id]; n > 1 {
			id += "~" + strconv.Itoa(n)
		}
		b.ID = id
	}
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// onlyComments reports whether every non-blank line looks like a comment
// (or an attribute or decorator line) in lang.
func onlyComments(lang string, lines []string) bool {
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t != "" && !isCommentLine(lang, t) {
			return false
		}
	}
	return true
}

// isCommentLine is a line-level guess, used only to place loose lines.
// In the languages added with scope lines (scopeLangs), a line that only
// opens or closes a namespace or module, or a preprocessor line, counts
// as a comment too: it joins a neighbouring block rather than making a
// window of its own.
func isCommentLine(lang, t string) bool {
	if scopeLangs(lang) && (isCloser(lang, t) || isOpener(lang, t)) {
		return true
	}
	switch lang {
	case "c", "cpp":
		return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") ||
			strings.HasPrefix(t, "*") || strings.HasPrefix(t, "#")
	case "ruby", "bash":
		return strings.HasPrefix(t, "#")
	case "lua":
		return strings.HasPrefix(t, "--")
	case "php":
		return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") ||
			strings.HasPrefix(t, "*") || strings.HasPrefix(t, "#") || t == "<?php" || t == "?>"
	case "csharp", "kotlin", "swift", "scala":
		return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") ||
			strings.HasPrefix(t, "*") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "[")
	case "python":
		return strings.HasPrefix(t, "#") || strings.HasPrefix(t, "@")
	case "rust":
		return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") ||
			strings.HasPrefix(t, "*") || strings.HasPrefix(t, "#[")
	case "java":
		return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") ||
			strings.HasPrefix(t, "*") || strings.HasPrefix(t, "@")
	}
	return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*")
}

// scopeLangs are the languages whose loose scope lines (isCloser,
// isOpener) join a neighbouring block.
func scopeLangs(lang string) bool {
	switch lang {
	case "c", "cpp", "csharp", "ruby", "php", "kotlin", "bash", "lua", "swift", "scala":
		return true
	}
	return false
}

// onlyClosers reports whether every non-blank line only closes a scope.
func onlyClosers(lang string, lines []string) bool {
	if !scopeLangs(lang) {
		return false
	}
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" && !isCloser(lang, t) {
			return false
		}
	}
	return true
}

// isCloser: "}", "};", "end", "#endif", each maybe followed by a comment.
func isCloser(lang, t string) bool {
	if lang == "c" || lang == "cpp" {
		if strings.HasPrefix(t, "#endif") {
			return true
		}
	}
	rest := t
	switch {
	case strings.HasPrefix(t, "end") && (lang == "ruby" || lang == "lua"):
		rest = t[3:]
	case strings.HasPrefix(t, "}"):
		rest = strings.TrimLeft(t, "})")
	default:
		return false
	}
	rest = strings.TrimSpace(strings.TrimLeft(rest, ";,)"))
	return rest == "" || strings.HasPrefix(rest, "//") || strings.HasPrefix(rest, "#") ||
		strings.HasPrefix(rest, "/*") || strings.HasPrefix(rest, "--")
}

// isOpener: a line that opens a namespace or module or holds only "{".
func isOpener(lang, t string) bool {
	switch {
	case t == "{":
		return true
	case lang == "ruby":
		return strings.HasPrefix(t, "module ") || t == "private" || t == "protected" ||
			t == "public" || t == "module_function"
	case lang == "cpp" || lang == "csharp" || lang == "php":
		return strings.HasPrefix(t, "namespace ") || strings.HasPrefix(t, "extern \"C\"")
	}
	return false
}
