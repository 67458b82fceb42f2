package secrets

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

// extraRuleAllow adds allowlists to gitleaks' own rules, by rule id. The
// generic rule takes camelCase identifiers with two or more words
// ("NewEncapsulationKey1024", "testRSA2048PrivateKey", "ed25519.PrivateKey",
// "encryptionKey1024")
// for values: in source code those are names, not secrets (18 of the 80
// generic findings in the Go tree).
var extraRuleAllow = map[string]fileAllow{
	"generic-api-key": {Regexes: []string{
		`^[\w.]*[A-Z][a-z]{2,}[\w.]*[A-Z][a-z]{2,}[\w.]*$`,
		`^(?:[A-Za-z_]\w*\.)?[a-z]{3,}(?:[A-Z][a-z]{2,})+\d{0,6}$`,
	}},
}
