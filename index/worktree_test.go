package index

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWorkTreeOnlyWhenAsked: OpenForUpdate's walk keeps every regular
// file's stat data (skipped ones too: a lock file, one too large; not
// ignored ones) and every link's own, marked Link, and the directories
// holding a repository of their own, and only with Options.WorkTree; Open
// has no walk to give.
func TestWorkTreeOnlyWhenAsked(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"main.go":       "package main\n",
		"go.sum":        "lock\n",
		"big.txt":       string(make([]byte, 64)),
		".gitignore":    "*.log\n",
		"debug.log":     "ignored\n",
		"sub/.git/HEAD": "ref: refs/heads/main\n",
		"sub/inner.go":  "package sub\n",
		"a/b/deep.go":   "package b\n",
	})
	if err := os.Symlink("main.go", filepath.Join(root, "link.go")); err != nil {
		t.Fatal(err)
	}
	open := func(keep bool, fn func(string, Options) (*Index, error)) (WorkTree, bool) {
		opts := DefaultOptions()
		opts.IndexDir, opts.WorkTree, opts.MaxFileSize = t.TempDir(), keep, 32
		ix, err := fn(root, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		return ix.WorkTree(context.Background())
	}
	if _, ok := open(false, OpenForUpdate); ok {
		t.Error("a work tree without Options.WorkTree")
	}
	if _, ok := open(true, Open); ok {
		t.Error("a work tree from Open, which does not walk")
	}
	tree, ok := open(true, OpenForUpdate)
	if !ok {
		if !treeStats {
			t.Skip("the portable walk reads no ctime or inode")
		}
		t.Fatal("no work tree from OpenForUpdate with Options.WorkTree")
	}
	var rels []string
	for _, f := range tree.Files {
		rels = append(rels, f.Rel)
		st, err := os.Lstat(filepath.Join(root, filepath.FromSlash(f.Rel)))
		if err != nil || st.Size() != f.Size || st.ModTime().UnixNano() != f.Mtime || f.Ctime == 0 || f.Ino == 0 ||
			f.Link != (st.Mode()&os.ModeSymlink != 0) {
			t.Errorf("%s: stat data %+v, lstat %v %v", f.Rel, f, st, err)
		}
	}
	slices.Sort(rels)
	want := []string{".gitignore", "a/b/deep.go", "big.txt", "go.sum", "link.go", "main.go", "sub/inner.go"}
	if !slices.Equal(rels, want) {
		t.Errorf("files %v, want %v", rels, want)
	}
	if !slices.Equal(tree.Nested, []string{"sub"}) {
		t.Errorf("nested repositories %v, want [sub]", tree.Nested)
	}
}

// TestWorkTreeOfAResidentProcess: after Open, an Update's walk gives the
// work tree while the file notifications say nothing changed since it
// began; a change withdraws it until the next Update; without
// notifications there is none (nothing vouches for it).
func TestWorkTreeOfAResidentProcess(t *testing.T) {
	if !treeStats {
		t.Skip("the portable walk reads no ctime or inode")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{"main.go": "package main\n"})
	opts := DefaultOptions()
	opts.IndexDir, opts.WorkTree = t.TempDir(), true
	ix, err := Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	ctx := context.Background()
	update := func() {
		t.Helper()
		if _, err := ix.Update(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	update()
	if _, ok := ix.WorkTree(ctx); ok {
		t.Error("a work tree no notifications vouch for")
	}
	m := &fakeMarker{gen: 1}
	ix.TrustNotifications(m)
	if _, ok := ix.WorkTree(ctx); ok {
		t.Error("a work tree from a walk made before the notifications were trusted")
	}
	update()
	if tree, ok := ix.WorkTree(ctx); !ok || len(tree.Files) != 1 || tree.Files[0].Rel != "main.go" {
		t.Fatalf("after an update: %+v, %v", tree, ok)
	}
	m.gen++ // a file changed
	if _, ok := ix.WorkTree(ctx); ok {
		t.Error("a work tree from before a change")
	}
	writeTree(t, root, map[string]string{"new.go": "package main\n"})
	update()
	if tree, ok := ix.WorkTree(ctx); !ok || len(tree.Files) != 2 {
		t.Errorf("after the next update: %+v, %v", tree, ok)
	}
}
