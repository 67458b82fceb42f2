package index

import (
	"path"
	"strings"
)

// SkipSecretFile is the skip reason of a file that usually holds secrets
// (see SecretFile).
const SkipSecretFile = "secret-file"

// secretNames are file names that hold credentials more often than not.
var secretNames = map[string]bool{
	".env": true, ".envrc": true, ".netrc": true, "_netrc": true, ".npmrc": true, ".pypirc": true,
	".git-credentials": true, ".htpasswd": true, ".pgpass": true, ".my.cnf": true,
	"id_rsa": true, "id_dsa": true, "id_ecdsa": true, "id_ed25519": true, "id_ecdsa_sk": true, "id_ed25519_sk": true,
	"credentials.json": true, "service-account.json": true, "secrets.env": true,
}

// secretSuffixes are extensions of private keys, keystores and state
// files that embed credentials.
var secretSuffixes = []string{
	".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk", ".p8",
	".tfstate", ".tfstate.backup", ".env", ".kdbx", ".gpg",
}

// secretExts is secretSuffixes with one dot, looked up by the name's
// extension (each file of every walk is asked: looping over the list cost a
// no-change update of Loki 3 ms); the rest are tried in turn.
var secretExts, secretMultiDot = splitSuffixes(secretSuffixes)

func splitSuffixes(all []string) (map[string]bool, []string) {
	exts := map[string]bool{}
	var rest []string
	for _, s := range all {
		if strings.LastIndexByte(s, '.') == 0 {
			exts[s] = true
		} else {
			rest = append(rest, s)
		}
	}
	return exts, rest
}

// secretSuffix reports whether base ends with one of secretSuffixes and
// has more before it. A suffix with one dot, at its start, ends base
// exactly when it is base's extension.
func secretSuffix(base string) bool {
	if i := strings.LastIndexByte(base, '.'); i > 0 && secretExts[base[i:]] {
		return true
	}
	for _, s := range secretMultiDot {
		if strings.HasSuffix(base, s) && len(base) > len(s) {
			return true
		}
	}
	return false
}

// envTemplates are the .env variants that document variables without
// values: kept, since they are what a reader needs (the redactor still runs
// over them).
var envTemplates = []string{".example", ".sample", ".template", ".dist", ".defaults", ".schema"}

// SecretFile reports whether the file at rel (slash-separated) is one
// loupe keeps out of the index and out of every source by default: .env
// and .env.* (but not .env.example and other templates), private keys and
// keystores (*.pem, *.key, id_rsa, …), credential files (.netrc, .npmrc,
// .git-credentials, …) and Terraform state. The redactor catches secrets
// in every other file; these are left out whole because nothing in them
// is worth the risk.
func SecretFile(rel string) bool {
	base := strings.ToLower(path.Base(rel))
	if secretNames[base] {
		return true
	}
	if strings.HasPrefix(base, ".env.") {
		rest := base[len(".env"):]
		for _, t := range envTemplates {
			if rest == t || strings.HasSuffix(rest, t) {
				return false
			}
		}
		return true
	}
	if secretSuffix(base) {
		return true
	}
	return strings.Contains(rel, ".aws/credentials") || strings.Contains(rel, ".docker/config.json") ||
		strings.HasPrefix(rel, ".ssh/") || strings.Contains(rel, "/.ssh/")
}
