//go:build linux

package inroot

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOpenBeneathOpensOnlyInside drives the fast path itself, so that a
// refusal os.Root would also give cannot hide a fast path that opens too
// much: inside the root (through links that stay inside) it opens the
// file; a missing file is "does not exist"; everything that leaves the
// root, by a link relative or absolute (one of them into /proc) or by a
// directory link, gets no file from it, and neither does an absolute link
// that points inside. It also checks that the fast path runs here at all.
// (From an ordinary root a magic link is only reachable through an
// absolute link or a "..", which RESOLVE_BENEATH refuses first:
// RESOLVE_NO_MAGICLINKS is a second wall this test cannot reach alone,
// short of mounting /proc inside the root.)
func TestOpenBeneathOpensOnlyInside(t *testing.T) {
	root, outside := tree(t)
	must(t, os.Symlink("in.go", filepath.Join(root, "inside.go")))
	must(t, os.Symlink("sub", filepath.Join(root, "subl")))
	must(t, os.Symlink(filepath.Join(root, "in.go"), filepath.Join(root, "abs-inside.go")))
	must(t, os.Symlink(filepath.Join(outside, "secret.go"), filepath.Join(root, "linked.go")))
	must(t, os.Symlink(filepath.Join("..", filepath.Base(outside), "secret.go"), filepath.Join(root, "rel-out.go")))
	must(t, os.Symlink(outside, filepath.Join(root, "dirlink")))
	must(t, os.Symlink("/proc/self/root/etc/hostname", filepath.Join(root, "magic.go")))

	for rel, want := range map[string]string{"in.go": "in\n", "inside.go": "in\n", "subl/x.go": "x\n", filepath.Join("sub", "x.go"): "x\n"} {
		f, ok, err := openBeneath(root, rel, openFlags)
		if !ok && noOpenat2.Load() {
			t.Skip("openat2 is refused here; every open goes through os.Root")
		}
		if !ok || err != nil {
			t.Fatalf("openBeneath(%s) = ok %v, %v; want the file", rel, ok, err)
		}
		b, _ := io.ReadAll(f)
		f.Close()
		if string(b) != want {
			t.Errorf("openBeneath(%s) read %q, want %q", rel, b, want)
		}
	}
	if _, ok, err := openBeneath(root, "missing.go", openFlags); !ok || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("openBeneath(missing.go) = ok %v, %v; want does not exist", ok, err)
	}
	for _, rel := range []string{"linked.go", "rel-out.go", "dirlink/secret.go", "magic.go", "abs-inside.go"} {
		if f, ok, err := openBeneath(root, rel, openFlags); f != nil || ok || err != nil {
			if f != nil {
				b, _ := io.ReadAll(f)
				f.Close()
				t.Errorf("openBeneath(%s) opened %q", rel, b)
				continue
			}
			t.Errorf("openBeneath(%s) = ok %v, %v; want os.Root asked instead", rel, ok, err)
		}
	}
	// The fast path's stat describes the file, link followed.
	if st, err := Stat(root, "inside.go"); err != nil || !st.Mode().IsRegular() || st.Size() != 3 {
		t.Errorf("Stat(inside.go) = %v, %v", st, err)
	}
	// A FIFO opens without waiting and is then refused by its kind.
	must(t, syscall.Mkfifo(filepath.Join(root, "pipe.go"), 0o644))
	if _, _, err := OpenFile(root, "pipe.go"); !errors.Is(err, ErrNotRegular) {
		t.Errorf("OpenFile(pipe.go) = %v; want ErrNotRegular", err)
	}
}
