package packing

// # The focus level and what a partial level is worth
//
// A block that must shrink should keep the lines a task needs. The focus
// level keeps the block's signature (and doc comment), every anchor line
// (a stack-trace frame or a diagnostic that points into the block), and
// the lines that hold the query's words, each with a little context,
// windows merged, a marker per omitted gap in file coordinates. Lines are
// chosen by relevance until the level's allowance is spent, so that a
// 400-line table focused on its one matching entry costs a few dozen
// tokens.
//
// Line relevance is computed once per candidate per pack: each line's
// query terms (TermWord forms of the query's identifiers and keywords,
// looked up with TermSet) weighted by their rarity among the candidates
// (idf), plus a small even share so that plain context still counts. The
// value of a partial level is the candidate's score times
// levelFloor + (levelCeil - levelFloor) × share, where share is the part
// of the block's relevance the level keeps, and never less than the
// level's fixed weight (levelWeight): a focus body that keeps every
// matching line of a big block is worth nearly the full block at a
// fraction of its cost, a bookend that keeps none of them its fixed .3. The per-line term masks depend only on the text and the
// query, so a PackCache keeps them across re-packs.

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/loupe-dev/loupe/engine"
)

// Focus windows: lines of context kept around a matching line and around
// an anchor, and the widest gap that is filled rather than marked (a
// marker costs about as much as a short line).
const (
	focusBefore   = 2
	focusAfter    = 2
	anchorContext = 3
	fillGap       = 2
	focusTerms    = engine.MaxTerms // what one TermSet holds
	markerTokens  = 12              // estimated tokens of an omission marker line
)

// Partial level values: levelFloor[lv] + (levelCeil - levelFloor[lv]) ×
// the share of the block's relevance the level keeps. Full is worth 1,
// reference weightReference.
const (
	levelCeil      = 0.9
	floorFocus     = 0.2
	floorHead      = 0.2
	floorSignature = 0.15
	floorBookend   = 0.1
	// contextShare is the part of a block's relevance spread evenly over
	// its lines, so that a block no query word touches still values the
	// lines a level keeps, and matched lines' neighbours count a little.
	contextShare = 0.2
)

// Ablation switches (constants, so that the measured variants are builds).
const (
	focusLevelOn = true // offer LevelFocus
	valueByShare = true // partial levels valued by the relevance they keep
	anchorsOn    = true // partial levels keep anchor lines
)

// span is the half-open range [a, b) of a block's text lines.
type span struct{ a, b int }

// focusQuery is what the packer takes from the query: the terms lines are
// matched with and the stack-trace frames.
type focusQuery struct {
	terms  []string
	set    *engine.TermSet
	frames []engine.Frame
	key    string // terms joined: part of the line-mask cache key
}

// newFocusQuery analyses the raw query once per pack.
func newFocusQuery(raw string) focusQuery {
	fq := focusQuery{frames: engine.TraceFrames(raw)}
	if strings.TrimSpace(raw) == "" {
		return fq
	}
	fq.terms = engine.FocusTerms(engine.AnalyzeQuery(raw), focusTerms)
	fq.set = engine.NewTermSet(fq.terms)
	fq.key = strings.Join(fq.terms, " ")
	return fq
}

// lineInfo is a candidate's text as lines, with what partial levels need:
// estimated tokens and relevance per line, anchors, the signature's end.
type lineInfo struct {
	lines     []string  // each newline-terminated
	ratio     float64   // bytes per token
	weight    []float64 // relevance: idf of the query terms held, plus context
	total     float64   // sum of weight
	matched   int       // lines that hold a query term
	anchors   []int     // line indexes never omitted, ascending
	sigEnd    int
	fileLines bool

	mu    sync.Mutex       // guards plans: a lineInfo is shared through a PackCache
	plans map[int]planMemo // levelPlans by cap
}

