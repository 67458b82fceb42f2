package gitrun

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A repository's config may set core.worktree to any directory; git would
// then diff that directory's files against the repository's index, and
// the changes source would pack them. Run pins the work tree to the
// repository's own.
func TestRunKeepsGitInTheRepositoryWorkTree(t *testing.T) {
	emptyUserConfig(t)
	repo, elsewhere := committedRepo(t, t.TempDir(), "notes.txt", "nothing\n"), t.TempDir()
	write(t, elsewhere, "notes.txt", "SECRET from elsewhere\n")
	mustGit(t, repo, "config", "core.worktree", elsewhere)
	for _, args := range [][]string{{"diff"}, {"status", "--porcelain"}, {"ls-files", "--others"}} {
		out, err := Run(context.Background(), repo, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if strings.Contains(string(out), "SECRET") || strings.Contains(string(out), "notes.txt") {
			t.Errorf("git %v worked on %s:\n%s", args, elsewhere, out)
		}
	}
	// A change in the repository itself is still seen.
	if err := os.WriteFile(filepath.Join(repo, "notes.txt"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _ := Run(context.Background(), repo, "diff"); !strings.Contains(string(out), "+changed") {
		t.Errorf("the repository's own change is not in the diff:\n%s", out)
	}
}
