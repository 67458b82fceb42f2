package index

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSecretFile(t *testing.T) {
	for rel, want := range map[string]bool{
		".env": true, "svc/.env.production": true, ".env.local": true, "prod.env": true,
		".env.example": false, "deploy/.env.sample": false, "certs/server.pem": true, "tls/server.key": true,
		"home/.ssh/id_rsa": true, "id_ed25519": true, "id_ed25519.pub": false, ".npmrc": true,
		"terraform.tfstate": true, "main.go": false, "keys.go": false, "environment.go": false, ".envoy.yaml": false,
	} {
		if got := SecretFile(rel); got != want {
			t.Errorf("SecretFile(%q) = %v, want %v", rel, got, want)
		}
	}
}

func TestWalkLeavesSecretFilesOut(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"main.go": "package main\n", ".env": "DB_PASSWORD=x\n", ".env.example": "DB_PASSWORD=\n",
		"certs/server.key": "-----BEGIN PRIVATE KEY-----\n",
	})
	rels, skipped := walkRels(t, root, DefaultOptions())
	if !slices.Equal(rels, []string{".env.example", "main.go"}) || skipped[SkipSecretFile] != 2 {
		t.Fatalf("files %v, skipped %v", rels, skipped)
	}
	opts := DefaultOptions()
	opts.SecretFiles = true
	if rels, _ := walkRels(t, root, opts); len(rels) != 4 {
		t.Fatalf("with SecretFiles: %v", rels)
	}
}

// TestWalkHonoursGlobalExcludes: a file ignored by the user's global git
// excludes (here $XDG_CONFIG_HOME/git/ignore, git's default location) is
// not walked.
func TestWalkHonoursGlobalExcludes(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", xdg)
	t.Setenv("HOME", t.TempDir())
	if err := os.MkdirAll(filepath.Join(xdg, "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(xdg, "git", "ignore"), []byte("*.scratch\nnotes-private/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a\n", "todo.scratch": "x\n", "notes-private/n.md": "# n\n"})
	rels, _ := walkRels(t, root, DefaultOptions())
	if !slices.Equal(rels, []string{"a.go"}) {
		t.Fatalf("files %v", rels)
	}
}

// secretSuffix answers as the loop over secretSuffixes it replaces.
func TestSecretSuffixIsTheLoop(t *testing.T) {
	loop := func(base string) bool {
		for _, s := range secretSuffixes {
			if strings.HasSuffix(base, s) && len(base) > len(s) {
				return true
			}
		}
		return false
	}
	names := []string{"", ".", "..", "a", ".pem", "a.pem", "a.PEM", "x.pem.txt", "key", ".key", "a.key", "b.tfstate",
		".tfstate.backup", "a.tfstate.backup", "a.backup", "x.env", ".env", "a..pem", "pem", "a.p8", "a.p12", "a.kdbx.gpg",
		"tfstate.backup", "a.b.c.keystore", "dir.pem/file", "a.tfstate.backupx"}
	for _, s := range secretSuffixes {
		names = append(names, s, "x"+s, s+"x", s[1:], "a."+s[1:])
	}
	for _, n := range names {
		if got, want := secretSuffix(n), loop(n); got != want {
			t.Errorf("secretSuffix(%q) = %v, the loop says %v", n, got, want)
		}
	}
}
