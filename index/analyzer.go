package index

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/loupe-dev/loupe/index/vocab"
)

// Analyzer names, registered with bleve's registry at init and referenced
// by the mapping.
const (
	// identAnalyzer indexes code and prose: every identifier whole, plus its
	// camelCase, snake_case and letter/digit parts, all lowercased, each
	// followed by its stem (vocab.Stem) at the same position when the stem
	// differs (a word of several parts is not stemmed whole).
	// "parseHTTPRequests2" → parsehttprequests2, parse, pars, http,
	// requests, request, 2. A query analysed the same way meets
	// every inflection ("unescaping" finds Unescape through "unescap"), and
	// a block holding the very word matches twice, so it scores higher.
	identAnalyzer = "loupe_ident"
	// exactAnalyzer keeps identifiers whole and lowercased, without parts:
	// for queries that name a symbol exactly.
	exactAnalyzer = "loupe_exact"
	// wordsAnalyzer and stemsAnalyzer split a query's text in two, so that
	// every query word weighs the same whether it is inflected or not: its
	// words and parts as typed (which meet the same words in a block), and
	// the stems of its words and parts only (which meet every inflection).
	// A block holding the very word matches both; one holding another
	// inflection, the stems only.
	wordsAnalyzer = "loupe_ident_words"
	stemsAnalyzer = "loupe_ident_stems"
)

// stemMode says what an identAnalyzerFunc does with stems.
type stemMode int

const (
	stemNone stemMode = iota // words and parts only
	stemAdd                  // each word and part, then its stem if it differs
	stemOnly                 // the stems of single words and of parts only
)

// maxTermLen drops longer tokens (base64 blobs, hashes in test data): they
// are never searched for and only grow the dictionary.
const maxTermLen = 80

func init() {
	for name, a := range map[string]identAnalyzerFunc{
		identAnalyzer: {parts: true, stems: stemAdd},
		wordsAnalyzer: {parts: true, stems: stemNone},
		stemsAnalyzer: {parts: true, stems: stemOnly},
	} {
		mustRegister(registry.RegisterAnalyzer(name, func(map[string]any, *registry.Cache) (analysis.Analyzer, error) {
			return a, nil
		}))
	}
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
type identAnalyzerFunc struct {
	parts bool
	stems stemMode
}

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
		tok := &analysis.Token{Term: lower(word), Start: start, End: i, Position: pos, Type: analysis.AlphaNumeric}
		if !a.parts {
			out = append(out, tok)
			continue
		}
		// a word of one part gets its stem; a word of several gets its
		// parts' stems (stemming it whole finds nothing more and costs a
		// posting per plural identifier)
		if a.stems != stemOnly {
			out = append(out, tok)
		}
		n := len(out)
		if out = appendParts(out, word, start, pos, a.stems); len(out) == n {
			out = a.stem(out, tok)
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
func appendParts(out analysis.TokenStream, word []byte, offset, pos int, stems stemMode) analysis.TokenStream {
	parts := splitIdent(word)
	if len(parts) < 2 {
		return out
	}
	for _, p := range parts {
		tok := &analysis.Token{
			Term: lower(word[p[0]:p[1]]), Start: offset + p[0], End: offset + p[1],
			Position: pos, Type: analysis.AlphaNumeric,
		}
		if stems != stemOnly {
			out = append(out, tok)
		}
		out = identAnalyzerFunc{stems: stems}.stem(out, tok)
	}
	return out
}

// stem adds what the mode asks for of tok's stem, at tok's position:
// nothing (stemNone), the stem when it differs from tok (stemAdd), the
// stem in any case (stemOnly).
func (a identAnalyzerFunc) stem(out analysis.TokenStream, tok *analysis.Token) analysis.TokenStream {
	if a.stems == stemNone {
		return out
	}
	st := vocab.StemBytes(tok.Term)
	if len(st) == len(tok.Term) { // a stem is never as long as a word it changed
		if a.stems == stemOnly {
			out = append(out, tok)
		}
		return out
	}
	s := *tok
	s.Term = st
	return append(out, &s)
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
