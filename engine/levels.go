package engine

import (
	"fmt"
	"strconv"
	"strings"

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

var levelNames = [...]string{"full", "head", "signature", "bookend", "reference"}

// String returns the level's name: full, head, signature, bookend, reference.
func (l Level) String() string {
	if l < LevelFull || int(l) >= len(levelNames) {
		return "level(" + strconv.Itoa(int(l)) + ")"
	}
	return levelNames[l]
}

// MarshalText makes levels readable in JSON and TOML.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText parses a level name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// ParseLevel parses a level name ("full", "head", "signature", "bookend",
// "reference"; "sig" and "ref" too).
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "full", "":
		return LevelFull, nil
	case "head":
		return LevelHead, nil
	case "signature", "sig":
		return LevelSignature, nil
	case "bookend":
		return LevelBookend, nil
	case "reference", "ref":
		return LevelReference, nil
	}
	return LevelFull, fmt.Errorf("engine: unknown level %q", s)
}

// Location is a candidate's "path:start-end" (or "path:line", "path", or
// its ID when it has no path).
func Location(c Candidate) string {
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
func ReferenceLine(c Candidate) string {
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
// allowance for LevelHead (estimated tokens); other levels ignore it. Lines
// are never cut: a level keeps whole lines and says how many it omitted.
// When a level would keep every line anyway, the full text is returned.
func RenderBody(c Candidate, lv Level, headTokens int) (body, note string) {
	fileLines := textIsBlockLines(c)
	c.Text = trimTrailingBlank(c)
	text := c.Text
	if text == "" || lv == LevelReference {
		return ReferenceLine(c) + "\n", "reference only (" + Location(c) + ")"
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	n := strings.Count(text, "\n")
	var keepHead, keepTail int
	switch lv {
	case LevelHead:
		keepHead = headLines(text, signatureEnd(c, text), headTokens)
	case LevelSignature:
		keepHead = signatureEnd(c, text)
	case LevelBookend:
		keepHead, keepTail = bookendHead, bookendTail
	default:
		return c.Text, ""
	}
	if keepHead+keepTail >= n {
		return c.Text, ""
	}
	omitted := n - keepHead - keepTail
	marker := omissionMarker(c, fileLines, keepHead, omitted)
	headEnd := lineOffset(text, keepHead)
	tailStart := len(text)
	for range keepTail {
		tailStart = strings.LastIndexByte(text[:tailStart-1], '\n') + 1
	}
	return text[:headEnd] + marker + "\n" + text[tailStart:], marker
}

// lineOffset is the byte offset just after the first k lines of text.
func lineOffset(text string, k int) int {
	off := 0
	for range k {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	return off
}

// omissionMarker is "… N lines omitted (path:a-b)", the lines in file
// coordinates when the text is the block's lines of the file (fileLines),
// else "(of path:start-end)" (a hunk or a commit has lines of its own).
func omissionMarker(c Candidate, fileLines bool, skip, omitted int) string {
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
func textIsBlockLines(c Candidate) bool {
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
func signatureEnd(c Candidate, text string) int {
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

// headLines is how many leading lines fit headTokens (estimated), never
// fewer than the signature's.
func headLines(text string, min, headTokens int) int {
	n, used, off := 0, 0, 0
	for off < len(text) {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			i = len(text) - off - 1
		}
		t := EstimateTokens(text[off:off+i+1], false)
		if n >= min && used+t > headTokens {
			break
		}
		used += t
		off += i + 1
		n++
	}
	return n
}

// Level weights: the share of a block's score that packing it at a level
// is worth.
const (
	weightFull      = 1.0
	weightHead      = 0.6
	weightSignature = 0.35
	weightBookend   = 0.3
	weightReference = 0.05
)

func levelWeight(l Level) float64 {
	switch l {
	case LevelFull:
		return weightFull
	case LevelHead:
		return weightHead
	case LevelSignature:
		return weightSignature
	case LevelBookend:
		return weightBookend
	}
	return weightReference
}

// levelOptions lists candidate c's levels from ceiling down, with
// estimated costs. cap >= 0 leaves out every level but the reference line
// that is estimated above it, and sizes the head level to it.
func levelOptions(c Candidate, ceiling Level, cap int) []levelOption {
	est, head := levelEstimates(c, cap)
	opts := make([]levelOption, 0, LevelReference-ceiling+1)
	for lv := ceiling; lv <= LevelReference; lv++ {
		if lv == LevelHead && head <= 0 {
			continue
		}
		if lv == LevelSignature && lv != ceiling && c.Block.Signature == "" {
			continue // without a signature this level is only the first line
		}
		if cap >= 0 && lv != LevelReference && est[lv] > cap {
			continue
		}
		opts = append(opts, levelOption{level: lv, head: max(head, 0), est: est[lv], exact: -1,
			value: max(c.Score, minScore) * levelWeight(lv)})
	}
	return opts
}

// levelEstimates estimates c's cost at every level, and the head
// allowance under cap (cap < 0: no cap).
func levelEstimates(c Candidate, cap int) ([LevelReference + 1]int, int) {
	prose := isProse(c)
	ref := referenceEstimate(c)
	hdr := headerEstimate + ref
	full := EstimateTokens(c.Text, prose)
	lines := max(c.Block.Lines(), 1)
	marker := 12
	head := full / 2
	if cap >= 0 {
		head = min(head, cap-hdr-marker)
	}
	head -= head % headQuantum
	return [...]int{
		LevelFull:      full + hdr,
		LevelHead:      min(head+marker, full) + hdr,
		LevelSignature: min(EstimateTokens(c.Block.Signature+c.Block.Doc, prose)+full/lines+marker, full) + hdr,
		LevelBookend:   min(full*(bookendHead+bookendTail)/lines+marker, full) + hdr,
		LevelReference: ref + 6,
	}, head
}

// referenceEstimate estimates ReferenceLine(c) without building it.
func referenceEstimate(c Candidate) int {
	b := c.Block
	n := len(b.Kind) + max(len(b.QualName), len(b.Name)) + len(b.Path) + 14
	if b.Path == "" {
		n += len(c.ID)
	}
	return int(float64(n)/bytesPerTokenCode + 0.999)
}

func isProse(c Candidate) bool {
	switch c.Block.Lang {
	case "markdown", "text", "rst", "asciidoc", "":
		return true
	}
	return c.Block.Kind == index.KindSection
}

// trimTrailingBlank drops the blank lines that end a code or docs block:
// the chunker gives the blank lines between declarations to the block
// above, so that every line of a file has a block, but a fence that ends in
// empty lines only costs tokens. Diffs keep theirs: a blank context line is
// part of the hunk.
func trimTrailingBlank(c Candidate) string {
	if c.Block.Kind == index.KindHunk || c.Block.Kind == index.KindCommit {
		return c.Text
	}
	t := strings.TrimRight(c.Text, " \t\r\n")
	if t == "" {
		return ""
	}
	return t + "\n"
}
