package changes_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
)

// TestOwnOutputsAreNotChanges: the context loupe wrote into the repository
// (explorer w, pack --out) and its notes file are not work in progress; a
// person's own new file next to them still is.
func TestOwnOutputsAreNotChanges(t *testing.T) {
	r := workRepo(t)
	r.Write("loupe-context.md", "## code\nretry retryWithBackoff\n", now.Add(-time.Minute))
	r.Write("out/ctx.xml", "<context>retry</context>\n", now.Add(-time.Minute))
	r.Write(".loupe/notes.toml", "[[fact]]\ntext = \"retry\"\n", now.Add(-time.Minute))
	for _, p := range []string{"loupe-context.md", filepath.Join(r.Dir, "out", "ctx.xml"), "/elsewhere/ctx.md"} {
		full := p
		if !filepath.IsAbs(p) {
			full = filepath.Join(r.Dir, p)
		}
		if err := changes.RecordOutput(r.Dir, full); err != nil {
			t.Fatal(err)
		}
	}
	got := retrieve(t, r.Dir, engine.Query{Keywords: []string{"retry"}})
	var paths []string
	for _, c := range got {
		paths = append(paths, c.Block.Path)
		if c.Block.Path == "loupe-context.md" || c.Block.Path == "out/ctx.xml" || strings.HasPrefix(c.Block.Path, ".loupe/") {
			t.Errorf("loupe's own file offered as a change: %s", c.ID)
		}
	}
	if !slices.Contains(paths, "notes/todo.txt") {
		t.Errorf("a person's new file is gone too: %v", paths)
	}
	ign := changes.OwnIgnores(r.Dir)
	want := []string{"/.loupe/", "/loupe-context.md", "/out/ctx.xml"}
	if !slices.Equal(ign, want) {
		t.Errorf("OwnIgnores = %q, want %q", ign, want)
	}
}

// TestRecordOutputStaysInsideTheRoot: a cloned repository whose .loupe is
// a link to a directory outside it gets no ledger written there, and its
// outside ledger is never read.
func TestRecordOutputStaysInsideTheRoot(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, changes.OwnDir)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "outputs"), []byte("secret.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := changes.RecordOutput(root, filepath.Join(root, "ctx.md")); err == nil {
		t.Fatal("a ledger was written through a link out of the root")
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "outputs")); string(b) != "secret.txt\n" {
		t.Fatalf("the outside file changed: %q", b)
	}
	for _, p := range changes.OwnIgnores(root) {
		if strings.Contains(p, "secret.txt") {
			t.Fatalf("a ledger outside the root was read: %v", changes.OwnIgnores(root))
		}
	}
}
