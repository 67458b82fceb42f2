package engine

import (
	"strings"

	"github.com/loupe-dev/loupe/index/vocab"
)

// TermWord is the form words are compared in when a text is matched
// against a query's terms: lowercased and stemmed as the index stems
// (vocab.Stem: "enforced", "enforces", "enforce" → "enforc"; "tokens" →
// "token"; "unescaping", "Unescape" → "unescap"). The coverage signal and
// the changes source match with it, so that both mean the same thing by
// "mentions the query", and a stem match counts as a match.
func TermWord(w string) string {
	return vocab.Stem(strings.ToLower(w))
}

// TermSet numbers a query's terms (TermWords): the j-th term of
// NewTermSet's list is bit 1<<j of a mask. Terms must be distinct, at
// most MaxTerms. It is built once per query and matched against many
// texts, so what every match needs (the terms' first bytes, the mask of
// all) is computed here, not per text.
type TermSet struct {
	bits  map[string]uint32
	first [256]bool // first bytes of the terms: a stem starts as its word does
	// pairs holds the first two bytes of each term of two bytes or more,
	// as bit b0<<8|b1: a stem keeps its word's first two bytes (vocab.Stem
	// cuts a suffix and may add "y"; vocab's TestStemKeepsTheFirstTwoBytes),
	// so a lowercase word whose first two bytes are not here needs no stem.
	pairs [1 << 16 / 64]uint64
	all   uint32 // every term's bit: once a mask holds them, nothing more can be found
}

// MaxTerms is the most terms a TermSet holds: a mask's bits.
const MaxTerms = 32

// NewTermSet numbers terms in order.
func NewTermSet(terms []string) *TermSet {
	ts := &TermSet{bits: make(map[string]uint32, len(terms))}
	for j, t := range terms {
		ts.bits[t] = 1 << j
		ts.all |= 1 << j
		if t != "" {
			ts.first[t[0]] = true
		}
		if len(t) >= 2 {
			w, bit := pairBit(t)
			ts.pairs[w] |= bit
		}
	}
	return ts
}

// Bit is term's bit, 0 when the set does not hold it.
func (ts *TermSet) Bit(term string) uint32 { return ts.bits[term] }

// In returns mask with the bits of the terms text holds: its identifiers'
// parts and the identifiers joined whole, as TermWords. It only looks
// words up, never collects them: coverage runs over every candidate's text
// on the query path, and a set of all their words cost 15 ms a pack.
func (ts *TermSet) In(text string, mask uint32) uint32 {
	return ts.in(text, mask, nil)
}

// InCandidate returns the bits of the terms c's qualified name and text
// hold: what a candidate says, as coverage and fuse weigh it.
func (ts *TermSet) InCandidate(c *Candidate) uint32 {
	return ts.In(c.Text, ts.In(c.Block.QualName, 0))
}

// InEach is In of each text, sharing the work on identifiers that recur
// (the lines of one block).
func (ts *TermSet) InEach(texts []string) []uint32 {
	out := make([]uint32, len(texts))
	seen := map[string]uint32{}
	for i, t := range texts {
		out[i] = ts.in(t, 0, seen)
	}
	return out
}

// in is In with seen, the masks of the fields with several parts (which
// cost most to split and stem), filled as they are met; nil makes one
// when needed.
func (ts *TermSet) in(text string, mask uint32, seen map[string]uint32) uint32 {
	for i := 0; i < len(text) && mask&ts.all != ts.all; {
		if byteClass[text[i]]&classWord == 0 {
			i++
			continue
		}
		start := i
		simple := classSimple // lowercase ASCII letters and digits: one part
		for ; i < len(text); i++ {
			k := byteClass[text[i]]
			if k&classWord == 0 {
				break
			}
			simple &= k
		}
		f := text[start:i]
		if simple != 0 {
			if ts.maySimple(f) {
				mask |= ts.bits[vocab.Stem(f)]
			}
			continue
		}
		if !mayHold(&ts.first, f) {
			continue
		}
		m, ok := seen[f]
		if !ok {
			if seen == nil {
				seen = map[string]uint32{}
			}
			m = ts.field(f)
			seen[f] = m
		}
		mask |= m
	}
	return mask
}

