package engine

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loupe-dev/loupe/index/chunk"
)

// Caps on what AnalyzeQuery keeps, so a pasted 200 KB issue yields a query
// the index answers quickly. Trace-derived terms come first and survive.
const (
	MaxQueryBytes   = 256 << 10
	maxKeywords     = 96
	maxIdentifiers  = 64
	maxPaths        = 32
	maxPhrases      = 16
	maxPhraseLen    = 160
	minPhraseLen    = 6
	priorityTitle   = 2  // a word of the first line counts twice
	priorityTrace   = 8  // names and paths from a stack trace
	priorityCode    = 3  // in backticks or a code fence
	maxTermPriority = 24 // a term's summed priority stops here
	minJoinedLen    = 5  // "keep-alive" → "keepalive", but not "-e" → "e"
	shortQueryWords = 40
)

// AnalyzeQuery turns what a person typed or pasted into keywords,
// identifiers, paths, phrases, an intent and a scope. It runs in time
// linear in len(raw): one pass over the lines, then sorts bounded by the
// caps above. It never fails; an empty query gives an empty Query.
func AnalyzeQuery(raw string) Query {
	text := raw
	if len(text) > MaxQueryBytes {
		text = text[:MaxQueryBytes]
	}
	text = strings.ToValidUTF8(text, " ")
	a := newAnalyzer()
	a.run(text)
	q := Query{
		Raw:         raw,
		Keywords:    a.keywords.top(maxKeywords),
		Identifiers: a.idents.top(maxIdentifiers),
		Paths:       a.paths.top(maxPaths),
		Phrases:     a.phrases.top(maxPhrases),
		Compounds:   compounds(text),
	}
	if len(q.Keywords)+len(q.Identifiers)+len(q.Paths) == 0 {
		q.Identifiers = loneName(text)
	} else if len(q.Identifiers) == 0 && typeName(text) {
		q.Identifiers = loneName(text)
	}
	q.Intent = a.intent()
	q.Scope = a.scope(q)
	q.AboutTests = a.aboutTests()
	return q
}

// bag counts terms with a priority and remembers first appearance, so top
// is deterministic: trace terms first, then by summed priority (capped, so
// filler repeated a thousand times does not outrank the title), then by
// first appearance.
type bag struct {
	pri   map[string]int
	trace map[string]bool
	first map[string]int
	n     int
}

func newBag() *bag {
	return &bag{pri: map[string]int{}, trace: map[string]bool{}, first: map[string]int{}}
}

func (b *bag) add(term string, pri int) {
	if term == "" {
		return
	}
	if _, ok := b.first[term]; !ok {
		b.first[term] = b.n
		b.n++
	}
	b.pri[term] = min(b.pri[term]+pri, maxTermPriority)
	if pri >= priorityTrace {
		b.trace[term] = true
	}
}

func (b *bag) top(n int) []string {
	out := make([]string, 0, len(b.pri))
	for t := range b.pri {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		ti, tj := b.trace[out[i]], b.trace[out[j]]
		if ti != tj {
			return ti
		}
		pi, pj := b.pri[out[i]], b.pri[out[j]]
		if pi != pj {
			return pi > pj
		}
		return b.first[out[i]] < b.first[out[j]]
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// analyzer holds the state of one pass over a query.
type analyzer struct {
	keywords, idents, paths, phrases *bag
	words                            int
	testWords                        int
	titleTests                       bool
	intents                          map[string]int
	traces                           int
	goTrace                          bool
	inFence                          bool
}

func newAnalyzer() *analyzer {
	return &analyzer{
		keywords: newBag(), idents: newBag(), paths: newBag(), phrases: newBag(),
		intents: map[string]int{},
	}
}

func (a *analyzer) run(text string) {
	first := true
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		a.line(strings.TrimRight(line, "\r"), first)
		if strings.TrimSpace(line) != "" {
			first = false
		}
	}
}

// line analyses one line: fences, trace frames, error messages, quoted
// phrases, then every token.
func (a *analyzer) line(line string, title bool) {
	trim := strings.TrimSpace(line)
	if strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~") {
		a.inFence = !a.inFence
		return
	}
	if a.traceLine(trim) {
		a.traces++
		return
	}
	a.errorLine(trim)
	a.importLine(trim)
	a.quoted(line)
	pri := 1
	if title {
		pri = priorityTitle
	}
	if a.inFence {
		pri = priorityCode
	}
	a.tokens(line, pri, title)
}

