package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A hostile .git/config can set core.worktree to a directory outside the
// repository (the user's home). git then diffed that directory's files
// against the repository's index, and the changes source packed what it
// printed: a file outside the root, sent to a model. The pack must hold
// the repository's own code and nothing from elsewhere.
func TestPackNeverShowsTheWorkTreeAConfigPointsTo(t *testing.T) {
	env := newSealedEnv(t)
	root, elsewhere, ix := filepath.Join(t.TempDir(), "repo"), t.TempDir(), t.TempDir()
	gitRepo(t, root, map[string]string{
		"pay/retry.go": "package pay\n\n// RetryPayment retries a failed payment.\nfunc RetryPayment() error { return nil }\n",
		"notes.txt":    "retry notes\n",
	})
	writeFiles(t, elsewhere, map[string]string{
		"notes.txt":    "SECRET-ELSEWHERE retry payment token\n",
		"pay/retry.go": "package pay\n\n// SECRET-ELSEWHERE-CODE retry payment\nfunc RetryPayment() error { return nil }\n",
	})
	gitIn(t, root, "config", "core.worktree", elsewhere)
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("retry notes, changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := env.run(t, "", "pack", "retry failed payment", "--root", root, "--index-dir", ix, "--budget", "4000")
	if err != nil {
		t.Fatalf("pack: %v\n%s", err, stderr)
	}
	if strings.Contains(out, "SECRET-ELSEWHERE") {
		t.Errorf("the pack shows files of the work tree the config names:\n%s", out)
	}
	if !strings.Contains(out, "func RetryPayment") || !strings.Contains(out, "retry notes, changed") {
		t.Errorf("the repository's own code or change is missing:\n%s", out)
	}
}
