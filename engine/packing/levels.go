package packing

import (
	"slices"
	"strconv"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// Bytes per token used to estimate candidates before they are counted
// exactly (measured with o200k on the Go standard library and on Markdown).
const (
	bytesPerTokenCode  = 2.65
	bytesPerTokenProse = 3.35
)

// Bookend level: how many lines are kept at each end of a block.
const (
	bookendHead = 3
	bookendTail = 2
)

// EstimateTokens guesses the token count of text without a tokenizer.
func EstimateTokens(text string, prose bool) int {
	r := bytesPerTokenCode
	if prose {
		r = bytesPerTokenProse
	}
	return int(float64(len(text))/r + 0.999)
}

// Location is a candidate's "path:start-end" (or "path:line", "path", or
// its ID when it has no path).
func Location(c engine.Candidate) string {
	b := c.Block
	switch {
	case b.Path == "":
		return c.ID
	case b.StartLine <= 0:
		return b.Path
	case b.EndLine <= b.StartLine:
		return b.Path + ":" + strconv.Itoa(b.StartLine)
	}
	return b.Path + ":" + strconv.Itoa(b.StartLine) + "-" + strconv.Itoa(b.EndLine)
}

// ReferenceLine is the one line a block is reduced to at LevelReference:
// kind, name and location.
func ReferenceLine(c engine.Candidate) string {
	name := c.Block.QualName
	if name == "" {
		name = c.Block.Name
	}
	parts := make([]string, 0, 3)
	if c.Block.Kind != "" {
		parts = append(parts, string(c.Block.Kind))
	}
	if name != "" {
		parts = append(parts, name)
	}
	parts = append(parts, Location(c))
	return strings.Join(parts, " ")
}

// RenderBody returns c's text at level lv and a note saying what was left
// out and where the full text is (empty at full level). headTokens is the
// allowance for LevelHead (estimated tokens); other levels ignore it.
// Without a query, LevelFocus keeps the signature and c's anchors. Lines
// are never cut: a level keeps whole lines, marks each omitted gap, and
// keeps c.Anchors. When a level would keep every line anyway, the full text
// is returned.
func RenderBody(c engine.Candidate, lv engine.Level, headTokens int) (body, note string) {
	li := newLineInfo(c, nil, nil, c.Anchors)
	body, note, _ = renderLevel(c, li, lv, li.levelSpans(lv, headTokens, -1))
	return body, note
}

// renderLevel renders c at level lv keeping spans of its lines (li), and
// returns the body, the note (every omission marker, "; "-joined) and the
// file lines shown (nil when the text has no file coordinates).
func renderLevel(c engine.Candidate, li *lineInfo, lv engine.Level, spans []span) (body, note string, shown [][2]int) {
	if len(li.lines) == 0 || lv == engine.LevelReference {
		if li.fileLines {
			shown = [][2]int{}
		}
		return ReferenceLine(c) + "\n", "reference only (" + Location(c) + ")", shown
	}
	n := len(li.lines)
	if lv == engine.LevelFull || keepsAll(spans, n) {
		spans = []span{{0, n}}
	}
	var b strings.Builder
	var notes []string
	pos := 0
	for _, s := range spans {
		if s.a > pos {
			m := omissionMarker(c, li.fileLines, pos, s.a-pos)
			b.WriteString(m + "\n")
			notes = append(notes, m)
		}
		for _, l := range li.lines[s.a:s.b] {
			b.WriteString(l)
		}
		if li.fileLines {
			shown = append(shown, [2]int{c.Block.StartLine + s.a, c.Block.StartLine + s.b - 1})
		}
		pos = s.b
	}
	if pos < n {
		m := omissionMarker(c, li.fileLines, pos, n-pos)
		b.WriteString(m + "\n")
		notes = append(notes, m)
	}
	return b.String(), strings.Join(notes, "; "), shown
}

// omissionMarker is "… N lines omitted (path:a-b)", the lines in file
// coordinates when the text is the block's lines of the file (fileLines),
// else "(of path:start-end)" (a hunk or a commit has lines of its own).
func omissionMarker(c engine.Candidate, fileLines bool, skip, omitted int) string {
	unit := " lines"
	if omitted == 1 {
		unit = " line"
	}
	b := c.Block
	where := "of " + Location(c)
	if fileLines {
		a := b.StartLine + skip
		where = b.Path + ":" + strconv.Itoa(a) + "-" + strconv.Itoa(a+omitted-1)
	} else if b.Path == "" {
		where = c.ID
	}
	return "… " + strconv.Itoa(omitted) + unit + " omitted (" + where + ")"
}

// textIsBlockLines reports whether c.Text is exactly the lines
// StartLine..EndLine of c's file, so that its line i is file line
// StartLine+i.
func textIsBlockLines(c engine.Candidate) bool {
	b := c.Block
	if b.Path == "" || b.StartLine <= 0 {
		return false
	}
	n := strings.Count(c.Text, "\n")
	if c.Text != "" && !strings.HasSuffix(c.Text, "\n") {
		n++
	}
	return n == b.Lines()
}

// signatureEnd is how many leading lines hold the doc comment and the
// signature: up to the line holding the signature's last line, or the
// first line when the block has no signature or it is not found.
func signatureEnd(c engine.Candidate, text string) int {
	sig := strings.TrimSpace(c.Block.Signature)
	if sig == "" {
		return 1
	}
	first, last := sig, sig
	if i := strings.IndexByte(sig, '\n'); i >= 0 {
		first = strings.TrimSpace(sig[:i])
		last = strings.TrimSpace(sig[strings.LastIndexByte(sig, '\n')+1:])
	}
	at := strings.Index(text, first)
	if at < 0 {
		return 1
	}
	line := strings.Count(text[:at], "\n")
	if end := strings.Index(text[at:], last); end >= 0 {
		if endLine := strings.Count(text[:at+end], "\n"); endLine <= line+strings.Count(sig, "\n")+2 {
			return endLine + 1
		}
	}
	return line + 1
}

// Level weights: the share of a block's score that packing it at a level
// is worth when partial levels are not valued by what they keep
// (valueByShare off, the ablation); see focus.go for the values used.
const (
	weightFull      = 1.0
	weightFocus     = 0.6
	weightHead      = 0.6
	weightSignature = 0.35
	weightBookend   = 0.3
	weightReference = 0.05
)

func levelWeight(l engine.Level) float64 {
	switch l {
	case engine.LevelFull:
		return weightFull
	case engine.LevelFocus:
		return weightFocus
	case engine.LevelHead:
		return weightHead
	case engine.LevelSignature:
		return weightSignature
	case engine.LevelBookend:
		return weightBookend
	}
	return weightReference
}

// belowCeiling: a level below a candidate's ceiling is worth at most this
// share of the ceiling's value, so that a cheaper level that happens to
// keep more relevance never displaces a level a person chose.
const belowCeiling = 0.99

// levelPlan is one level's lines, estimated cost and value share.
type levelPlan struct {
	spans []span
	est   int
	worth float64 // the share of the block's score this level is worth
}

// levelOptions lists candidate c's levels from ceiling down, with
// estimated costs and values (base, its packing priority, times what
// the level is worth). cap >= 0 leaves out every level but the
// reference line that is estimated above it, and sizes the head and focus
// levels to it.
func levelOptions(c engine.Candidate, li *lineInfo, ceiling engine.Level, cap int, base float64) []levelOption {
	plans, head := levelPlans(c, li, cap)
	opts := make([]levelOption, 0, engine.LevelReference-ceiling+1)
	top := plans[ceiling].worth
	for lv := ceiling; lv <= engine.LevelReference; lv++ {
		pl := plans[lv]
		if lv != ceiling && lv != engine.LevelReference && !offered(c, li, lv, plans) {
			continue
		}
		if cap >= 0 && lv != engine.LevelReference && pl.est > cap {
			continue
		}
		worth := pl.worth
		if lv != ceiling { // the ceiling (a person's or a source's choice) is worth the most
			worth = min(worth, top*belowCeiling)
		}
		opts = append(opts, levelOption{level: lv, head: max(head, 0), est: pl.est, exact: -1, spans: pl.spans,
			value: base * worth})
	}
	return opts
}

// offered reports whether level lv (below the ceiling) is worth offering:
// head needs an allowance, signature a signature, focus a matching line or
// an anchor and to differ from the signature level.
func offered(c engine.Candidate, li *lineInfo, lv engine.Level, plans [engine.LevelReference + 1]levelPlan) bool {
	if len(li.lines) == 0 {
		return false // an empty text is a reference line at every level
	}
	switch lv {
	case engine.LevelFocus:
		return focusLevelOn && (li.matched > 0 || len(li.anchors) > 0) &&
			!slices.Equal(plans[engine.LevelFocus].spans, plans[engine.LevelSignature].spans) &&
			!keepsAll(plans[engine.LevelFocus].spans, len(li.lines))
	case engine.LevelHead:
		return plans[engine.LevelHead].est > 0
	case engine.LevelSignature:
		// Without a signature this level is only the first line; a header's
		// signature is its package clause alone, which tells nothing.
		return c.Block.Signature != "" && c.Block.Kind != index.KindHeader
	}
	return true
}

// levelPlans plans c at every level, and returns the head allowance
// under cap (cap < 0: no cap).
func levelPlans(c engine.Candidate, li *lineInfo, cap int) ([engine.LevelReference + 1]levelPlan, int) {
	li.mu.Lock()
	m, ok := li.plans[cap]
	li.mu.Unlock()
	if ok {
		return m.plans, m.head
	}
	plans, head := planLevels(c, li, cap)
	li.mu.Lock()
	if li.plans == nil {
		li.plans = map[int]planMemo{}
	}
	li.plans[cap] = planMemo{plans, head}
	li.mu.Unlock()
	return plans, head
}

// planMemo is levelPlans' result for one cap.
type planMemo struct {
	plans [engine.LevelReference + 1]levelPlan
	head  int
}

// planLevels computes levelPlans.
func planLevels(c engine.Candidate, li *lineInfo, cap int) ([engine.LevelReference + 1]levelPlan, int) {
	hdr := headerEstimate + referenceEstimate(c)
	full := li.estimate([]span{{0, len(li.lines)}})
	head, focus := full/2, -1
	if cap >= 0 {
		head = min(head, cap-hdr-markerTokens)
		focus = cap - hdr
	}
	head -= head % headQuantum
	var plans [engine.LevelReference + 1]levelPlan
	plans[engine.LevelFull] = levelPlan{spans: []span{{0, len(li.lines)}}, est: full + hdr, worth: weightFull}
	for lv := engine.LevelFocus; lv < engine.LevelReference; lv++ {
		sp := li.levelSpans(lv, head, focus)
		pl := levelPlan{spans: sp, est: li.estimate(sp) + hdr, worth: partialValue(lv, li.share(sp))}
		if keepsAll(sp, len(li.lines)) {
			pl.worth = weightFull
		}
		plans[lv] = pl
	}
	if head <= 0 {
		plans[engine.LevelHead].est = 0
	}
	plans[engine.LevelReference] = levelPlan{est: referenceEstimate(c) + 6, worth: weightReference}
	return plans, head
}

// referenceEstimate estimates ReferenceLine(c) without building it.
func referenceEstimate(c engine.Candidate) int {
	b := c.Block
	n := len(b.Kind) + max(len(b.QualName), len(b.Name)) + len(b.Path) + 14
	if b.Path == "" {
		n += len(c.ID)
	}
	return int(float64(n)/bytesPerTokenCode + 0.999)
}

// isProse: documentation, and blocks of no language (notes, diagnostics),
// tokenize like prose.
func isProse(c engine.Candidate) bool { return c.Block.Lang == "" || index.IsProse(c.Block) }

// trimTrailingBlank drops the blank lines that end a code or docs block:
// the chunker gives the blank lines between declarations to the block
// above, so that every line of a file has a block, but a fence that ends in
// empty lines only costs tokens. Diffs keep theirs: a blank context line is
// part of the hunk.
func trimTrailingBlank(c engine.Candidate) string {
	if c.Block.Kind == index.KindHunk || c.Block.Kind == index.KindCommit {
		return c.Text
	}
	t := strings.TrimRight(c.Text, " \t\r\n")
	if t == "" {
		return ""
	}
	if len(c.Text) > len(t) && c.Text[len(t)] == '\n' {
		return c.Text[:len(t)+1] // most texts end so: no copy
	}
	return t + "\n"
}
