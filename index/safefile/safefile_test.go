package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteCreatesReadableFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "context.md")
	if err := Write(p, []byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != "hello\n" {
		t.Fatalf("read back %q, %v", got, err)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != DefaultPerm {
		t.Fatalf("mode %v, want %v", st.Mode().Perm(), DefaultPerm)
	}
}

func TestWriteKeepsTheModeOfAnExistingFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600 kept", st.Mode().Perm())
	}
}

// TestWriteFailureLeavesTheOldFile: a rename onto a directory fails; the
// directory and its content stay, and no temporary file is left.
func TestWriteFailureLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out")
	if err := os.MkdirAll(filepath.Join(target, "inner"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := Write(target, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "write "+target) {
		t.Fatalf("error %v, want one naming %s", err, target)
	}
	es, _ := os.ReadDir(dir)
	if len(es) != 1 || es[0].Name() != "out" {
		t.Fatalf("left behind: %v", es)
	}
}

func TestWriteIntoMissingDirectorySaysWhere(t *testing.T) {
	p := filepath.Join(t.TempDir(), "no", "such", "dir", "f.md")
	if err := Write(p, []byte("x")); err == nil || !strings.Contains(err.Error(), p) {
		t.Fatalf("error %v, want one naming %s", err, p)
	}
}
