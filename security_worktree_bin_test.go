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

// A .git file can name another repository on the same disk (gitdir:
// ../dotfiles/.git), and a .git directory can take another repository's
// refs through its commondir; git then showed that repository's history
// and files as this one's changes and commits. The pack must say git was
// not run and show nothing of the other repository.
func TestPackNeverShowsAnotherRepositoryADotGitNames(t *testing.T) {
	for name, c := range map[string]struct {
		files map[string]string
		says  string
	}{
		"gitdir file": {map[string]string{".git": "gitdir: ../dotfiles/.git\n"}, "another repository's git directory"},
		"commondir": {map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/commondir": "../../dotfiles/.git\n"},
			"takes its refs from"},
	} {
		t.Run(name, func(t *testing.T) {
			env := newSealedEnv(t)
			base, ix := t.TempDir(), t.TempDir()
			victim, root := filepath.Join(base, "dotfiles"), filepath.Join(base, "download")
			gitRepo(t, victim, map[string]string{"creds.txt": "token=SECRET-OTHER-REPOSITORY retry payment\n"})
			writeFiles(t, root, map[string]string{
				"pay/retry.go": "package pay\n\n// RetryPayment retries a failed payment.\nfunc RetryPayment() error { return nil }\n",
			})
			writeFiles(t, root, c.files)
			out, stderr, err := env.run(t, "", "pack", "retry failed payment token", "--root", root, "--index-dir", ix, "--budget", "4000")
			if err != nil {
				t.Fatalf("pack: %v\n%s", err, stderr)
			}
			if strings.Contains(out, "SECRET-OTHER-REPOSITORY") || strings.Contains(out, "creds.txt") {
				t.Errorf("the pack shows the other repository:\n%s", out)
			}
			if !strings.Contains(out, "func RetryPayment") || !strings.Contains(stderr, c.says) {
				t.Errorf("own code missing or no warning %q:\n%s\n%s", c.says, out, stderr)
			}
		})
	}
}
