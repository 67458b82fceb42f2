package engine

// Word shapes: what makes a token an identifier, a path or a number,
// and the fixed word lists of query analysis.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loupe-dev/loupe/index/chunk"
)

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
		if !chunk.IsIdentifier(p) {
			return nil
		}
	}
	return parts
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
	case "test", "tests", "testing", "unittest", "unittests", "testcase", "testcases",
		"fixture", "fixtures", "flaky", "mock", "mocks", "spec", "specs",
		"bench", "benches", "benchmark", "benchmarks":
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
		"output", "result", "results", "following", "described", "description", "problem",
		"python", "pip", "tip", "info", "env", "true", "false", "none", "null", "nil", "self",
		"def", "return", "class", "import", "print", "int", "str", "var", "const", "func",
		"function", "fn", "pub", "impl", "mut", "lambda", "elif", "except", "new":
		return true
	}
	return false
}

// Words splits s into lowercased words the way query analysis does: at
// non-alphanumerics and at lower→upper case changes ("p.tokenCount" →
// p, token, count). Sources that match text against a Query use it so
// that their notion of a word is the engine's.
func Words(s string) []string {
	out := splitWords(s)
	for i, w := range out {
		out[i] = strings.ToLower(w)
	}
	return out
}

// FocusTerms lists the query's identifiers (joined, as TermSet matches
// a whole identifier) and keywords as TermWords, distinct, strongest
// first, at most max: the terms the packer matches lines with.
func FocusTerms(q Query, max int) []string {
	seen := map[string]bool{}
	var out []string
	add := func(w string) {
		if len(w) >= 3 && !seen[w] && len(out) < max && !isStopWord(w) {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, id := range q.Identifiers {
		parts := splitQualified(id)
		if len(parts) == 0 {
			continue
		}
		add(TermWord(strings.Join(splitWords(parts[len(parts)-1]), "")))
	}
	for _, k := range q.Keywords {
		if !isTestWord(k) || q.AboutTests {
			add(TermWord(k))
		}
	}
	return out
}

// maxCompounds bounds the compounds of a query (each costs three symbol
// lookups in every index source).
const maxCompounds = 4

// compounds lists the pairs of adjacent words of the query's first line
// that a name may run together, as "w1 w2" lowercased, the second word
// without a plural s: a person writes "parse durations" or "idle timeout"
// where the code says parseDuration and idleTimeout. Stop words, numbers
// and words shorter than 3 letters break a pair; code tokens (already
// identifiers) are left to the identifiers.
func compounds(text string) []string {
	line := text
	for l := range strings.Lines(text) {
		if strings.TrimSpace(l) != "" {
			line = l
			break
		}
	}
	if len(line) > 200 {
		line = line[:200]
	}
	var out []string
	prev := ""
	for _, tok := range strings.Fields(line) {
		tok = strings.Trim(tok, `,.;:!?()"'`+"`")
		for w := range strings.SplitSeq(tok, "-") { // keep-alive: two words
			lw := strings.ToLower(w)
			if len(lw) < 3 || isStopWord(lw) || !(isLower(w) || isTitle(w) || isAcronym(w)) {
				prev = "" // a stop word, a number or code (sort.Slice) breaks a pair
				continue
			}
			if prev != "" && len(out) < maxCompounds {
				out = append(out, prev+" "+singular(lw))
			}
			prev = lw
		}
	}
	return out
}

// isAcronym reports a word of two to five capital letters: JSON, HTTP,
// URL; code runs them together with the next word (JsonArray,
// HTTPResponse) as it does ordinary words.
func isAcronym(w string) bool {
	if len(w) < 2 || len(w) > 5 {
		return false
	}
	for _, r := range w {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// isLower reports a word of lowercase letters only.
func isLower(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// isTitle reports a capitalized word ("Parse"); camelCase words are
// identifiers, not words.
func isTitle(w string) bool {
	return len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' && isLower(w[1:])
}

// singular drops a plural: "durations" → "duration", "retries" →
// "retry" ("class", "status", "analysis" keep their s).
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// CompoundNames are the names a compound "w1 w2" may be typed as:
// w1W2, W1W2, w1_w2.
func CompoundNames(c string) []string {
	a, b, ok := strings.Cut(c, " ")
	if !ok || a == "" || b == "" {
		return nil
	}
	title := func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
	return []string{a + title(b), title(a) + title(b), a + "_" + b}
}
