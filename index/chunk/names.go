package chunk

import "unicode"

// IsIdentifier reports whether s is a plain identifier as most languages
// spell one: letters, digits, "_" and "$", not starting with a digit. The
// chunker names a JavaScript member path by it; the engine tells names
// from words in a query by it.
func IsIdentifier(s string) bool {
	for i, r := range s {
		if r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r)) {
			continue
		}
		return false
	}
	return s != ""
}
