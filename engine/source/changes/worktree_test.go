package changes_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/index"
)

// walkedSource is source(dir) with the work tree read from the walk of an
// index opened for an update, as a one-shot pack opens it.
func walkedSource(t *testing.T, dir string) *changes.Source {
	t.Helper()
	tree := changes.WalkOf(t, dir)
	if !changes.WalkStandsForGit(dir, tree) {
		t.Fatal("the walk cannot stand for git's view here: the comparison would be git against itself")
	}
	return changes.New(changes.Options{Root: dir, Now: func() time.Time { return now },
		Tree: func(context.Context) (index.WorkTree, bool) { return tree, true }})
}

// sameAsGit checks that the source answers q alike from a walk of the
// tree and from git's own walks, every field of every candidate.
func sameAsGit(t *testing.T, dir string, q engine.Query) []engine.Candidate {
	t.Helper()
	want := retrieve(t, dir, q)
	got, err := walkedSource(t, dir).Candidates(context.Background(), q)
	if err != nil {
		t.Fatalf("Candidates from a walk: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("from a walk:\n%+v\nfrom git:\n%+v", summarize(got), summarize(want))
		for i := range min(len(got), len(want)) {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("first difference, candidate %d:\n%+v\n%+v", i, got[i], want[i])
				break
			}
		}
	}
	return got
}

// TestWalkedWorkTreeAnswersAsGit: the unstaged hunks and the untracked
// files found from the walk and git's index are the ones git diff and
// git ls-files --others find, in a tree with every kind of change.
func TestWalkedWorkTreeAnswersAsGit(t *testing.T) {
	r := workRepo(t)
	r.Write("odd/-dash [1]*.go", "package odd\n", time.Time{})
	r.Write("odd/same.go", "package odd\n\nvar x = 1\n", time.Time{})
	r.Write(":!magic.go", "package odd\n", time.Time{}) // pathspec magic, were it not a literal name
	r.Write("gone.txt", "to be deleted\n", time.Time{})
	r.Write("run.sh", "echo hi\n", time.Time{})
	for _, l := range []string{"same.link", "moved.link"} {
		if err := os.Symlink("run.sh", filepath.Join(r.Dir, l)); err != nil {
			t.Fatal(err)
		}
	}
	r.Git("add", "--", "odd", "gone.txt", "run.sh", ":(literal):!magic.go", "same.link", "moved.link")
	r.GitAt(now.Add(-2*time.Hour), "commit", "-q", "-m", "odd names", "--", "odd", "gone.txt", "run.sh", ":(literal):!magic.go", "same.link", "moved.link") // the staged edit stays staged
	if err := os.Remove(filepath.Join(r.Dir, "moved.link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("odd/same.go", filepath.Join(r.Dir, "moved.link")); err != nil {
		t.Fatal(err)
	}
	r.Write(":!magic.go", "package odd\n\nvar z = 3\n", now.Add(-time.Minute))
	r.Write("odd/-dash [1]*.go", "package odd\n\nvar y = 2\n", now.Add(-time.Minute))
	r.Touch("odd/same.go", now.Add(-time.Minute)) // new stat data, same content: no change
	if err := os.Remove(filepath.Join(r.Dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(r.Dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	r.Write("added.go", "package main\n", now.Add(-3*time.Minute))
	r.Git("add", "-N", "added.go") // intent to add: git diff shows it whole
	r.Git("init", "-q", "nested")
	r.Write("nested/inner.go", "package inner\n", now) // another repository's file
	q := engine.Query{Keywords: []string{"retry", "odd"}}
	got := sameAsGit(t, r.Dir, q)
	var statuses []string
	for _, c := range got {
		statuses = append(statuses, c.ID)
	}
	for _, id := range []string{"changes:unstaged:pay/pay.go:10", "changes:untracked:notes/todo.txt:1", "changes:unstaged:odd/-dash [1]*.go:1", "changes:unstaged::!magic.go:1", "changes:unstaged:moved.link:1"} {
		if !contains(statuses, id) {
			t.Errorf("no %s in %v", id, statuses)
		}
	}
	sameAsGit(t, filepath.Join(r.Dir, "pay"), q) // a root below the top
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