// newLineInfo splits c's (trimmed) text into lines and weighs them. masks
// are the lines' query-term masks (nil: no query), idf the terms'
// weights, anchors file lines to keep.
func newLineInfo(c engine.Candidate, masks []uint32, idf []float64, anchors []int) *lineInfo {
	fileLines := textIsBlockLines(c)
	text := trimTrailingBlank(c)
	li := &lineInfo{lines: splitLines(text), fileLines: fileLines}
	n := len(li.lines)
	li.weight = make([]float64, n)
	li.ratio = bytesPerTokenCode
	if isProse(c) {
		li.ratio = bytesPerTokenProse
	}
	rel := 0.0
	for i := range li.lines {
		if i < len(masks) && masks[i] != 0 {
			li.weight[i] = maskWeight(masks[i], idf)
			rel += li.weight[i]
			li.matched++
		}
	}
	if anchorsOn && fileLines {
		li.anchors = anchorIndexes(c.Block.StartLine, n, anchors)
	}
	for _, i := range li.anchors {
		li.weight[i] += rel + 1 // an anchor is worth as much as every match
	}
	li.spreadContext(rel)
	if n > 0 {
		li.sigEnd = min(signatureEnd(c, text), n)
	}
	return li
}

// spreadContext adds contextShare of the block's relevance evenly over
// its lines (one unit per line when nothing matched), and totals.
func (li *lineInfo) spreadContext(rel float64) {
	n := len(li.lines)
	if n == 0 {
		return
	}
	even := 1.0
	if rel > 0 {
		even = rel * contextShare / (1 - contextShare) / float64(n)
	}
	li.total = 0
	for i := range li.weight {
		li.weight[i] += even
		li.total += li.weight[i]
	}
}

// maskWeight sums the idf of the terms in mask.
func maskWeight(mask uint32, idf []float64) float64 {
	w := 0.0
	for j := range idf {
		if mask&(1<<j) != 0 {
			w += idf[j]
		}
	}
	return w
}

