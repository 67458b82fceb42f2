package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// seeded is one fake secret planted in the corpus: where it is, the value
// that must never come out, and an anchor on its line that shows whether
// its block was packed at all.
type seeded struct {
	kind, where, secret, anchor string
}

// fakeRand is a deterministic generator: the secrets are made by the test,
// never committed as files that would trip a scanner.
type fakeRand struct{ x uint64 }

func (r *fakeRand) pick(n int, abc string) string {
	b := make([]byte, n)
	for i := range b {
		r.x ^= r.x << 13
		r.x ^= r.x >> 7
		r.x ^= r.x << 17
		b[i] = abc[r.x%uint64(len(abc))]
	}
	return string(b)
}

const (
	alnum  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	lowern = "abcdefghijklmnopqrstuvwxyz0123456789"
	hexd   = "0123456789abcdef"
	digits = "0123456789"
	b64    = alnum + "+/"
	b64url = alnum + "-_"
)

// secretMaker makes one fake secret of each kind.
type secretMaker struct{ r *fakeRand }

func (m secretMaker) make(kind string) string {
	p := m.r.pick
	switch kind {
	case "aws-key-id":
		return "AKIA" + p(16, upper)
	case "aws-secret":
		return p(40, b64)
	case "github-pat":
		return "ghp_" + p(36, alnum)
	case "github-fine-grained":
		return "github_pat_" + p(22, alnum) + "_" + p(59, alnum)
	case "slack-bot":
		return "xoxb-" + p(12, digits) + "-" + p(13, digits) + "-" + p(24, alnum)
	case "slack-webhook":
		return "https://hooks.slack.com/services/T" + p(10, upper) + "/B" + p(10, upper) + "/" + p(24, alnum)
	case "stripe-live":
		return "sk_live_" + p(24, alnum)
	case "google-api":
		return "AIza" + p(35, alnum+"-_")
	case "sendgrid":
		return "SG." + p(22, b64url) + "." + p(43, b64url)
	case "twilio":
		return "SK" + p(32, hexd)
	case "npm":
		return "npm_" + p(36, lowern)
	case "jwt":
		return "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ" + p(40, alnum) + "." + p(43, b64url)
	case "generic-api-key":
		return p(32, alnum)
	case "password":
		return "Tr0ub4dor-" + p(8, alnum)
	}
	panic(kind)
}

// pemKey is a fake PEM private key body (random base64 lines).
func (m secretMaker) pemKey() string {
	var b strings.Builder
	b.WriteString("-----BEGIN RSA PRIVATE KEY-----\n")
	for range 8 {
		b.WriteString(m.r.pick(64, b64) + "\n")
	}
	b.WriteString("-----END RSA PRIVATE KEY-----")
	return b.String()
}

