package gitrun

import (
	"os"
	"path/filepath"
	"testing"
)

// TestShallowFile: the shallow file git would read, from the work tree
// and from a subdirectory, in the common directory for a linked worktree
// (git keeps one list for all of them), and none outside a repository.
func TestShallowFile(t *testing.T) {
	emptyUserConfig(t)
	repo := committedRepo(t, t.TempDir(), "a.txt", "a\n")
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(real, ".git", "shallow")
	if err := os.Mkdir(filepath.Join(repo, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{repo, filepath.Join(repo, "sub")} {
		if got, _ := filepath.EvalSymlinks(filepath.Dir(ShallowFile(dir))); filepath.Join(got, "shallow") != want {
			t.Errorf("ShallowFile(%s) = %q, want %q", dir, ShallowFile(dir), want)
		}
	}
	linked := filepath.Join(t.TempDir(), "linked")
	mustGit(t, repo, "worktree", "add", "-q", linked)
	if got, _ := filepath.EvalSymlinks(filepath.Dir(ShallowFile(linked))); filepath.Join(got, "shallow") != want {
		t.Errorf("a linked worktree: %q, want %q", ShallowFile(linked), want)
	}
	if got := ShallowFile(t.TempDir()); got != "" {
		t.Errorf("outside a repository: %q", got)
	}
}
