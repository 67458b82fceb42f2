package vocab

import "strings"

// IdentUnits returns the units of a file's identifiers: for each distinct
// identifier of at least two usable parts, its parts' stems (at most
// maxUnitParts). Usable parts are ASCII letters only, at least minWordLen
// long: "doKeepAlives" → keep, aliv; "idleTimeout" → idle, timeout.
// forms collects each stem's display form (see betterForm).
func IdentUnits(data []byte, forms map[string]string) [][]string {
	seen := map[string]bool{}
	var out [][]string
	for i := 0; i < len(data); {
		if !identByte(data[i]) {
			i++
			continue
		}
		start := i
		for i < len(data) && identByte(data[i]) {
			i++
		}
		word := data[start:i]
		if len(word) < 2*minWordLen || len(word) > 64 || seen[string(word)] {
			continue
		}
		seen[string(word)] = true
		if parts := unitParts(string(word), maxUnitParts, forms); len(parts) >= 2 {
			out = append(out, parts)
		}
	}
	return out
}

// DocUnitOf returns the unit of a symbol with a doc comment: its name's
// parts and the first maxDocWords distinct words of the comment, as
// stems, stop words left out.
func DocUnitOf(name, doc string, forms map[string]string) (DocUnit, bool) {
	if name == "" || doc == "" {
		return DocUnit{}, false
	}
	nameParts := unitParts(name, maxUnitsOfDoc, forms)
	if len(nameParts) == 0 {
		return DocUnit{}, false
	}
	var words []string
	for _, f := range strings.FieldsFunc(doc, func(r rune) bool { return r >= 128 || !identByte(byte(r)) }) {
		for _, p := range unitParts(f, maxUnitsOfDoc, forms) {
			if !stopWord(p) && !containsString(words, p) && !containsString(nameParts, p) {
				words = append(words, p)
			}
		}
		if len(words) >= maxDocWords {
			break
		}
	}
	if len(words) == 0 {
		return DocUnit{}, false
	}
	return DocUnit{Name: nameParts, Doc: words[:min(len(words), maxDocWords)]}, true
}

// unitParts splits an identifier at case changes, digits and underscores
// and returns the stems of its usable parts, distinct, at most n.
func unitParts(word string, n int, forms map[string]string) []string {
	var out []string
	for _, p := range splitParts(word) {
		if p[1]-p[0] < minWordLen || len(out) >= n {
			continue
		}
		w := lowerASCII(word[p[0]:p[1]])
		if st := Stem(w); len(st) >= minWordLen && !containsString(out, st) {
			out = append(out, st)
			if f, ok := forms[st]; !ok || betterForm(w, f) {
				forms[st] = w
			}
		}
	}
	return out
}

// betterForm reports whether a should show a stem rather than b: the
// shorter word, then the first in byte order ("retry" over "retries",
// "unquote" over "unquoted"), so the choice does not depend on the order
// files are read in.
func betterForm(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// splitParts returns the byte ranges of an identifier's letter parts:
// "XMLHttpRequest2_id" → XML, Http, Request, id.
func splitParts(word string) [][2]int {
	var parts [][2]int
	start := -1
	for i := 0; i < len(word); i++ {
		c := word[i]
		switch {
		case !isUpper(c) && !isLower(c):
			if start >= 0 {
				parts = append(parts, [2]int{start, i})
			}
			start = -1
		case start < 0:
			start = i
		case isUpper(c) && isLower(word[i-1]):
			parts = append(parts, [2]int{start, i})
			start = i
		case isLower(c) && isUpper(word[i-1]) && i-1 > start:
			parts = append(parts, [2]int{start, i - 1})
			start = i - 1
		}
	}
	if start >= 0 {
		parts = append(parts, [2]int{start, len(word)})
	}
	return parts
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

func identByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// stopWord reports whether a stem is one of the function words of doc
// comments ("the", "returns", "very", "similar"): they relate to
// everything.
func stopWord(stem string) bool { return stopStems[stem] }

var stopStems = stemSet(`a about above after again all already also although always an and
	another any are as at be because been before being below between both but by can could
	different do does done each either else even ever every for from further given had has
	have here how however if in instead into is it its itself just least less like many may
	might more most much must need neither never no nor not now of off often on once one only
	or other otherwise our out over own per perhaps rather return returns same see should
	similar since so some such than that the their them then there these they this those
	though through thus to too two under unless until up upon us use used uses using usually
	very via was we well were what whatever when whenever where whether which while who whom
	whose why will with within without would yet you your`)

// stemSet returns the stems of the words of a list.
func stemSet(list string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(list) {
		out[Stem(w)] = true
	}
	return out
}

// lowerASCII lowercases an ASCII word, copying only when it must.
func lowerASCII(w string) string {
	for i := 0; i < len(w); i++ {
		if isUpper(w[i]) {
			return strings.ToLower(w)
		}
	}
	return w
}
