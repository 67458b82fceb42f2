package gitrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
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

// A ref or HEAD that links out of the git directory is not read from
// files: it is git's to answer (a tree unpacked from a stranger's archive
// may carry its own .git).
func TestHeadFilesStayInsideTheGitDir(t *testing.T) {
	repo, outside := t.TempDir(), t.TempDir()
	id := strings.Repeat("ab", 20)
	if err := os.WriteFile(filepath.Join(outside, "ref"), []byte(id+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitDir := filepath.Join(repo, ".git")
	if err := os.MkdirAll(filepath.Join(gitDir, "refs", "heads"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "ref"), filepath.Join(gitDir, "HEAD")); err != nil {
		t.Fatal(err)
	}
	if got, ok := headFromFiles(repo); ok {
		t.Fatalf("HEAD linked out of the git dir read from files: %q", got)
	}
	if err := os.Remove(filepath.Join(gitDir, "HEAD")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(gitDir, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "ref"), filepath.Join(gitDir, "refs", "heads", "main")); err != nil {
		t.Fatal(err)
	}
	if got, ok := headFromFiles(repo); ok {
		t.Fatalf("a branch linked out of the git dir read from files: %q", got)
	}
}
