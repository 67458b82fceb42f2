package engine

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Caps on what AnalyzeQuery keeps, so a pasted 200 KB issue yields a query
// the index answers quickly. Trace-derived terms come first and survive.
const (
	maxQueryBytes       = 256 << 10
	maxKeywords         = 96
	maxIdentifiers      = 64
	maxPaths            = 32
	maxPhrases          = 16
	maxPhraseLen        = 160
	minPhraseLen        = 6
	priorityTitle       = 2  // a word of the first line counts twice
	priorityTrace       = 8  // names and paths from a stack trace
	priorityCode        = 3  // in backticks or a code fence
	maxTermPriority     = 24 // a term's summed priority stops here
	shortQueryWords     = 40
	testWordShareOfMany = 0.02
)

// AnalyzeQuery turns what a person typed or pasted into keywords,
// identifiers, paths, phrases, an intent and a scope. It runs in time
// linear in len(raw): one pass over the lines, then sorts bounded by the
// caps above. It never fails; an empty query gives an empty Query.
func AnalyzeQuery(raw string) Query {
	text := raw
	if len(text) > maxQueryBytes {
		text = text[:maxQueryBytes]
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
	if j := strings.ReplaceAll(tok, "-", ""); j != tok && isIdentWord(j) {
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

// splitWords splits at non-alphanumerics and at lower→upper case changes
// ("retryPayment_v2" → retry, Payment, v2), keeping acronyms together.
func splitWords(s string) []string {
	var out []string
	start := -1
	var prev rune
	for i, r := range s {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		boundary := alnum && start >= 0 && unicode.IsUpper(r) && unicode.IsLower(prev)
		if !alnum || boundary {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		}
		if alnum && start < 0 {
			start = i
		}
		prev = r
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// callName turns "foo()" or "foo(bar" into "foo".
func callName(tok string) (string, bool) {
	i := strings.IndexByte(tok, '(')
	if i <= 0 {
		return tok, false
	}
	return strings.TrimRight(tok[:i], "."), true
}

// isIdentifier reports whether tok looks like code: snake_case,
// camelCase, PascalCase with two capitals, SCREAMING_CASE, a dotted or
// ::-separated name whose parts are identifiers, or any identifier-shaped
// word when it was typed as code (backticks, a call).
func isIdentifier(tok string, code bool) bool {
	parts := splitQualified(tok)
	if parts == nil {
		return false
	}
	if len(parts) > 1 {
		return !allShort(parts) // "e.g", "i.e" are not code
	}
	p := parts[0]
	if code {
		return len(p) > 1 || strings.ContainsAny(p, "_")
	}
	inner := strings.Trim(p, "_")
	if strings.Contains(inner, "_") && len(inner) > 2 {
		return true
	}
	return hasCaseChange(p)
}

func allShort(parts []string) bool {
	for _, p := range parts {
		if len(p) > 1 {
			return false
		}
	}
	return true
}

// splitQualified splits "a.b.c" or "a::b" into identifier parts, or
// returns nil when a part is not an identifier.
func splitQualified(tok string) []string {
	tok = strings.ReplaceAll(tok, "::", ".")
	parts := strings.Split(tok, ".")
	for _, p := range parts {
		if !isIdentWord(p) {
			return nil
		}
	}
	return parts
}

func isIdentWord(p string) bool {
	if p == "" {
		return false
	}
	for i, r := range p {
		if r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r)) {
			continue
		}
		return false
	}
	return true
}

// hasCaseChange: a lower letter followed by an upper one (camelCase,
// PascalCase with two humps, "getHTTPClient").
func hasCaseChange(p string) bool {
	var prev rune
	for _, r := range p {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			return true
		}
		prev = r
	}
	return false
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != 'x' {
			return false
		}
	}
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsDigit(r)
}

// pathOf recognizes a path-like token ("src/auth/login.ts",
// "pay/retry.go:42", "x.py", "./web/", "/usr/lib/…/site-packages/a/b.py")
// and returns it with forward slashes, without line and column suffixes
// and without leading "./" or an install prefix.
func pathOf(tok string, code bool) (string, bool) {
	tok = stripLineSuffix(tok)
	if tok == "" || strings.ContainsAny(tok, " ()") {
		return "", false
	}
	for _, marker := range []string{"site-packages/", "dist-packages/", "node_modules/"} {
		if i := strings.LastIndex(tok, marker); i >= 0 {
			tok = tok[i+len(marker):]
		}
	}
	for strings.HasPrefix(tok, "./") || strings.HasPrefix(tok, "../") {
		tok = tok[strings.IndexByte(tok, '/')+1:]
	}
	if strings.HasPrefix(tok, "a/") || strings.HasPrefix(tok, "b/") {
		if hasSourceExt(tok) && strings.Count(tok, "/") > 1 {
			tok = tok[2:]
		}
	}
	segs := strings.Split(strings.Trim(tok, "/"), "/")
	for _, s := range segs {
		if s == "" || !isPathWord(s) {
			return "", false
		}
	}
	switch {
	case hasSourceExt(segs[len(segs)-1]):
	case len(segs) >= 3, len(segs) == 2 && (code || strings.HasSuffix(tok, "/")):
	default:
		return "", false
	}
	return strings.Join(segs, "/"), true
}

// stripLineSuffix removes ":42" and ":42:7" from "file.go:42:7".
func stripLineSuffix(tok string) string {
	for i := 0; i < 2; i++ {
		j := strings.LastIndexByte(tok, ':')
		if j < 0 || j == len(tok)-1 || !isNumber(tok[j+1:]) {
			break
		}
		tok = tok[:j]
	}
	return strings.TrimRight(tok, ":")
}

func isPathWord(s string) bool {
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("._-$@+", r)) {
			return false
		}
	}
	return true
}