// Byte classes of in's scan: a byte of an identifier-shaped field
// (isWordByte), and a byte of a simple field, lowercase ASCII letters and
// digits, which is one part and already lowercase.
const (
	classWord uint8 = 1 << iota
	classSimple
)

var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if isWordByte(b) {
			t[c] |= classWord
		}
		if b >= 'a' && b <= 'z' || b >= '0' && b <= '9' {
			t[c] |= classSimple
		}
	}
	return t
}()

// maySimple reports whether the simple field f (lowercase ASCII letters
// and digits) may stem to a term: its first byte starts one, and when it
// has two bytes or more, its first two start one too. A one-byte field
// can only be a one-byte term, which pairs does not hold.
func (ts *TermSet) maySimple(f string) bool {
	if !ts.first[f[0]] {
		return false
	}
	if len(f) == 1 {
		return true
	}
	w, bit := pairBit(f)
	return ts.pairs[w]&bit != 0
}

// pairBit is where pairs keeps the first two bytes of s (two or more).
func pairBit(s string) (word int, bit uint64) {
	k := int(s[0])<<8 | int(s[1])
	return k / 64, 1 << (k % 64)
}

// mayHold reports whether a part of the field f may start with one of
// the first bytes: stemming it is needed only then. Parts start at the
// field's start, at capitals, after "_" and where letters and digits
// meet; a field with other runes is always stemmed.
func mayHold(first *[256]bool, f string) bool {
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c > 127:
			return true
		case i == 0 || c >= 'A' && c <= 'Z' || f[i-1] == '_' || isDigitByte(f[i-1]) != isDigitByte(c):
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if first[c] {
				return true
			}
		}
	}
	return false
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// field looks up the parts of one identifier-shaped field, and the parts
// joined when there are several ("tokenCount" → token, count, tokencount).
func (ts *TermSet) field(f string) uint32 {
	if m, ok := ts.asciiField(f); ok {
		return m
	}
	parts := splitWords(f)
	var mask uint32
	for _, p := range parts {
		mask |= ts.bits[TermWord(p)]
	}
	if len(parts) > 1 {
		mask |= ts.bits[TermWord(strings.Join(parts, ""))]
	}
	return mask
}

// maxASCIIField is the longest field asciiField handles in its buffers.
const maxASCIIField = 64

// asciiField is field for an ASCII field of at most maxASCIIField bytes,
// without allocating: the parts (splitWords' rule: a part ends at a
// non-alphanumeric byte or where a lower-case letter meets an upper-case
// one) and the joined whole are lowered into buffers and looked up by
// their stems. false: the field is not such a field.
func (ts *TermSet) asciiField(f string) (uint32, bool) {
	if len(f) > maxASCIIField {
		return 0, false
	}
	var part, whole [maxASCIIField]byte
	var mask uint32
	pn, wn, parts := 0, 0, 0
	end := func() {
		if pn > 0 {
			mask |= ts.bits[string(vocab.StemBytes(part[:pn]))]
			parts++
			pn = 0
		}
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c >= 0x80 {
			return 0, false
		}
		upper := c >= 'A' && c <= 'Z'
		if !(upper || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			end()
			continue
		}
		if upper && pn > 0 && f[i-1] >= 'a' && f[i-1] <= 'z' {
			end()
		}
		if upper {
			c += 'a' - 'A'
		}
		part[pn], whole[wn] = c, c
		pn, wn = pn+1, wn+1
	}
	end()
	if parts > 1 {
		mask |= ts.bits[string(vocab.StemBytes(whole[:wn]))]
	}
	return mask, true
}

// isWordByte reports whether c belongs to an identifier-shaped field:
// ASCII letters, digits and '_', and every byte of a multi-byte rune (any
// rune above 127 counts, so its bytes, all above 127, do too).
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c > 127
}
