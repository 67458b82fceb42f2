//go:build unix

package inroot

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO in the tree is refused at once, not waited on: before, ReadFile
// blocked until a writer came, which for a repository from an archive is
// never (the test would hang).
func TestReadRefusesFIFOsWithoutWaiting(t *testing.T) {
	root, _ := tree(t)
	must(t, syscall.Mkfifo(filepath.Join(root, "pipe.go"), 0o644))
	must(t, os.Symlink("pipe.go", filepath.Join(root, "link.go")))
	for _, p := range []string{"pipe.go", "link.go"} {
		if b, err := ReadFile(root, p); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadFile(%s) = %q, %v; want ErrNotRegular", p, b, err)
		}
		if f, err := Open(root, p); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Open(%s) = %v; want ErrNotRegular", p, err)
			if f != nil {
				f.Close()
			}
		}
		if b, err := ReadPath(filepath.Join(root, p)); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadPath(%s) = %q, %v; want ErrNotRegular", p, b, err)
		}
	}
	// Files and directories still open.
	if b, err := ReadFile(root, "in.go"); err != nil || string(b) != "in\n" {
		t.Errorf("ReadFile(in.go) = %q, %v", b, err)
	}
	d, err := Open(root, "sub")
	if err != nil {
		t.Fatalf("Open(sub): %v", err)
	}
	d.Close()
	if _, err := ReadFile(root, "sub"); err == nil {
		t.Error("ReadFile read a directory")
	}
}
