package index

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestMaybeInWorkTree(t *testing.T) {
	t.Setenv("GIT_DIR", "") // restored after the test…
	os.Unsetenv("GIT_DIR")  // …and unset during it
	plain := t.TempDir()
	if MaybeInWorkTree(plain) && !hasGitAbove(plain) {
		t.Fatalf("%s has no .git above it, yet it may be a work tree", plain)
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	sub := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{repo, sub} {
		if !MaybeInWorkTree(d) {
			t.Errorf("%s is inside a work tree", d)
		}
	}
	// GIT_DIR is scrubbed by the hardened runner (a hook's environment
	// must not point loupe at another repository), so it decides nothing.
	t.Setenv("GIT_DIR", filepath.Join(repo, ".git"))
	if MaybeInWorkTree(plain) && !hasGitAbove(plain) {
		t.Error("GIT_DIR made a plain directory a work tree")
	}
}

// hasGitAbove: a temp dir inside someone's checkout is a work tree.
func hasGitAbove(dir string) bool {
	for d := filepath.Dir(dir); d != filepath.Dir(d); d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return true
		}
	}
	return false
}