// hasSourceExt reports whether name ends in an extension loupe indexes.
func hasSourceExt(name string) bool {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return false
	}
	switch strings.ToLower(name[i+1:]) {
	case "go", "py", "pyi", "js", "jsx", "mjs", "cjs", "ts", "tsx", "rs", "java", "kt",
		"c", "h", "cc", "cpp", "hpp", "cs", "rb", "php", "swift", "scala", "md", "rst",
		"txt", "toml", "yaml", "yml", "json", "html", "css", "scss", "sql", "sh", "proto",
		"vue", "ex", "exs", "lua", "dart", "zig", "cfg", "ini", "mod", "tmpl", "xml":
		return true
	}
	return false
}

// traceLine recognizes one frame of a stack trace and records its path and
// function with trace priority. It reports whether the line was a frame.
func (a *analyzer) traceLine(trim string) bool {
	switch {
	case strings.HasPrefix(trim, `File "`):
		return a.pythonFrame(trim)
	case strings.HasPrefix(trim, "Traceback (most recent call"):
		return true
	case strings.HasPrefix(trim, "at "):
		return a.atFrame(strings.TrimPrefix(trim, "at "))
	case strings.HasPrefix(trim, "goroutine ") && strings.HasSuffix(trim, ":"):
		a.goTrace = true
		return true
	case a.goFrame(trim), a.rustFrame(trim):
		return true
	}
	return false
}

// pythonFrame: File "x/y.py", line 3, in foo
func (a *analyzer) pythonFrame(trim string) bool {
	rest := strings.TrimPrefix(trim, `File "`)
	end := strings.IndexByte(rest, '"')
	if end < 0 {
		return false
	}
	if p, ok := pathOf(rest[:end], true); ok {
		a.paths.add(p, priorityTrace)
	}
	if i := strings.LastIndex(rest, ", in "); i >= 0 {
		a.traceIdent(rest[i+len(", in "):])
	}
	return true
}

// atFrame: JS "fn (file.js:1:2)", "file.js:1:2", Java "a.b.C.m(C.java:4)",
// Rust backtrace "./src/x.rs:12:5".
func (a *analyzer) atFrame(rest string) bool {
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, "async "), "new ")
	fn, loc := "", rest
	if i := strings.IndexByte(rest, '('); i >= 0 && strings.HasSuffix(rest, ")") {
		fn, loc = strings.TrimSpace(rest[:i]), rest[i+1:len(rest)-1]
	}
	if strings.HasPrefix(loc, "node:") || strings.HasPrefix(loc, "internal/") {
		return true
	}
	loc = strings.TrimPrefix(loc, "file://")
	if p, ok := pathOf(loc, true); ok {
		a.paths.add(p, priorityTrace)
	} else if fn == "" {
		return false
	}
	if fn != "" {
		a.traceIdent(fn)
	}
	return true
}