// tokens splits a line at separators and classifies each token.
func (a *analyzer) tokens(line string, pri int, title bool) {
	inTick := false
	start := -1
	flush := func(end int) {
		if start >= 0 {
			a.token(line[start:end], pri, inTick, title)
			start = -1
		}
	}
	for i, r := range line {
		switch {
		case r == '`':
			flush(i)
			inTick = !inTick
		case isSeparator(r):
			flush(i)
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(line))
}

func isSeparator(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	return strings.ContainsRune(",;\"'[]{}<>=|!?*&^%#@~+\\", r)
}

// token classifies one raw token as a path, an identifier or words.
func (a *analyzer) token(tok string, pri int, code, title bool) {
	tok = strings.TrimLeft(strings.TrimRight(tok, ".:,)"), ".:,(")
	if tok == "" || strings.Contains(tok, "://") {
		return
	}
	if code {
		pri = max(pri, priorityCode)
	}
	if name, call := callName(tok); call {
		tok = name
		code = true
	} else if p, ok := pathOf(tok, code); ok {
		a.paths.add(p, pri+priorityCode)
		a.words += a.addWords(tok, pri, false)
		return
	}
	if isIdentifier(tok, code) {
		a.idents.add(tok, pri+priorityCode)
	}
	a.words += a.addWords(tok, pri, title)
	if j := strings.ReplaceAll(tok, "-", ""); j != tok && len(j) >= minJoinedLen && chunk.IsIdentifier(j) && !strings.HasPrefix(tok, "-") {
		a.keywords.add(strings.ToLower(j), pri) // "keep-alive" → also "keepalive"
	}
}

// addWords adds the natural-language words of a token (split at
// punctuation and case changes) as keywords, and returns how many words it
// held. Intent and test words are counted here.
func (a *analyzer) addWords(tok string, pri int, title bool) int {
	n := 0
	for _, w := range splitWords(tok) {
		n++
		lw := strings.ToLower(w)
		if isTestWord(lw) {
			a.testWords++
			a.titleTests = a.titleTests || title
		}
		if in, ok := intentOf(lw); ok && !a.inFence {
			a.intents[in] += pri
		}
		if len(lw) < 2 || isStopWord(lw) || isNumber(lw) {
			continue
		}
		a.keywords.add(lw, pri)
	}
	return n
}

// quoted records "double-quoted" text with a space in it as a phrase.
func (a *analyzer) quoted(line string) {
	for {
		i := strings.IndexByte(line, '"')
		if i < 0 {
			return
		}
		j := strings.IndexByte(line[i+1:], '"')
		if j < 0 {
			return
		}
		if s := line[i+1 : i+1+j]; strings.Contains(s, " ") {
			a.phrase(s, priorityCode)
		}
		line = line[i+j+2:]
	}
}

func (a *analyzer) phrase(s string, pri int) {
	s = strings.TrimSpace(s)
	if len(s) > maxPhraseLen {
		s = s[:maxPhraseLen]
		if k := strings.LastIndexByte(s, ' '); k > minPhraseLen {
			s = s[:k]
		}
		s = strings.ToValidUTF8(s, "")
	}
	if len(s) >= minPhraseLen {
		a.phrases.add(s, pri)
	}
}

// intent picks the intent with the most weight; a stack trace means debug.
// Ties go to the earlier intent in the list; no signal means search.
func (a *analyzer) intent() string {
	if a.traces > 0 || a.goTrace {
		a.intents[IntentDebug] += priorityTrace
	}
	best, bestN := IntentSearch, 0
	for _, in := range []string{IntentDebug, IntentRefactor, IntentCreate, IntentModify, IntentExplain, IntentSearch} {
		if n := a.intents[in]; n > bestN {
			best, bestN = in, n
		}
	}
	return best
}

// scope guesses how wide the answer is: one symbol, a module or the
// whole codebase.
func (a *analyzer) scope(q Query) string {
	switch {
	case a.keywords.pri["codebase"] > 0 || a.keywords.pri["everywhere"] > 0 ||
		a.keywords.pri["project"] > 0 || a.keywords.pri["repository"] > 0:
		return ScopeCodebase
	case len(q.Identifiers) > 0 && len(q.Identifiers) <= 3 && a.words <= shortQueryWords:
		return ScopeSymbol
	case len(q.Paths) > 0 || a.keywords.pri["package"] > 0 || a.keywords.pri["module"] > 0:
		return ScopeModule
	case len(q.Identifiers) > 0:
		return ScopeModule
	}
	return ScopeCodebase
}

// aboutTests: the title or a short query mentions tests. In a long
// pasted issue, test words in the body are usually the reporter's own
// tests, not the topic.
func (a *analyzer) aboutTests() bool {
	return a.testWords > 0 && (a.titleTests || a.words <= shortQueryWords)
}

// Intents and scopes, the values of Query.Intent and Query.Scope.
const (
	IntentCreate   = "create"
	IntentModify   = "modify"
	IntentDebug    = "debug"
	IntentExplain  = "explain"
	IntentRefactor = "refactor"
	IntentSearch   = "search"

	ScopeSymbol   = "symbol"
	ScopeModule   = "module"
	ScopeCodebase = "codebase"
)

// typeName reports a query that is one capitalized word ("Serialize",
// "Router", "Mutex"): a person who types only that names a type, not the
// English word, so it is looked up and matched as an identifier (the
// trait Serialize, not the many blocks that serialize something); it
// stays a keyword too.
func typeName(text string) bool {
	w, ok := oneWord(text)
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && strings.ToUpper(w) != w
}

// oneWord is the query when it is one identifier-shaped word.
func oneWord(text string) (string, bool) {
	w := strings.TrimSpace(text)
	if w == "" || strings.ContainsAny(w, " \t\n") || !chunk.IsIdentifier(w) {
		return "", false
	}
	return w, true
}

// loneName is the query as an identifier when it is one short word that
// query analysis would otherwise drop ("g", flask's request globals; "io"):
// a query of one name asks for that name.
func loneName(text string) []string {
	if w, ok := oneWord(text); ok {
		return []string{w}
	}
	return nil
}
