package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPackRescansAFileChangedBehindTheIndex: the index records which files
// it scanned clean of secrets, and a pack skips scanning their blocks. A
// file rewritten in place with a token, its size and modification time put
// back (so the freshness walk sees no change), must still come out
// redacted: the verdict holds only for the content hash it was made on.
func TestPackRescansAFileChangedBehindTheIndex(t *testing.T) {
	root, ix := t.TempDir(), t.TempDir()
	placeholder := strings.Repeat("x", 40)
	token := "ghp_" + (&fakeRand{x: 0x1234567}).pick(36, alnum)
	src := "package vault\n\n// RotateVaultToken returns the vault token for rotation.\nfunc RotateVaultToken() string {\n\treturn \"" + placeholder + "\"\n}\n"
	p := filepath.Join(root, "vault", "token.go")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour) // not racily new: the index trusts its size and time
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, "", "index", root, "--index-dir", ix); r.err != nil {
		t.Fatalf("index: %v\n%s", r.err, r.stderr)
	}
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(src, placeholder, token, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	r := runBin(t, "", "pack", "rotate vault token", "--root", root, "--index-dir", ix, "--budget", "2000")
	if r.err != nil {
		t.Fatalf("pack: %v\n%s", r.err, r.stderr)
	}
	if strings.Contains(r.stdout, token) {
		t.Fatalf("the token left loupe:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "RotateVaultToken") || !strings.Contains(r.stdout, "REDACTED") {
		t.Fatalf("want the block, redacted:\n%s", r.stdout)
	}
}