// goFrame: "pkg/path.(*T).Method(0x1, ...)" or "\t/abs/file.go:42 +0x1d",
// recognized after a "goroutine N [running]:" line.
func (a *analyzer) goFrame(trim string) bool {
	if !a.goTrace {
		return false
	}
	if i := strings.Index(trim, ".go:"); i > 0 && !strings.ContainsAny(trim[:i], " ()") {
		if p, ok := pathOf(strings.Fields(trim)[0], true); ok {
			a.paths.add(p, priorityTrace)
		}
		return true
	}
	trim = strings.TrimPrefix(trim, "created by ")
	if j := strings.Index(trim, " in goroutine"); j > 0 {
		trim = trim[:j] + "()"
	}
	open := goCallOpen(trim)
	if open <= 0 || !strings.HasSuffix(trim, ")") || strings.ContainsAny(trim[:open], " \"'") {
		return false
	}
	fn := strings.NewReplacer("(*", "", ")", "").Replace(trim[:open])
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	if !strings.HasPrefix(fn, "runtime.") && !strings.HasPrefix(fn, "testing.") {
		a.traceIdent(fn)
	}
	return true
}

// goCallOpen finds the '(' that starts a Go frame's arguments, skipping
// the "(*T)" of a pointer receiver.
func goCallOpen(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '(' && (i+1 >= len(s) || s[i+1] != '*') {
			return i
		}
	}
	return -1
}

// rustFrame: "  12: mycrate::module::func" (a backtrace line).
func (a *analyzer) rustFrame(trim string) bool {
	i := strings.Index(trim, ": ")
	if i <= 0 || !isNumber(trim[:i]) {
		return false
	}
	fn := strings.TrimSpace(trim[i+2:])
	if !strings.Contains(fn, "::") || strings.ContainsAny(fn, " ") {
		return false
	}
	for _, skip := range []string{"std::", "core::", "alloc::", "rust_begin_unwind", "__rust"} {
		if strings.HasPrefix(fn, skip) || strings.HasPrefix(fn, "<"+skip) {
			return true
		}
	}
	parts := strings.Split(fn, "::")
	if last := parts[len(parts)-1]; len(last) == 17 && last[0] == 'h' {
		parts = parts[:len(parts)-1] // the symbol hash
	}
	a.traceIdent(strings.Join(parts, "::"))
	return true
}

// traceIdent records a frame's function, keeping at most its last two
// qualified parts ("com.x.Foo.bar" → "Foo.bar"), and skipping anonymous
// frames.
func (a *analyzer) traceIdent(fn string) {
	fn = strings.TrimSpace(fn)
	fn = strings.TrimPrefix(fn, "Object.")
	parts := splitQualified(fn)
	if parts == nil || fn == "<module>" {
		return
	}
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	id := strings.Join(parts, ".")
	a.idents.add(id, priorityTrace)
	a.addWords(id, 1, false)
}

// errorLine records the message of "ValueError: bad input",
// "panic: runtime error: …", "Error: …", "error[E0308]: …" or
// "thread 'main' panicked at …" as a phrase, and a custom exception's
// class as an identifier.
func (a *analyzer) errorLine(trim string) {
	if strings.HasPrefix(trim, "thread '") {
		if i := strings.Index(trim, "panicked at "); i > 0 {
			a.panicAt(trim[i+len("panicked at "):])
		}
		return
	}
	i := strings.Index(trim, ": ")
	if i <= 0 {
		return
	}
	head, msg := trim[:i], strings.TrimSpace(trim[i+2:])
	switch {
	case head == "panic" || head == "fatal error":
		a.goTrace = true
	case strings.EqualFold(head, "error") || strings.HasPrefix(head, "error["):
	case isExceptionName(head):
		parts := splitQualified(head)
		a.idents.add(parts[len(parts)-1], priorityTrace)
	default:
		return
	}
	a.phrase(strings.Trim(msg, `"'`), priorityTrace)
}

// panicAt handles Rust's "panicked at 'msg', src/x.rs:3:5" and
// "panicked at src/x.rs:3:5:".
func (a *analyzer) panicAt(rest string) {
	if strings.HasPrefix(rest, "'") {
		if j := strings.LastIndex(rest, "', "); j > 0 {
			a.phrase(rest[1:j], priorityTrace)
			rest = rest[j+3:]
		}
	}
	if p, ok := pathOf(strings.TrimRight(rest, ":"), true); ok {
		a.paths.add(p, priorityTrace)
	}
}

func isExceptionName(head string) bool {
	parts := splitQualified(head)
	if parts == nil {
		return false
	}
	last := parts[len(parts)-1]
	for _, suf := range []string{"Error", "Exception", "Warning", "Exit", "Interrupt", "Failure"} {
		if strings.HasSuffix(last, suf) {
			return true
		}
	}
	return false
}

