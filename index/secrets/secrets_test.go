package secrets

import (
	"strings"
	"testing"
)

func detector(t *testing.T) *Detector {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestRedactKnownKinds(t *testing.T) {
	d := detector(t)
	gh := "ghp_" + fake(36, 1)
	for _, tc := range []struct{ path, text, secret string }{
		{"a.go", `token := "` + gh + `"`, gh},
		{"cfg.yaml", "aws_access_key_id: AKIA" + "QWERTYUIOPASDFGH\n", "AKIA" + "QWERTYUIOPASDFGH"},
		{".env", "DB_PASSWORD=hunter22x\n", "hunter22x"},
		{"db.go", `dsn := "postgres://app:S3cr3tPw9@db.internal:5432/app"`, "S3cr3tPw9"},
	} {
		got, fs := d.Redact(tc.path, tc.text)
		if len(fs) == 0 || strings.Contains(got, tc.secret) {
			t.Errorf("%s: %q kept the secret (%d findings)", tc.path, got, len(fs))
		}
	}
}

func TestPlainCodeIsLeftAlone(t *testing.T) {
	d := detector(t)
	for _, s := range []string{
		"func (k *Key) Token() string { return k.token }\n",
		`password := os.Getenv("DB_PASSWORD")` + "\n",
		`u := "postgres://user:password@localhost/db"` + "\n",
		`{"encryptionKey1024", "NewEncapsulationKey1024"},` + "\n",
		`var key = ed25519.PrivateKey(seed)` + "\n",
	} {
		if got, fs := d.Redact("x.go", s); len(fs) > 0 {
			t.Errorf("%q redacted to %q", s, got)
		}
	}
}

func TestOffsetsSurviveNonASCII(t *testing.T) {
	d := detector(t)
	tok := "ghp_" + fake(36, 3)
	text := "// ÄÖÜ İstanbul ﬁ\nkey := \"" + tok + "\"\n"
	got, fs := d.Redact("a.go", text)
	if len(fs) != 1 || !strings.Contains(got, Marker(fs[0].Rule)) || strings.Contains(got, tok) {
		t.Fatalf("got %q", got)
	}
}

func TestFindingLines(t *testing.T) {
	d := detector(t)
	text := "a\nb\nkey = \"ghp_" + fake(36, 2) + "\"\n"
	fs := d.Find("a.py", text)
	if len(fs) != 1 || fs[0].Line != 3 {
		t.Fatalf("findings %+v", fs)
	}
}

// fake returns n pseudo-random alphanumerics (a fake token body).
func fake(n int, seed uint64) string {
	const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	x := seed*2654435761 + 1
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = abc[x%uint64(len(abc))]
	}
	return string(b)
}

// TestRandomTokensAreNotNames: random tokens that happen to parse as
// camelCase words must still be found by the generic rule.
func TestRandomTokensAreNotNames(t *testing.T) {
	d := detector(t)
	missed := 0
	for i := range 200 {
		tok := fake(32, uint64(1000+i))
		if _, fs := d.Redact("settings.yaml", "  api_key: \""+tok+"\"\n"); len(fs) == 0 {
			missed++
		}
	}
	if missed > 0 {
		t.Fatalf("%d of 200 random api keys missed", missed)
	}
}

func TestLongNamesAreNames(t *testing.T) {
	d := detector(t)
	for _, s := range []string{`k := "TestingOnlyNewDecapsulationKey1024"`, `const _KeyUsage_name = "anyExtendedKeyUsageserverAuthclientAuthcodeSigning"`} {
		if _, fs := d.Redact("a.go", s+"\n"); len(fs) > 0 {
			t.Errorf("%s: redacted", s)
		}
	}
}

func TestFingerprint(t *testing.T) {
	if Fingerprint() == 0 || Fingerprint() != Fingerprint() {
		t.Fatalf("Fingerprint() = %d, want a stable non-zero value", Fingerprint())
	}
}

// TestDefaultCompiles: Default leaves its rules' expressions to their first
// use; every one of them must compile (MustCompile would panic mid-scan),
// and the lazy detector must find what the eager one finds.
func TestDefaultCompiles(t *testing.T) {
	d := detector(t)
	for _, r := range d.rules {
		if r.re() == nil {
			t.Fatalf("rule %s: no expression", r.id)
		}
	}
	eager, err := Parse(gitleaksTOML, extraTOML)
	if err != nil {
		t.Fatal(err)
	}
	text := "aws_access_key_id: AKIA" + "QWERTYUIOPASDFGH\ntoken = \"ghp_" + fake(36, 9) + "\"\n"
	if a, b := d.Find("cfg.yaml", text), eager.Find("cfg.yaml", text); len(a) == 0 || len(a) != len(b) {
		t.Fatalf("lazy %v, eager %v", a, b)
	}
}
