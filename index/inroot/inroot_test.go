package inroot

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// tree makes root/in.go, root/sub/x.go and outside/secret.go; links are
// added by each test.
func tree(t *testing.T) (root, outside string) {
	t.Helper()
	root, outside = t.TempDir(), t.TempDir()
	for p, s := range map[string]string{
		filepath.Join(root, "in.go"): "in\n", filepath.Join(root, "sub", "x.go"): "x\n",
		filepath.Join(outside, "secret.go"): "secret\n",
	} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, outside
}

func TestReadRefusesLinksOut(t *testing.T) {
	root, outside := tree(t)
	must(t, os.Symlink(filepath.Join(outside, "secret.go"), filepath.Join(root, "linked.go")))
	must(t, os.Symlink(outside, filepath.Join(root, "dirlink")))
	must(t, os.Symlink("in.go", filepath.Join(root, "inside.go")))
	for _, p := range []string{"linked.go", "dirlink/secret.go", "../" + filepath.Base(outside) + "/secret.go", filepath.Join(outside, "secret.go")} {
		if b, err := ReadFile(root, p); err == nil {
			t.Errorf("read %s outside the root: %q", p, b)
		}
		if _, err := Stat(root, p); err == nil {
			t.Errorf("stat %s outside the root", p)
		}
	}
	if b, err := ReadFile(root, "inside.go"); err != nil || string(b) != "in\n" {
		t.Errorf("a link inside the root: %q, %v", b, err)
	}
	if b, err := ReadFile(root, filepath.Join(root, "sub", "x.go")); err != nil || string(b) != "x\n" {
		t.Errorf("an absolute path inside: %q, %v", b, err)
	}
}

func TestWriteRefusesLinksOut(t *testing.T) {
	root, outside := tree(t)
	must(t, os.Symlink(outside, filepath.Join(root, ".loupe")))
	err := WriteFile(root, filepath.Join(".loupe", "notes.toml"), 0o644, func(w io.Writer) error {
		_, err := w.Write([]byte("x"))
		return err
	})
	if err == nil {
		t.Fatal("wrote through a link out of the root")
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 1 {
		t.Fatalf("outside now holds %d entries", len(ents))
	}
	must(t, WriteFile(root, filepath.Join("notes", "n.toml"), 0o600, func(w io.Writer) error {
		_, err := w.Write([]byte("ok"))
		return err
	}))
	st, err := os.Stat(filepath.Join(root, "notes", "n.toml"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("written file: %v %v", st, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestReadAllReadsEveryByte: files of every size around the buffer's
// edges are read whole, and so is a file longer than the size hint says
// (one that grew between the stat and the read).
func TestReadAllReadsEveryByte(t *testing.T) {
	root := t.TempDir()
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, n := range []int{0, 1, 511, 512, 513, 4096, 1 << 20} {
		want := make([]byte, n)
		for i := range want {
			want[i] = byte('a' + i%26)
		}
		if err := os.WriteFile(filepath.Join(root, "f"), want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadIn(r, "f")
		if err != nil || string(got) != string(want) {
			t.Fatalf("%d bytes: read %d, %v", n, len(got), err)
		}
		f, err := os.Open(filepath.Join(root, "f"))
		if err != nil {
			t.Fatal(err)
		}
		got, err = readAll(f, n/3)
		f.Close()
		if err != nil || string(got) != string(want) {
			t.Fatalf("%d bytes with a hint of %d: read %d, %v", n, n/3, len(got), err)
		}
	}
}
