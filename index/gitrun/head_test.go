package gitrun

import (
	"context"
	"os/exec"
	"strings"
	"testing"
)

func revParse(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("git", "rev-parse", "--verify", "-q", "HEAD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// Head reads the plain cases from files and agrees with git in every case.
func TestHeadAgreesWithGit(t *testing.T) {
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", t.TempDir())
	repo := t.TempDir()
	commit := func(msg string) {
		write(t, repo, "f.txt", msg)
		mustGit(t, repo, "add", "f.txt")
		mustGit(t, repo, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", msg)
	}
	check := func(what string, fromFiles bool) {
		t.Helper()
		want := revParse(t, repo)
		got, err := Head(context.Background(), repo)
		if want == "" {
			if err == nil {
				t.Fatalf("%s: Head %q, git has none", what, got)
			}
		} else if err != nil || got != want {
			t.Fatalf("%s: Head %q %v, git %q", what, got, err, want)
		}
		if _, ok := headFromFiles(repo); ok != fromFiles {
			t.Fatalf("%s: read from files %v, want %v", what, ok, fromFiles)
		}
	}
	mustGit(t, repo, "init", "-q", "-b", "main")
	check("no commit yet", false)
	commit("one")
	check("a loose branch", true)
	mustGit(t, repo, "pack-refs", "--all")
	check("a packed branch", true)
	commit("two") // the loose ref now wins over the packed one
	check("loose over packed", true)
	mustGit(t, repo, "checkout", "-q", "-b", "feature/x")
	commit("three")
	check("a branch with a slash", true)
	mustGit(t, repo, "checkout", "-q", "--detach", "HEAD~1")
	check("detached", true)
	mustGit(t, repo, "symbolic-ref", "HEAD", "refs/heads/none")
	check("an unborn branch", false)
	mustGit(t, repo, "checkout", "-q", "main")
	wt := t.TempDir() + "/wt"
	mustGit(t, repo, "worktree", "add", "-q", wt, "feature/x")
	if got, err := Head(context.Background(), wt); err != nil || got != revParse(t, wt) {
		t.Fatalf("worktree: Head %q %v, git %q", got, err, revParse(t, wt))
	}
	if _, ok := headFromFiles(wt); ok {
		t.Fatal("a linked worktree was read from files")
	}
}
