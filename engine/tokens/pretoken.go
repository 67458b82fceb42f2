package tokens

import (
	"unicode"
	"unicode/utf8"
)

// # o200k's pre-tokenizer, without a regular expression
//
// tiktoken splits a text into pieces with o200kSplit before byte-pair
// encoding each piece. tiktoken-go runs that pattern through regexp2's
// generated matcher, which first turns the text into runes and then
// backtracks; it was two thirds of counting a pack's tokens. o200kPieceEnd
// finds the same pieces by following the matcher's tree (printed at the
// top of tiktoken-go's codec/regexp.gen.go) alternative by alternative:
//
//  1. [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+ contraction?
//  2. [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]* contraction?
//  3. \p{N}{1,3}
//  4. ` ?[^\s\p{L}\p{N}]+[\r\n/]*`, its parts atomic
//  5. \s*[\r\n]+, as the generated matcher runs it (see spaceEnd)
//  6. \s+(?!\S)
//  7. \s+
//
// where a contraction is ' then s, t, re, ve, m, ll or d in either case
// (and ſ, which regexp2 folds to s), and \s is unicode.IsSpace. The first
// alternative that matches at a position wins, and every rune but one is
// matched by one of them: the generated matcher's sets leave out U+007F,
// so tiktoken-go skips it and counts nothing for it (FuzzPreTokenizer
// found it; a run over every code point in four contexts found nothing
// else, and TestPreTokenizerEveryRune keeps checking the basic plane). Classes come from
// Go's unicode tables, as regexp2's do. An invalid byte is one rune,
// U+FFFD, as regexp2 reads it. TestPreTokenizerIsRegexp2 and
// TestO200kExact compare with the library on real and generated texts.

// Rune classes of the pattern, as bits.
const (
	clsUpper  = 1 << iota // \p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}
	clsLower              // \p{Ll}\p{Lm}\p{Lo}\p{M}
	clsLetter             // \p{L}
	clsNumber             // \p{N}
	clsSpace              // \s
	clsNone               // U+007F, in no set of the generated matcher
)

// asciiClass holds the classes of the ASCII runes.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = classOfSlow(r)
	}
	t[0x7f] = clsNone
	return t
}()

func classOfSlow(r rune) uint8 {
	var c uint8
	mark := unicode.Is(unicode.M, r)
	if mark || unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo) {
		c |= clsUpper
	}
	if mark || unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo) {
		c |= clsLower
	}
	if unicode.IsLetter(r) {
		c |= clsLetter
	}
	if unicode.IsNumber(r) {
		c |= clsNumber
	}
	if unicode.IsSpace(r) {
		c |= clsSpace
	}
	return c
}

// runeAt decodes the rune at s[i] with its class; an invalid byte is
// U+FFFD of width 1, as a conversion to runes makes it.
func runeAt(s string, i int) (r rune, w int, cls uint8) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1, asciiClass[c]
	}
	r, w = utf8.DecodeRuneInString(s[i:])
	return r, w, classOfSlow(r)
}

// prefixable is [^\r\n\p{L}\p{N}]: what may precede a word.
func prefixable(r rune, cls uint8) bool {
	return r != '\r' && r != '\n' && cls&(clsLetter|clsNumber|clsNone) == 0
}

// o200kNext returns the bounds of the first piece at or after s[i],
// start == len(s) when none is left.
func o200kNext(s string, i int) (start, end int) {
	for i < len(s) && s[i] == 0x7f {
		i++
	}
	if i == len(s) {
		return i, i
	}
	return i, o200kPieceEnd(s, i)
}

// o200kPieceEnd returns the end of the piece that starts at s[i].
func o200kPieceEnd(s string, i int) int {
	r, w, cls := runeAt(s, i)
	if end := wordEnd(s, i, r, w, cls); end > 0 {
		return end
	}
	if cls&clsNumber != 0 {
		return numberEnd(s, i+w)
	}
	if end := punctEnd(s, i, r, w, cls); end > 0 {
		return end
	}
	// Every rune left is a space; the guard keeps a rune the tables
	// missed from stopping the split.
	return max(spaceEnd(s, i), i+w)
}

// numberEnd matches the rest of alternative 3 after its first number at
// s[:j]: at most two more.
func numberEnd(s string, j int) int {
	for n := 1; n < 3 && j < len(s); n++ {
		_, w, cls := runeAt(s, j)
		if cls&clsNumber == 0 {
			break
		}
		j += w
	}
	return j
}