// secretCorpus builds the repository: code, config, .env, history and
// untracked files, 30 secrets of 15 kinds, and returns them.
func secretCorpus(t *testing.T, root string) []seeded {
	t.Helper()
	m := secretMaker{&fakeRand{x: 0x9e3779b97f4a7c15}}
	var all []seeded
	add := func(kind, where, anchor string) string {
		s := m.make(kind)
		all = append(all, seeded{kind, where, s, anchor})
		return s
	}
	pem := m.pemKey()
	all = append(all, seeded{"private-key", "code", pem[40:100], "serverKeyPEM"})
	code := fmt.Sprintf(`package config

// Credentials the payments service uses to reach its providers.
const (
	AWSAccessKeyID     = %q
	AWSSecretAccessKey = %q
	GitHubToken        = %q
	GitHubFineToken    = %q
	SlackBotToken      = %q
	StripeSecretKey    = %q
	GoogleMapsAPIKey   = %q
	SendgridAPIKey     = %q
	TwilioAPIKey       = %q
	SessionJWT         = %q
)

// serverKeyPEM is the TLS key of the payments endpoint.
const serverKeyPEM = %s
`, add("aws-key-id", "code", "AWSAccessKeyID"), add("aws-secret", "code", "AWSSecretAccessKey"),
		add("github-pat", "code", "GitHubToken "), add("github-fine-grained", "code", "GitHubFineToken"),
		add("slack-bot", "code", "SlackBotToken"), add("stripe-live", "code", "StripeSecretKey"),
		add("google-api", "code", "GoogleMapsAPIKey"), add("sendgrid", "code", "SendgridAPIKey"),
		add("twilio", "code", "TwilioAPIKey"), add("jwt", "code", "SessionJWT"), "`"+pem+"`")
	settings := fmt.Sprintf(`# payments service settings
database:
  url: "postgres://payments:%s@db.internal:5432/payments"
  replica: "mongodb+srv://reporting:%s@cluster0.example.net/reports"
billing:
  api_key: "%s"
  stripe_key: "%s"
alerts:
  slack_webhook: "%s"
registry:
  npm_token: "%s"
`, add("password", "config", "db.internal:5432"), add("password", "config", "cluster0.example.net"),
		add("generic-api-key", "config", "api_key:"), add("stripe-live", "config", "stripe_key:"),
		add("slack-webhook", "config", "slack_webhook:"), add("npm", "config", "npm_token:"))
	env := fmt.Sprintf("DB_PASSWORD=%s\nREDIS_PASSWORD=%s\nSECRET_KEY_BASE=%s\nSTRIPE_SECRET=%s\nGITHUB_TOKEN=%s\n",
		add("password", "env", "DB_PASSWORD"), add("password", "env", "REDIS_PASSWORD"),
		add("generic-api-key", "env", "SECRET_KEY_BASE"), add("stripe-live", "env", "STRIPE_SECRET"),
		add("github-pat", "env", "GITHUB_TOKEN"))
	deploy := fmt.Sprintf("#!/bin/sh\n# deploy the payments service\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\n"+
		"export GH_TOKEN=%s\nmysql \"mysql://deploy:%s@db.internal/payments\" < migrate.sql\n",
		add("aws-key-id", "history", "AWS_ACCESS_KEY_ID"), add("aws-secret", "history", "AWS_SECRET_ACCESS_KEY"),
		add("github-pat", "history", "GH_TOKEN"), add("password", "history", "mysql://deploy"))
	scratch := fmt.Sprintf("# payments scratch notes\n\nslack token for the bot: %s\nstripe live key: %s\nmaps key: %s\n"+
		"prod db: postgresql://admin:%s@prod-db.internal:5432/payments\n",
		add("slack-bot", "untracked", "slack token for the bot"), add("stripe-live", "untracked", "stripe live key"),
		add("google-api", "untracked", "maps key"), add("password", "untracked", "prod-db.internal"))
	gitRepo(t, root, map[string]string{
		"internal/config/credentials.go": code, "deploy/settings.yaml": settings, ".env": env,
		"scripts/deploy.sh": deploy, "pay.go": payGo,
	})
	if err := os.Remove(filepath.Join(root, "scripts", "deploy.sh")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "commit", "-q", "-m", "remove the deploy script and its credentials")
	gitIn(t, root, "rm", "-q", "--cached", ".env")
	gitIn(t, root, "commit", "-q", "-m", "stop tracking .env")
	writeFiles(t, root, map[string]string{"scratch/todo.md": scratch})
	return all
}

// corpusQueries ask for every part of the corpus.
var corpusQueries = []string{
	"payments credentials token key config",
	"payments service settings database billing alerts",
	"deploy script aws credentials remove",
	"payments scratch notes slack stripe",
	"env password secret stop tracking",
}

// outputPath gets the full output of one query through one way out.
type outputPath struct {
	name string
	get  func(t *testing.T, q string) string
}

