package index

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
)

// Analyzer names, registered with bleve's registry at init and referenced
// by the mapping.
const (
	// identAnalyzer indexes code and prose: every identifier whole, plus its
	// camelCase, snake_case and letter/digit parts, all lowercased.
	// "parseHTTPRequest2" → parsehttprequest2, parse, http, request, 2.
	identAnalyzer = "loupe_ident"
	// exactAnalyzer keeps identifiers whole and lowercased, without parts:
	// for queries that name a symbol exactly.
	exactAnalyzer = "loupe_exact"
)

// maxTermLen drops longer tokens (base64 blobs, hashes in test data): they
// are never searched for and only grow the dictionary.
const maxTermLen = 80

func init() {
	mustRegister(registry.RegisterAnalyzer(identAnalyzer, func(map[string]any, *registry.Cache) (analysis.Analyzer, error) {
		return identAnalyzerFunc{parts: true}, nil
	}))
	mustRegister(registry.RegisterAnalyzer(exactAnalyzer, func(map[string]any, *registry.Cache) (analysis.Analyzer, error) {
		return identAnalyzerFunc{parts: false}, nil
	}))
}

// mustRegister panics on a duplicate registration: a programmer error
// caught by every test run.
func mustRegister(err error) {
	if err != nil {
		panic("index: " + err.Error())
	}
}

// identAnalyzerFunc is a one-pass analyzer: tokenizing, splitting and
// lowercasing together avoid the intermediate token streams of a
// tokenizer-plus-filters chain on the hot path of indexing.
type identAnalyzerFunc struct{ parts bool }

func (a identAnalyzerFunc) Analyze(input []byte) analysis.TokenStream {
	out := make(analysis.TokenStream, 0, len(input)/6+1)
	pos := 0
	for i := 0; i < len(input); {
		r, size := rune(input[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(input[i:])
		}
		if !isIdentRune(r) {
			i += size
			continue
		}
		start := i
		for i < len(input) {
			r, size = rune(input[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRune(input[i:])
			}
			if !isIdentRune(r) {
				break
			}
			i += size
		}
		word := input[start:i]
		if len(word) > maxTermLen || isAllUnderscore(word) {
			continue
		}
		pos++
		out = append(out, &analysis.Token{Term: lower(word), Start: start, End: i, Position: pos, Type: analysis.AlphaNumeric})
		if a.parts {
			out = appendParts(out, word, start, pos)
		}
	}
	return out
}

func isIdentRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9')
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isAllUnderscore(b []byte) bool {
	for _, c := range b {
		if c != '_' {
			return false
		}
	}
	return true
}

// appendParts adds the camelCase, snake_case and digit parts of word (at
// the word's position) when there is more than one part.
func appendParts(out analysis.TokenStream, word []byte, offset, pos int) analysis.TokenStream {
	parts := splitIdent(word)
	if len(parts) < 2 {
		return out
	}
	for _, p := range parts {
		out = append(out, &analysis.Token{
			Term: lower(word[p[0]:p[1]]), Start: offset + p[0], End: offset + p[1],
			Position: pos, Type: analysis.AlphaNumeric,
		})
	}
	return out
}

// class of a rune for splitting identifiers.
const (
	clsOther = iota
	clsLower
	clsUpper
	clsDigit
)

func runeClass(r rune) int {
	switch {
	case r == '_':
		return clsOther
	case unicode.IsDigit(r):
		return clsDigit
	case unicode.IsUpper(r):
		return clsUpper
	case unicode.IsLetter(r):
		return clsLower
	}
	return clsOther
}

// splitIdent returns byte ranges of the parts of an identifier:
// "XMLHttpRequest2_id" → XML, Http, Request, 2, id. A run of capitals
// followed by a lowercase letter gives its last capital to the next part.
func splitIdent(word []byte) [][2]int {
	var parts [][2]int
	start := -1
	prev, prevAt := clsOther, 0
	for i := 0; i < len(word); {
		r, size := utf8.DecodeRune(word[i:])
		cls := runeClass(r)
		switch {
		case cls == clsOther:
			if start >= 0 {
				parts = append(parts, [2]int{start, i})
			}
			start = -1
		case start < 0:
			start = i
		case prev == clsUpper && cls == clsLower && prevAt > start:
			parts = append(parts, [2]int{start, prevAt})
			start = prevAt
		case prev != cls && !(prev == clsUpper && cls == clsLower):
			parts = append(parts, [2]int{start, i})
			start = i
		}
		prev, prevAt = cls, i
		i += size
	}
	if start >= 0 {
		parts = append(parts, [2]int{start, len(word)})
	}
	return parts
}

// lower returns b lowercased, copying only when it has to.
func lower(b []byte) []byte {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return bytes.ToLower(b)
		}
		if 'A' <= c && c <= 'Z' {
			return bytes.ToLower(b)
		}
	}
	return b
}
