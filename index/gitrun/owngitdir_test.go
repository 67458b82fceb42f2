package gitrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A .git that names another repository's git directory is refused; the
// layouts git makes itself (a linked worktree, a submodule, a git
// directory moved inside the work tree) still run git.
func TestGitOnlyInTheRepositoryTheWorkTreeBelongsTo(t *testing.T) {
	emptyUserConfig(t)
	base := t.TempDir()
	mkdir := func(dir string) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	newRepo := func(name string) string { return committedRepo(t, filepath.Join(base, name), "f.txt", name) }
	victim := newRepo("victim")
	super := newRepo("super")
	mustGit(t, super, "-c", "protocol.file.allow=always", "submodule", "add", "-q", victim, "sub")
	mustGit(t, super, "worktree", "add", "-q", filepath.Join(base, "linked"))
	moved := newRepo("moved")
	if err := os.Rename(filepath.Join(moved, ".git"), filepath.Join(moved, ".realgit")); err != nil {
		t.Fatal(err)
	}
	write(t, moved, ".git", "gitdir: .realgit\n")
	pointer := filepath.Join(base, "pointer")
	mkdir(pointer)
	write(t, pointer, ".git", "gitdir: ../victim/.git\n")
	linked := filepath.Join(base, "symlinked")
	mkdir(linked)
	if err := os.Symlink(filepath.Join(victim, ".git"), filepath.Join(linked, ".git")); err != nil {
		t.Fatal(err)
	}
	borrower := filepath.Join(base, "borrower") // a .git directory borrowing victim's refs
	mkdir(filepath.Join(borrower, ".git"))
	write(t, borrower, ".git/HEAD", "ref: refs/heads/main\n")
	write(t, borrower, ".git/commondir", "../../victim/.git\n")
	write(t, borrower, ".git/gitdir", "../.git\n")
	fileLink := filepath.Join(base, "filelink") // .git a link to a gitdir file inside the work tree
	mkdir(fileLink)
	write(t, fileLink, ".gitfile", "gitdir: ../victim/.git\n")
	if err := os.Symlink(".gitfile", filepath.Join(fileLink, ".git")); err != nil {
		t.Fatal(err)
	}
	for dir, refused := range map[string]bool{
		victim: false, filepath.Join(super, "sub"): false, filepath.Join(base, "linked"): false,
		moved: false, pointer: true, linked: true, borrower: true, fileLink: true,
	} {
		_, err := Run(context.Background(), dir, "status", "--porcelain")
		if got := errors.Is(err, ErrForeignGitDir); got != refused {
			t.Errorf("%s: Run = %v; refused %v, want %v", filepath.Base(dir), err, got, refused)
		}
	}
}
