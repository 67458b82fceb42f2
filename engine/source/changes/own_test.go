package changes_test

import (
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
