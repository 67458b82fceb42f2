package changes

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine/source/changes/gittest"
	"github.com/loupe-dev/loupe/index/gitindex"
)

// TestStagedDiffWithoutGit: with HEAD the commit HeadTree names and git's
// index holding that commit's tree, the staged side is empty without a
// process (there is no git on PATH: a process would fail). Without a tree,
// with HEAD another commit, without HeadTree, or once a change is staged,
// git is asked, and finds the staged change.
func TestStagedDiffWithoutGit(t *testing.T) {
	ctx := context.Background()
	r, head, tree := committed1(t)
	gix := func() func() (gitIndex, error) {
		return sync.OnceValues(func() (gitIndex, error) { return readGitIndex(r.Dir) })
	}
	known := func() (string, string) { return head, tree }
	orig, empty := os.Getenv("PATH"), t.TempDir() // no git in empty
	t.Setenv("PATH", orig)                        // restored after the test, whatever happens
	withoutGit := func(headTree func() (string, string)) ([]change, error) {
		os.Setenv("PATH", empty)
		defer os.Setenv("PATH", orig)
		return stagedChanges(ctx, r.Dir, headTree, gix())
	}
	if got, err := withoutGit(known); err != nil || len(got) != 0 {
		t.Fatalf("nothing staged, HEAD's tree known: %v, %v; want none and no git", got, err)
	}
	asks := map[string]func() (string, string){
		"no tree":        func() (string, string) { return head, "" },
		"another commit": func() (string, string) { return strings.Repeat("0", len(head)), tree },
		"no HeadTree":    nil,
	}
	for name, headTree := range asks {
		if _, err := withoutGit(headTree); err == nil {
			t.Errorf("%s: the staged side was settled without git", name)
		}
	}

	r.Write("a.go", "package a // staged\n", time.Time{})
	r.Git("add", "a.go")
	if _, err := withoutGit(known); err == nil {
		t.Error("a staged change: the staged side was settled without git")
	}
	got, err := stagedChanges(ctx, r.Dir, known, gix())
	if err != nil || len(got) != 1 || got[0].status != StatusStaged || got[0].path != "a.go" {
		t.Fatalf("a staged change: %+v, %v; want a.go's staged hunk", got, err)
	}
}

// TestNothingStagedRefusesIntentToAdd: an entry added with --intent-to-add
// is left out of the trees git writes, so a cache-tree root equal to
// HEAD's would not say the index matches HEAD (git 2.39 forgets the root
// then anyway; this does not rely on it).
func TestNothingStagedRefusesIntentToAdd(t *testing.T) {
	r, head, tree := committed1(t)
	known := func() (string, string) { return head, tree }
	for name, ix := range map[string]*gitindex.Index{
		"clean":         {Tree: tree, Entries: []gitindex.Entry{{Path: "a.go"}}},
		"intent to add": {Tree: tree, Entries: []gitindex.Entry{{Path: "a.go"}, {Path: "n.go", IntentToAdd: true}}},
		"conflict":      {Tree: tree, Entries: []gitindex.Entry{{Path: "a.go"}}, Unmerged: []string{"c.go"}},
	} {
		gix := func() (gitIndex, error) { return gitIndex{ix: ix}, nil }
		if got, want := nothingStaged(r.Dir, known, gix), name == "clean"; got != want {
			t.Errorf("%s: nothingStaged = %v, want %v", name, got, want)
		}
	}
}

// committed1 is a repository with one commit of a.go, that commit and its
// tree.
func committed1(t *testing.T) (r *gittest.Repo, head, tree string) {
	t.Helper()
	r = gittest.New(t)
	old := time.Now().Add(-time.Hour)
	r.Write("a.go", "package a\n", old)
	r.Commit(old, "one")
	return r, strings.TrimSpace(r.Git("rev-parse", "HEAD")), strings.TrimSpace(r.Git("rev-parse", "HEAD^{tree}"))
}
