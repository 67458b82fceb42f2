package tokens

// Byte-pair encoding is not additive in general: tiktoken first splits text
// with a regular expression into pieces and encodes each piece on its own,
// so count(a+b) == count(a)+count(b) exactly when the cut between a and b is
// also a piece boundary. For the o200k and cl100k expressions a cut right
// after '\n' is such a boundary when the next byte is ASCII, not whitespace
// and not '/':
//
//   - no alternative can consume a non-whitespace byte after a newline,
//     except ` ?[^\s\p{L}\p{N}]+[\r\n/]*`, whose tail takes '/' (o200k);
//   - the letter alternatives start with an optional [^\r\n\p{L}\p{N}], so
//     a piece that starts at the cut cannot reach back over the newline;
//   - there is no look-behind, and the only look-ahead, `\s+(?!\S)`, sees
//     the same non-space byte on both sides of the cut.
//
// Rendered context has such a cut before every unindented line (headers,
// fences, top-level declarations), so a render is counted piece by piece
// and unchanged pieces come from the cache. TestSplitExact checks the claim
// against whole-text counts on real sources.

// nextPiece returns the first piece of s, up to its first additive cut, and
// the rest. Cuts depend only on the bytes around them, never on where the
// previous piece began, so a piece that did not change is found in the
// cache even when the text before it did change.
func nextPiece(s string) (piece, rest string) {
	for i := 1; i < len(s); i++ {
		if s[i-1] == '\n' && cuttable(s[i]) {
			return s[:i], s[i:]
		}
	}
	return s, ""
}

func cuttable(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f', '/':
		return false
	}
	return c < 0x80
}
