// Package vocab closes the gap between the words a person types and the
// words code uses. It has two parts, both pure (no I/O, no bleve), shared by
// the index, which applies them at build time, and the engine, which
// applies them to a query:
//
//   - Stem, a light stemmer suited to the parts of identifiers: it strips
//     inflections only ("retries" → retry, "unescaping" and Unescape →
//     unescap, "handlers" → handler), never derivations, so that code words
//     that differ in meaning stay apart (handler ≠ handle, news ≠ new).
//   - Counts and Table, words related through the repository itself: parts
//     that appear together in its identifiers (idle and timeout in
//     idleTimeout, keep and alive in doKeepAlives), scored by pointwise
//     mutual information and cut to a few per word. The engine uses them as
//     weaker expansions of a query's words. Only the project's own code
//     teaches them: the index counts no prose, data, vendored or
//     generated file (index/vocab_build.go).
package vocab

// minStemLen is the shortest word Stem changes, and the shortest stem it
// leaves: "uses", "used", "bed" stay as they are.
const minStemLen = 4

// stemExceptions are words whose ending looks inflected and is not, or
// whose stem would meet an unrelated word ("news" → new, "embed" → emb).
var stemExceptions = map[string]bool{
	"news": true, "series": true, "species": true, "always": true, "perhaps": true,
	"towards": true, "embed": true, "does": true, "goes": true, "lens": true,
	"chaos": true, "during": true, "nothing": true, "something": true,
	"anything": true, "everything": true,
}

// keepFinalE are words whose final "e" makes another code word: rune is
// not run, mode not mod, state not stat.
var keepFinalE = map[string]bool{
	"rune": true, "mode": true, "state": true, "note": true, "plane": true, "pipe": true,
	"site": true, "sine": true, "bare": true, "bite": true, "mate": true, "fine": true,
	"cone": true, "tape": true, "hope": true, "cube": true, "spine": true, "pine": true,
}

// Stem returns the inflectional stem of a lowercase word: a plural "s"
// or "es", then "ing" or "ed" (a doubled final consonant undoubled:
// "mapped" → map), "ies"/"ied" → "y", and a final "e" dropped, so that
// "parse", "parses", "parsing" and "parsed" all give "pars". Words shorter
// than 4 bytes, words with non-ASCII letters or digits only and the
// exceptions are returned as they are. Stem is not idempotent on stems
// ("pars" → "par"): apply it to words, never to its own output.
func Stem(w string) string {
	n, y := stemLen(w)
	switch {
	case y:
		return w[:n] + "y"
	default:
		return w[:n]
	}
}

// StemBytes is Stem for a byte slice: it returns a prefix of w, or a new
// slice when the stem ends in an added "y".
func StemBytes(w []byte) []byte {
	n, y := stemLen(w)
	if y {
		out := make([]byte, n+1)
		copy(out, w[:n])
		out[n] = 'y'
		return out
	}
	return w[:n]
}

// stemLen returns the length of w's stem and whether a "y" follows it.
func stemLen[S ~string | ~[]byte](w S) (int, bool) {
	n := len(w)
	if n < minStemLen || !plainWord(w) || (endsInflected(w) && stemExceptions[string(w)]) {
		return n, false
	}
	if m, y := plural(w); y {
		return m, true
	} else if m < n {
		n = m
	}
	if m, y := verbEnding(w[:n]); y {
		return m, true
	} else if m < n {
		n = m
	}
	n = adverb(w[:n])
	if n > minStemLen-1 && w[n-1] == 'e' && w[n-2] != 'e' && !keepFinalE[string(w[:n])] {
		n--
	}
	return n, false
}

// endsInflected reports whether w ends like the exceptions do ("s",
// "ing", "ed"): only those are looked up, as most words end otherwise.
func endsInflected[S ~string | ~[]byte](w S) bool {
	switch w[len(w)-1] {
	case 's', 'g', 'd':
		return true
	}
	return false
}

// plural strips a plural ending: "-ies" → "-y", "-s" but not "-ss", "-us",
// "-is", "-as" (class, status, analysis, alias).
func plural[S ~string | ~[]byte](w S) (int, bool) {
	n := len(w)
	switch {
	case hasSuffix(w, "ies") && n > 4:
		return n - 3, true
	case w[n-1] != 's':
		return n, false
	}
	switch w[n-2] {
	case 's', 'u', 'i', 'a':
		return n, false
	}
	return n - 1, false
}

// verbEnding strips "-ing", "-ed" (not "-eed": need, speed) and "-ied"
// (→ "y") when what is left is a word: at least 3 bytes with a vowel.
func verbEnding[S ~string | ~[]byte](w S) (int, bool) {
	n := len(w)
	switch {
	case hasSuffix(w, "ied") && n > 4:
		return n - 3, true
	case hasSuffix(w, "ing"):
		return undouble(w, n-3), false
	case hasSuffix(w, "ed") && !hasSuffix(w, "eed"):
		return undouble(w, n-2), false
	}
	return n, false
}

// undouble returns m, or m-1 when w[:m] ends in a doubled consonant that
// English doubles before a suffix ("mapp" → map, "committ" → commit; not
// "call", "pass"); len(w) when w[:m] is too short or has no vowel
// ("string" keeps its "ing").
func undouble[S ~string | ~[]byte](w S, m int) int {
	if m < 3 || !hasVowel(w[:m]) {
		return len(w)
	}
	if m >= 4 && w[m-1] == w[m-2] {
		switch w[m-1] {
		case 'b', 'd', 'g', 'm', 'n', 'p', 'r', 't':
			return m - 1
		}
	}
	return m
}

// adverb strips the "-ly" of an adverb made from an adjective
// ("gracefully" → graceful, "internally" → internal, "recursively" →
// recursive, "silently" → silent); "only", "reply", "apply", "family"
// keep theirs.
func adverb[S ~string | ~[]byte](w S) int {
	n := len(w)
	if n < 7 || !hasSuffix(w, "ly") {
		return n
	}
	for _, adj := range adverbBases {
		if hasSuffix(w[:n-2], adj) {
			return n - 2
		}
	}
	return n
}

// adverbBases are the adjective endings "-ly" is stripped after.
var adverbBases = [...]string{"ful", "al", "ive", "ous", "less", "ent", "ant"}

func hasSuffix[S ~string | ~[]byte](w S, suf string) bool {
	return len(w) >= len(suf) && string(w[len(w)-len(suf):]) == suf
}

func hasVowel[S ~string | ~[]byte](w S) bool {
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			return true
		}
	}
	return false
}

// plainWord reports whether w is lowercase ASCII letters only: parts with
// digits (sha256), capitals or other scripts are left alone.
func plainWord[S ~string | ~[]byte](w S) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}