// anchorIndexes maps file lines to text line indexes of a block starting
// at start with n lines, ascending, distinct.
func anchorIndexes(start, n int, lines []int) []int {
	var out []int
	for _, l := range lines {
		if i := l - start; i >= 0 && i < n && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// splitLines splits text into newline-terminated lines.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	out := make([]string, 0, strings.Count(text, "\n"))
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// lineMasks is the query-term mask of each line of text.
func lineMasks(ts *engine.TermSet, text string) []uint32 {
	return ts.InEach(splitLines(text))
}

// termIDF weighs each term by its rarity among the candidates: masks[i]
// is candidate i's terms (all its lines').
func termIDF(n int, held []uint32, terms int) []float64 {
	idf := make([]float64, terms)
	for j := range idf {
		df := 0
		for _, m := range held {
			if m&(1<<j) != 0 {
				df++
			}
		}
		idf[j] = math.Log(1 + float64(n)/float64(1+df))
	}
	return idf
}

// share is the part of the block's relevance that spans keep.
func (li *lineInfo) share(spans []span) float64 {
	if li.total <= 0 {
		return 0
	}
	kept := 0.0
	for _, s := range spans {
		for i := s.a; i < s.b; i++ {
			kept += li.weight[i]
		}
	}
	return min(kept/li.total, 1)
}

// estimate is the estimated tokens of the body spans keep, markers
// included.
func (li *lineInfo) estimate(spans []span) int {
	n, pos, bytes := 0, 0, 0
	for _, s := range spans {
		if s.a > pos {
			n += markerTokens
		}
		for i := s.a; i < s.b; i++ {
			bytes += len(li.lines[i])
		}
		pos = s.b
	}
	if pos < len(li.lines) {
		n += markerTokens
	}
	return n + int(float64(bytes)/li.ratio+0.999)
}

// tokens is line i's estimated tokens.
func (li *lineInfo) tokens(i int) float64 { return float64(len(li.lines[i])) / li.ratio }

// levelSpans are the lines kept at a partial level: the level's own lines
// plus every anchor with its context. head is the head allowance
// (estimated tokens), focus the focus allowance (< 0: no limit).
func (li *lineInfo) levelSpans(lv engine.Level, head, focus int) []span {
	n := len(li.lines)
	if n == 0 {
		return nil
	}
	var s []span
	switch lv {
	case engine.LevelFocus:
		return li.focusSpans(focus)
	case engine.LevelHead:
		s = []span{{0, li.headLines(head)}}
	case engine.LevelSignature:
		s = []span{{0, max(li.sigEnd, 1)}}
	case engine.LevelBookend:
		s = []span{{0, bookendHead}, {n - bookendTail, n}}
	default:
		return []span{{0, n}}
	}
	return normalize(append(s, li.anchorSpans()...), n, 0)
}

// headLines is how many leading lines fit the head allowance, never fewer
// than the signature's.
func (li *lineInfo) headLines(allowance int) int {
	used := 0.0
	for i := range li.lines {
		t := li.tokens(i)
		if i >= li.sigEnd && used+t > float64(allowance) {
			return i
		}
		used += t
	}
	return len(li.lines)
}

// anchorSpans are the anchors with their context.
func (li *lineInfo) anchorSpans() []span {
	out := make([]span, 0, len(li.anchors))
	for _, i := range li.anchors {
		out = append(out, span{i - anchorContext, i + anchorContext + 1})
	}
	return out
}

// focusSpans keeps the signature, the anchors, then the matching lines
// from the most relevant down, each with its window, while they fit the
// allowance (< 0: all of them).
func (li *lineInfo) focusSpans(allowance int) []span {
	n := len(li.lines)
	kept := make([]bool, n)
	used := 0.0
	take := func(s span) {
		for i := max(s.a, 0); i < min(s.b, n); i++ {
			if !kept[i] {
				kept[i] = true
				used += li.tokens(i)
			}
		}
	}
	take(span{0, max(li.sigEnd, 1)})
	for _, s := range li.anchorSpans() {
		take(s)
	}
	for _, i := range li.byRelevance() {
		w := span{max(i-focusBefore, 0), min(i+focusAfter+1, n)}
		cost := float64(markerTokens)
		for k := w.a; k < w.b; k++ {
			if !kept[k] {
				cost += li.tokens(k)
			}
		}
		if allowance >= 0 && used+cost > float64(allowance) {
			continue
		}
		take(w)
		used += markerTokens
	}
	return normalize(spansOf(kept), n, fillGap)
}

// byRelevance lists the matching lines (not anchors), most relevant
// first, ties to the earlier line.
func (li *lineInfo) byRelevance() []int {
	var out []int
	even := li.weight[0]
	for i := range li.weight {
		even = min(even, li.weight[i])
	}
	for i, w := range li.weight {
		if w > even && !slices.Contains(li.anchors, i) {
			out = append(out, i)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return cmpDesc(li.weight[a], li.weight[b]) })
	return out
}

// spansOf turns a kept-line mask into spans.
func spansOf(kept []bool) []span {
	var out []span
	for i := 0; i < len(kept); i++ {
		if !kept[i] {
			continue
		}
		j := i
		for j < len(kept) && kept[j] {
			j++
		}
		out = append(out, span{i, j})
		i = j
	}
	return out
}

// normalize clips spans to [0, n), sorts and merges them, filling gaps of
// at most fill lines.
func normalize(spans []span, n, fill int) []span {
	var in []span
	for _, s := range spans {
		if s.a, s.b = max(s.a, 0), min(s.b, n); s.a < s.b {
			in = append(in, s)
		}
	}
	slices.SortFunc(in, func(x, y span) int { return x.a - y.a })
	var out []span
	for _, s := range in {
		if k := len(out) - 1; k >= 0 && s.a <= out[k].b+fill {
			out[k].b = max(out[k].b, s.b)
			continue
		}
		out = append(out, s)
	}
	if len(out) > 0 && out[0].a <= fill {
		out[0].a = 0
	}
	if k := len(out) - 1; k >= 0 && n-out[k].b <= fill {
		out[k].b = n
	}
	return out
}

// keepsAll reports whether spans cover every one of n lines.
func keepsAll(spans []span, n int) bool {
	return len(spans) == 1 && spans[0].a == 0 && spans[0].b == n
}

// partialValue is a partial level's share of the block's full value: what
// its lines keep of the block's relevance, and never less than the level's
// fixed weight (a signature still names the block and its file: valuing it
// below that cost a pack whole files at 2k tokens, file recall .872 →
// .833 on 128 dev cases, for gold-line recall .159 → .183).
func partialValue(lv engine.Level, share float64) float64 {
	if !valueByShare {
		return levelWeight(lv)
	}
	floor := map[engine.Level]float64{engine.LevelFocus: floorFocus, engine.LevelHead: floorHead,
		engine.LevelSignature: floorSignature, engine.LevelBookend: floorBookend}[lv]
	return max(levelWeight(lv), floor+(levelCeil-floor)*share)
}
