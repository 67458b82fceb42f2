package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo makes root a git repository with one old commit by someone else.
func gitFixture(t *testing.T, root string) {
	t.Helper()
	env := append(os.Environ(), "GIT_AUTHOR_DATE=2020-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2020-01-02T03:04:05Z",
		"GIT_AUTHOR_NAME=fixture", "GIT_AUTHOR_EMAIL=fixture@example.com", "GIT_COMMITTER_NAME=fixture",
		"GIT_COMMITTER_EMAIL=fixture@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = root, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// TestPackOutInsideTheRepositoryIsNotPackedBack: a context written with
// --out inside the repository must not lead the next pack as a "new file"
// change or come back as a docs block.
func TestPackOutInsideTheRepositoryIsNotPackedBack(t *testing.T) {
	root, ix := fixture(t, "payments")
	gitFixture(t, root)
	out := filepath.Join(root, "loupe-context.md")
	if _, err := runCLI(t, "", "pack", "ledger balance", "--root", root, "--index-dir", ix, "--out", out); err != nil {
		t.Fatal(err)
	}
	js, err := runCLI(t, "", "pack", "ledger balance", "--root", root, "--index-dir", ix, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range packJSONOf(t, js).Blocks {
		if b.Path == "loupe-context.md" || strings.HasPrefix(b.Path, ".loupe/") {
			t.Fatalf("loupe packed its own output back: %s block %s", b.Source, b.Path)
		}
	}
}
