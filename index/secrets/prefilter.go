package secrets

import "strings"

// Prefilters: cheap necessary conditions for the rules that cost the most.
//
// Go's regexp has no DFA: a search that fails still runs its NFA (or the
// backtracker) over every byte of the window, and a window around a
// keyword fails nearly always. Three rules took about 90 % of the
// detector's time on the Go tree and on Loki (generic-api-key 70-76 %,
// vault-service-token 10-14 %, jwt 3-6 %), because their keywords ("key",
// "token", "s.", "ey") are in most lines of code. Each prefilter below is
// a hand-written scan for a shape every match of its expression must have;
// when it finds none, the window cannot match and the expression is not
// run. When it finds one, the expression runs as before, so what is found
// is the same: a prefilter may say yes wrongly, never no.
//
// A prefilter is keyed by the exact text of the expression it was written
// for, so an edited rule set runs the expression alone until its prefilter
// is rewritten. A prefilter is given the window and its ASCII lowercase
// (asciiLower, which Find has made of the whole text already).
// TestPrefiltersAreNecessary checks each one against its
// expression on texts generated around the expression's bounds,
// FuzzPrefilters under fuzzing, and TestPrefiltersFindTheSame compares the
// findings with and without prefilters on a whole tree.
var prefilters = map[string]func(window, lower string) bool{
	genericAPIKeyRegex: mayHoldGenericKey,
	vaultTokenRegex:    mayHoldVaultToken,
	jwtRegex:           mayHoldJWT,
}

const (
	genericAPIKeyRegex = `(?i)[\w.-]{0,50}?(?:access|auth|(?-i:[Aa]pi|API)|credential|creds|key|passw(?:or)?d|secret|token)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})(?:[\x60'"\s;]|\\[nr]|$)`
	vaultTokenRegex    = `\b((?:hvs\.[\w-]{90,120}|s\.(?i:[a-z0-9]{24})))(?:[\x60'"\s;]|\\[nr]|$)`
	jwtRegex           = `\b(ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9\/\\_-]{17,}\.(?:[a-zA-Z0-9\/\\_-]{10,}={0,2})?)(?:[\x60'"\s;]|\\[nr]|$)`
)

// genericKeys are the lowercase forms of generic-api-key's keyword
// alternation ("passw(?:or)?d" is passwd and password; "api" is matched
// with its case, so its lowercase form finds a superset).
var genericKeys = []string{"access", "auth", "api", "credential", "creds", "key", "passwd", "password", "secret", "token"}

// mayHoldGenericKey: a keyword, then at most 23 bytes of [ \t\w.-] and
// [\s'"], then an operator byte, then within 9 bytes of operators, quotes,
// spaces and "=" a run of at least 10 secret bytes. Under (?i) Go folds
// "k" and "s" into the Kelvin sign and the long s, which are not ASCII: a
// window holding any non-ASCII byte is left to the expression.
func mayHoldGenericKey(w, lower string) bool {
	if !isASCII(w) {
		return true
	}
	for _, k := range genericKeys {
		if anyIndex(lower, k, func(i int) bool { return genericTail(w, i+len(k)) }) {
			return true
		}
	}
	return false
}

// genericTail reports whether an operator followed by a secret may start
// within reach of a keyword ending at e.
func genericTail(w string, e int) bool {
	for op := e; op < len(w) && op <= e+23; op++ {
		c := w[op]
		if isOperatorByte(c) {
			return secretAfter(w, op)
		}
		if !isFillerByte(c) {
			return false
		}
	}
	return false
}

// secretAfter reports whether a secret may start within 9 bytes of the
// operator at op (the operator itself is at most 4 bytes, ":::=", and at
// most 5 quotes, spaces or "=" may follow it), the bytes between being
// operators or those.
func secretAfter(w string, op int) bool {
	for t := op + 1; t < len(w) && t <= op+9; t++ {
		if secretStarts(w, t) {
			return true
		}
		if c := w[t]; !isOperatorByte(c) && !isGapByte(c) {
			return false
		}
	}
	return false
}

// secretStarts: [\w.=-]{10,} or [a-z0-9][a-z0-9+/]{11,} (any case) at t.
func secretStarts(w string, t int) bool {
	return run(w, t, 10, isSecretByte) == 10 || isAlnum(w[t]) && run(w, t+1, 11, isBase64Byte) == 11
}

// mayHoldVaultToken: "hvs." and 90 [\w-] bytes, or "s." and 24
// letters or digits (folded under (?i): non-ASCII is left to the
// expression).
func mayHoldVaultToken(w, _ string) bool {
	if !isASCII(w) {
		return true
	}
	return anyIndex(w, "s.", func(i int) bool {
		return run(w, i+2, 24, isAlnum) == 24 || i >= 2 && w[i-2:i] == "hv" && run(w, i+2, 90, isWordOrDash) == 90
	})
}

// mayHoldJWT: "ey", 17 letters or digits, ".ey" (the expression is case
// sensitive and ASCII, so any window may be scanned).
func mayHoldJWT(w, _ string) bool {
	return anyIndex(w, "ey", func(i int) bool {
		n := run(w, i+2, len(w), isAlnum)
		return n >= 17 && strings.HasPrefix(w[i+2+n:], ".ey")
	})
}

// anyIndex reports whether ok holds at some offset where sub occurs in s.
func anyIndex(s, sub string, ok func(i int) bool) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], sub)
		if i < 0 {
			return false
		}
		if ok(from + i) {
			return true
		}
		from += i + 1
	}
}

// run is the length of the run of bytes ok holds for from i, counted up
// to most.
func run(w string, i, most int, ok func(byte) bool) int {
	n := 0
	for ; n < most && i+n < len(w) && ok(w[i+n]); n++ {
	}
	return n
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

func isWordOrDash(c byte) bool { return isWordByte(c) || c == '-' }

// isSecretByte: [\w.=-].
func isSecretByte(c byte) bool { return isWordOrDash(c) || c == '.' || c == '=' }

// isBase64Byte: [a-z0-9+/] under (?i).
func isBase64Byte(c byte) bool { return isAlnum(c) || c == '+' || c == '/' }

// isSpace is Go's \s: [\t\n\f\r ].
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// isFillerByte: [ \t\w.-] and [\s'"], what may stand between the keyword
// and the operator.
func isFillerByte(c byte) bool {
	return isWordByte(c) || c == '.' || c == '-' || isSpace(c) || c == '\'' || c == '"'
}

// isOperatorByte: a byte of =, >, :{1,3}=, ||, :, =>, ?= or ",".
func isOperatorByte(c byte) bool {
	return c == '=' || c == '>' || c == ':' || c == '|' || c == '?' || c == ','
}

// isGapByte: [\x60'"\s=], what may stand between the operator and the
// secret.
func isGapByte(c byte) bool { return c == '`' || c == '\'' || c == '"' || c == '=' || isSpace(c) }