// importLine turns "from a.b import c" and "import a.b" into the module
// path "a/b" (matched against directories and files) and c into an
// identifier.
func (a *analyzer) importLine(trim string) {
	f := strings.Fields(trim)
	if len(f) < 2 || (f[0] != "from" && f[0] != "import") {
		return
	}
	mod := strings.TrimRight(f[1], ",")
	if parts := splitQualified(mod); len(parts) > 1 && !strings.Contains(mod, "::") {
		a.paths.add(strings.Join(parts, "/"), priorityCode)
	}
	if f[0] == "from" && len(f) > 3 && f[2] == "import" {
		for _, name := range f[3:] {
			name = strings.Trim(name, ",()")
			if isIdentWord(name) && len(name) > 1 {
				a.idents.add(name, priorityCode)
			}
		}
	}
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

// aboutTests: the title mentions tests, or a short query does, or test
// words are a noticeable share of a long one.
func (a *analyzer) aboutTests() bool {
	if a.testWords == 0 {
		return false
	}
	if a.titleTests || a.words <= shortQueryWords {
		return true
	}
	return float64(a.testWords) >= testWordShareOfMany*float64(a.words)
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

func intentOf(w string) (string, bool) {
	switch w {
	case "bug", "bugs", "error", "errors", "fix", "fixes", "fixed", "fixing", "crash", "crashes",
		"panic", "panics", "fail", "fails", "failed", "failing", "failure", "broken", "exception",
		"traceback", "wrong", "incorrect", "regression", "unexpected", "raises", "debug", "hang":
		return IntentDebug, true
	case "add", "adds", "added", "adding", "implement", "implements", "implementing", "create",
		"new", "support", "supports", "introduce", "introduces", "feature", "allow", "allows":
		return IntentCreate, true
	case "refactor", "refactors", "refactoring", "rename", "renames", "cleanup", "simplify",
		"extract", "reorganize", "restructure", "move", "moves", "split", "deduplicate", "dedupe":
		return IntentRefactor, true
	case "how", "why", "explain", "understand", "overview", "describe", "works", "what":
		return IntentExplain, true
	case "find", "where", "locate", "search", "usages", "usage", "list", "show", "which":
		return IntentSearch, true
	case "change", "changes", "update", "updates", "modify", "make", "remove", "removes",
		"replace", "improve", "improves", "adjust", "tweak", "reduce", "reduces", "use", "bump":
		return IntentModify, true
	}
	return "", false
}

func isTestWord(w string) bool {
	switch w {
	case "test", "tests", "testing", "unittest", "unittests", "pytest", "spec", "specs",
		"testcase", "testcases", "fixture", "fixtures", "coverage", "flaky", "mock", "mocks":
		return true
	}
	return false
}

// isStopWord: English function words, and words every issue has.
func isStopWord(w string) bool {
	switch w {
	case "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
		"any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between",
		"both", "but", "by", "can", "cannot", "could", "did", "do", "does", "doing", "don", "done",
		"down", "during", "each", "either", "else", "etc", "even", "ever", "every", "few", "for",
		"from", "further", "get", "gets", "got", "had", "has", "have", "having", "he", "her",
		"here", "hers", "him", "his", "how", "however", "i", "if", "in", "into", "is", "isn",
		"it", "its", "itself", "just", "let", "like", "may", "me", "might", "more", "most",
		"much", "must", "my", "no", "nor", "not", "now", "of", "off", "on", "once", "one",
		"only", "or", "other", "our", "ours", "out", "over", "own", "please", "quite", "rather",
		"really", "same", "she", "should", "since", "so", "some", "still", "such", "than",
		"that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
		"though", "through", "thus", "to", "too", "under", "until", "up", "us", "very", "via",
		"was", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why",
		"will", "with", "within", "without", "would", "yet", "you", "your", "yours", "hi",
		"hello", "thanks", "thank", "think", "seems", "seem", "want", "need", "way", "thing",
		"things", "something", "anything", "e", "g", "ie", "eg", "able", "currently", "instead",
		"using", "used", "s", "t", "re", "ve", "ll", "d", "m", "go", "py", "js", "ts", "rs", "org",
		"github", "issue", "issues", "expected", "actual",
		"behavior", "behaviour", "version", "versions", "example", "reproduce", "steps", "code",
		"output", "result", "results", "following", "described", "description", "problem":
		return true
	}
	return false
}
