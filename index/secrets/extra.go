package secrets

import "regexp"

// extraTOML holds loupe's own rules, in gitleaks' format, for what the
// generic rule leaves through: a password inside a connection string, and
// the values of secret-named variables in .env-style files (where low
// entropy is normal: "hunter22" is a real password).
const extraTOML = `
[allowlist]
regexes = [
    '''^(?i)(?:x{3,}|\*{3,}|\.{3,}|<[^>]*>|\$\{?[\w.]+\}?|%\([\w]+\)s|\{\{[^}]*\}\}|changeme|redacted|placeholder|example|dummy|none|null|nil|true|false)$''',
]

# Stopwords for every rule: the hex alphabet (test tables) and URL-escaped
# forms of "password".
stopwords = ["0123456789abcdef", "ssword", "sword"]

[[rules]]
id = "connection-string-password"
description = "A password in a URL or connection string (scheme://user:password@host)."
regex = '''(?i)\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@'"\x60]{1,64}:([^\s@/'"\x60]{4,128})@[\w.-]+'''
keywords = ["://"]
[[rules.allowlists]]
stopwords = ["password", "passwd", "pass", "secret", "pwd", "xxxx", "****", "user", "example", "foo", "bar", "\\"]
regexes = ['''^[a-z]{1,8}$''', '''^\$''', '''^%''', '''^\d{1,6}$''']

[[rules]]
id = "env-file-secret"
description = "The value of a secret-named variable in a .env-style file."
path = '''(?i)(?:^|/)(?:\.env(?:\.[\w.-]+)?|[\w.-]+\.env|\.?envrc|[\w.-]+\.(?:ini|cfg|conf|properties))$'''
regex = '''(?im)^[ \t]*(?:export[ \t]+)?[\w.-]*(?:pass(?:word|wd)?|pwd|secret|token|api[_.-]?key|private[_.-]?key|credentials?|auth)[\w.-]*[ \t]*[=:][ \t]*['"]?([^\s'"#]{4,})'''
keywords = ["pass", "pwd", "secret", "token", "key", "credential", "auth"]
`

// identifier is a camelCase or dotted name made of words
// ("NewEncapsulationKey1024", "testRSA2048PrivateKey", "ed25519.PrivateKey",
// "encryptionKey1024").
var identifier = regexp.MustCompile(`^(?:[a-z][a-z0-9]*\.)?(?:[a-z]{2,}|[A-Z][a-z]+|[A-Z]{2,}\d*)(?:[A-Z][a-z]+|[A-Z]{2,}\d*|\d+)*$`)

// maxIdentifierEntropy: a random token can happen to parse as words (a
// 32-character one does about once in ten); real names are less random.
const maxIdentifierEntropy = 4.3

// looksLikeName reports whether the generic rule's value is a name in
// source code, not a secret: in the Go tree 18 of the generic rule's 80
// findings were such names.
func looksLikeName(rule, secret string) bool {
	if rule != "generic-api-key" || !identifier.MatchString(secret) {
		return false
	}
	return entropy(secret) < maxIdentifierEntropy || len(word.FindAllString(secret, -1)) >= minNameWords
}

// word is a capitalised word of a name; minNameWords of them make a long
// name ("TestingOnlyNewDecapsulationKey1024") a name whatever its entropy:
// a random token that parses as words almost never holds three.
var word = regexp.MustCompile(`[A-Z][a-z]{2,}`)

const minNameWords = 3