// TestSecretsCorpusIsRedactedEverywhere plants 30 fake secrets of 15
// kinds and checks every way a context leaves loupe: stdout in each
// format, --out, the --copy fallback file and MCP. At least 95 % of the
// secrets must be absent from each, and the packed blocks must say how
// many were redacted.
func TestSecretsCorpusIsRedactedEverywhere(t *testing.T) {
	env := newSealedEnv(t)
	root, ix := filepath.Join(t.TempDir(), "repo"), t.TempDir()
	corpus := secretCorpus(t, root)
	if len(corpus) < 30 {
		t.Fatalf("corpus has %d secrets", len(corpus))
	}
	base := []string{"--root", root, "--index-dir", ix, "--budget", "40000"}
	if _, stderr, err := env.run(t, "", append([]string{"index"}, base[:4]...)...); err != nil {
		t.Fatalf("index: %v\n%s", err, stderr)
	}
	stdout := func(format string) func(*testing.T, string) string {
		return func(t *testing.T, q string) string {
			out, stderr, err := env.run(t, "", append([]string{"pack", q, "--format", format}, base...)...)
			if err != nil {
				t.Fatalf("pack: %v\n%s", err, stderr)
			}
			return out
		}
	}
	savedIn := regexp.MustCompile(`saved in (\S+):`)
	c := env.startMCP(t, base[:4]...)
	paths := []outputPath{
		{"stdout md", stdout("md")}, {"stdout xml", stdout("xml")}, {"stdout plain", stdout("plain")},
		{"stdout json", stdout("json")},
		{"--out file", func(t *testing.T, q string) string {
			p := filepath.Join(t.TempDir(), "ctx.md")
			env.run(t, "", append([]string{"pack", q, "--out", p}, base...)...)
			b, _ := os.ReadFile(p)
			return string(b)
		}},
		{"--copy fallback file", func(t *testing.T, q string) string {
			_, stderr, _ := env.run(t, "", append([]string{"pack", q, "--copy"}, base...)...)
			m := savedIn.FindStringSubmatch(stderr)
			if m == nil {
				t.Fatalf("no fallback file named: %s", stderr)
			}
			b, _ := os.ReadFile(m[1])
			return string(b)
		}},
		{"mcp context_query", func(t *testing.T, q string) string { return c.query(t, q, 40000) }},
	}
	var report []string
	for _, p := range paths {
		var all strings.Builder
		for _, q := range corpusQueries {
			all.WriteString(p.get(t, q))
		}
		out := all.String()
		packed, leaked := 0, 0
		var leaks []string
		for _, s := range corpus {
			if strings.Contains(out, s.anchor) {
				packed++
			}
			if strings.Contains(out, s.secret) {
				leaked++
				leaks = append(leaks, s.kind+"@"+s.where)
			}
		}
		rate := 100 * float64(len(corpus)-leaked) / float64(len(corpus))
		line := fmt.Sprintf("%-22s %d secrets, %d in packed blocks, %d leaked %v, %.1f%% redacted, %d markers",
			p.name, len(corpus), packed, leaked, leaks, rate, strings.Count(out, "[REDACTED:"))
		report = append(report, line)
		if rate < 95 {
			t.Errorf("%s", line)
		}
		if packed < len(corpus)/2 {
			t.Errorf("%s: too few secret-bearing blocks packed to prove anything", line)
		}
		if !strings.Contains(out, "redacted") {
			t.Errorf("%s: the output does not say what was redacted", p.name)
		}
	}
	// Opting in to secret files packs .env, still redacted.
	out, _, err := env.run(t, "", append([]string{"pack", "DB_PASSWORD REDIS_PASSWORD env", "--secret-files"}, base...)...)
	if err != nil || !strings.Contains(out, "DB_PASSWORD") {
		t.Errorf("--secret-files did not pack .env: %v\n%s", err, out)
	}
	for _, s := range corpus {
		if s.where == "env" && strings.Contains(out, s.secret) {
			t.Errorf("--secret-files: %s from .env leaked", s.kind)
		}
	}
	kinds := map[string]bool{}
	for _, s := range corpus {
		kinds[s.kind] = true
	}
	if len(kinds) < 10 {
		t.Errorf("only %d kinds of secret", len(kinds))
	}
	t.Logf("secrets corpus (%d secrets of %d kinds):\n%s", len(corpus), len(kinds), strings.Join(report, "\n"))
}
