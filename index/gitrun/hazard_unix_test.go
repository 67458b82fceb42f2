//go:build unix

package gitrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO where git reads a file would hang git, and loupe with it: Run
// starts no git and says which file, Head answers without waiting, and the
// config scan does not wait either. Each case would hang the test before.
func TestNoGitOnAFIFOWhereGitReadsAFile(t *testing.T) {
	emptyUserConfig(t)
	for _, name := range []string{".git/HEAD", ".git/config", ".git/index", ".git/packed-refs",
		".git/refs/heads/main", ".git/info/exclude", ".gitignore", ".git"} {
		t.Run(name, func(t *testing.T) {
			repo := committedRepo(t, t.TempDir(), "f.txt", "x")
			p := filepath.Join(repo, filepath.FromSlash(name))
			if err := os.RemoveAll(p); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Run(context.Background(), repo, "status", "--porcelain")
			if !errors.Is(err, ErrNotAFile) || !strings.Contains(err.Error(), p+" is a FIFO") {
				t.Errorf("Run = %v; want ErrNotAFile naming %s", err, p)
			}
			id, err := Head(context.Background(), repo) // from the files when they are plain, else git's to answer
			if headFile := name == ".git/HEAD" || name == ".git/refs/heads/main" || name == ".git"; headFile == (err == nil) {
				t.Errorf("Head = %q, %v with %s a FIFO", id, err, name)
			}
			mayConfigureFilters(mustLocate(t, repo))
			if got := ExcludesFile(context.Background(), repo); got == "" {
				t.Error("ExcludesFile found no file at all")
			}
		})
	}
}