// wordEnd tries alternatives 1 and 2, each with the prefix rune first
// and then without it (the prefix is optional and gives back); 0 when
// neither matches.
func wordEnd(s string, i int, r rune, w int, cls uint8) int {
	starts := [2]int{-1, i}
	if prefixable(r, cls) {
		starts[0] = i + w
	}
	for _, s0 := range starts {
		if s0 >= 0 {
			if end := lowerWordEnd(s, s0); end > 0 {
				return end
			}
		}
	}
	for _, s0 := range starts {
		if s0 >= 0 {
			if end := upperWordEnd(s, s0); end > 0 {
				return end
			}
		}
	}
	return 0
}

// lowerWordEnd matches alternative 1 from s0: the longest run of upper
// runes that still leaves a lower rune after it, then lower runes, then a
// contraction; 0 when there is no lower rune to end on.
func lowerWordEnd(s string, s0 int) int {
	j, lastLower, lastLowerEnd := s0, -1, 0
	for j < len(s) {
		_, w, cls := runeAt(s, j)
		if cls&clsUpper == 0 {
			break
		}
		if cls&clsLower != 0 {
			lastLower, lastLowerEnd = j, j+w
		}
		j += w
	}
	end := 0
	if j < len(s) {
		if _, w, cls := runeAt(s, j); cls&clsLower != 0 {
			end = lowerRunEnd(s, j+w)
		}
	}
	if end == 0 {
		if lastLower < 0 {
			return 0
		}
		// The upper run gives its last lower rune back; the runes after
		// it in the run are upper only, so the lower run is that rune.
		end = lastLowerEnd
	}
	return end + contraction(s, end)
}

// upperWordEnd matches alternative 2 from s0: upper runes (at least one),
// lower runes, a contraction; 0 when s0 holds no upper rune.
func upperWordEnd(s string, s0 int) int {
	j := s0
	for j < len(s) {
		_, w, cls := runeAt(s, j)
		if cls&clsUpper == 0 {
			break
		}
		j += w
	}
	if j == s0 {
		return 0
	}
	end := lowerRunEnd(s, j)
	return end + contraction(s, end)
}

// lowerRunEnd returns the end of the run of lower runes from j.
func lowerRunEnd(s string, j int) int {
	for j < len(s) {
		_, w, cls := runeAt(s, j)
		if cls&clsLower == 0 {
			break
		}
		j += w
	}
	return j
}

// contraction returns the length of the contraction at s[i:], 0 if none:
// 's 't 're 've 'm 'll 'd in either case, and 'ſ.
func contraction(s string, i int) int {
	if i+1 >= len(s) || s[i] != '\'' {
		return 0
	}
	lower := func(c byte) byte { return c | 0x20 }
	switch lower(s[i+1]) {
	case 's', 't', 'm', 'd':
		return 2
	case 'r', 'v':
		if i+2 < len(s) && lower(s[i+2]) == 'e' {
			return 3
		}
	case 'l':
		if i+2 < len(s) && lower(s[i+2]) == 'l' {
			return 3
		}
	}
	if r, w := utf8.DecodeRuneInString(s[i+1:]); r == 'ſ' {
		return 1 + w
	}
	return 0
}

// punctEnd matches alternative 4: an optional space, then runes that are
// neither space, letter nor number (at least one), then newlines and
// slashes; 0 when it does not match.
func punctEnd(s string, i int, r rune, w int, cls uint8) int {
	j := i
	if r == ' ' {
		j += w
	}
	start := j
	for j < len(s) {
		_, w2, c2 := runeAt(s, j)
		if c2&(clsSpace|clsLetter|clsNumber|clsNone) != 0 {
			break
		}
		j += w2
	}
	if j == start {
		return 0
	}
	for j < len(s) && (s[j] == '\r' || s[j] == '\n' || s[j] == '/') {
		j++
	}
	return j
}

// spaceEnd matches alternatives 5 to 7 at a space: through the first
// newline of the run of spaces and the newlines right after it, if the run
// holds one; else the run less its last space when something other than
// space follows and the run is longer than one; else the run.
//
// Alternative 5 is `\s*[\r\n]+`, which a backtracking matcher would
// take through the last newline of the run: "\n \n" in one piece. The
// generated matcher tiktoken-go splits with stops at the first newline
// ("\n", then " \n"), and counts are tiktoken-go's, so this does too.
func spaceEnd(s string, i int) int {
	j := i
	for j < len(s) {
		if s[j] == '\r' || s[j] == '\n' {
			for j < len(s) && (s[j] == '\r' || s[j] == '\n') {
				j++
			}
			return j
		}
		_, w, cls := runeAt(s, j)
		if cls&clsSpace == 0 {
			break
		}
		j += w
	}
	if j == len(s) {
		return j
	}
	_, lastW := utf8.DecodeLastRuneInString(s[i:j])
	if j-lastW > i {
		return j - lastW
	}
	return j
}
