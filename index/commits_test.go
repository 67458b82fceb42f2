package index

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func gitRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// gitRepo is a new repository in a temporary directory; the test is
// skipped without git.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	gitRun(t, dir, "init", "-q")
	return dir
}

// commitFiles writes files into dir and commits everything with msg.
func commitFiles(t *testing.T, dir, msg string, files map[string]string) {
	t.Helper()
	writeTree(t, dir, files)
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "commit", "-q", "-m", msg)
}

func TestCommits(t *testing.T) {
	root := gitRepo(t)
	ix, err := Open(root, testOptions(t))
	must(t, err)
	defer ix.Close()
	ctx := context.Background()
	st, err := ix.Update(ctx, nil)
	if err != nil || st.Commits != 0 {
		t.Fatalf("empty repository: %+v, %v", st, err)
	}
	writeTree(t, root, map[string]string{"pay.go": "package pay\n"})
	gitRun(t, root, "add", ".")
	gitRun(t, root, "commit", "-q", "-m", "Add payment retries", "-m", "Retries use exponential backoff.", "--date=2024-01-01T00:00:00")
	writeTree(t, root, map[string]string{"pay.go": "package pay\n\nfunc Retry() {}\n", "docs.md": "# Docs\n"})
	gitRun(t, root, "add", ".")
	gitRun(t, root, "commit", "-q", "-m", "Fix retry loop in payment", "--date=2024-06-01T00:00:00")
	st, err = ix.Update(ctx, nil)
	if err != nil || st.Commits != 2 {
		t.Fatalf("first update: %+v, %v", st, err)
	}
	tests := []struct {
		text string
		want []string // subjects, best first
	}{
		{"payment", []string{"Fix retry loop in payment", "Add payment retries"}},
		{"backoff", []string{"Add payment retries"}},
		{"docs.md", []string{"Fix retry loop in payment"}},
		{"ada", []string{"Fix retry loop in payment", "Add payment retries"}},
		{"zebra", nil},
	}
	for _, tc := range tests {
		hits, err := ix.SearchCommits(ctx, tc.text, 10)
		must(t, err)
		var got []string
		for _, h := range hits {
			got = append(got, h.Commit.Subject)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("SearchCommits(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	for range 2 { // the second time from the decoded commits
		hits, _ := ix.SearchCommits(ctx, "loop", 1)
		if len(hits) != 1 || hits[0].Commit.Added != 3 || len(hits[0].Commit.Files) != 2 || hits[0].Commit.Author != "Ada" {
			t.Fatalf("commit stats = %+v", hits)
		}
		hits, _ = ix.SearchCommits(ctx, "backoff", 1)
		if len(hits) != 1 || hits[0].Commit.Subject != "Add payment retries" || len(hits[0].Commit.Files) != 1 {
			t.Fatalf("the other commit = %+v", hits)
		}
	}
	writeTree(t, root, map[string]string{"third.txt": "3\n"})
	gitRun(t, root, "add", ".")
	gitRun(t, root, "commit", "-q", "-m", "Third")
	st, err = ix.Update(ctx, nil)
	if err != nil || st.Commits != 1 {
		t.Fatalf("incremental commits: %+v, %v", st, err)
	}
	st, _ = ix.Update(ctx, nil)
	if st.Commits != 0 {
		t.Fatalf("no new commits: %+v", st)
	}
}

func TestParseGitLog(t *testing.T) {
	out := "\x1eabc\x00t1\x00p1\x00Ann\x00a@x\x0010\x00subj\x00body line\n\x00\x00\n3\t1\ta.go\x00-\t-\tbin.png\x00" +
		"\x1edef\x00t2\x00p1 p2\x00Bob\x00b@x\x0020\x00merge\x00\x00\x00" +
		"\x1e123\x00t3\x00\x00Cy\x00c@x\x005\x00first\x00\x00\x00\n1\t0\ta.go\x00"
	got, trees := parseGitLog([]byte(out))
	if len(got) != 3 || got[0].SHA != "abc" || got[0].Author != "Ann" || got[0].Email != "a@x" ||
		got[0].Body != "body line" || got[0].Added != 3 || got[0].Deleted != 1 || len(got[0].Files) != 2 ||
		got[1].Subject != "merge" || got[1].Time != 20 || got[0].First || got[1].First ||
		!got[2].First || got[2].Subject != "first" || len(got[2].Files) != 1 {
		t.Fatalf("parseGitLog = %+v", got)
	}
	if !slices.Equal(trees, []string{"t1", "t2", "t3"}) {
		t.Fatalf("trees = %q", trees)
	}
}

func TestCommitsCorruptRebuilt(t *testing.T) {
	root := gitRepo(t)
	commitFiles(t, root, "Initial payment module", map[string]string{"a.go": "package a\n"})
	opts := testOptions(t)
	ix, err := Open(root, opts)
	must(t, err)
	_, err = ix.Update(context.Background(), nil)
	must(t, err)
	must(t, ix.Close())
	segs, _ := filepath.Glob(filepath.Join(opts.IndexDir, commitsDir, "*", "*", "store", "*.zap"))
	segs2, _ := filepath.Glob(filepath.Join(opts.IndexDir, commitsDir, "*", "store", "*.zap"))
	if len(segs)+len(segs2) == 0 {
		t.Fatal("no commit segments to truncate")
	}
	for _, s := range append(segs, segs2...) {
		must(t, os.Truncate(s, 10))
	}
	ix, err = Open(root, opts)
	must(t, err)
	defer ix.Close()
	st, err := ix.Update(context.Background(), nil)
	if err != nil || st.Commits != 1 {
		t.Fatalf("update after corrupt commits: %+v, %v", st, err)
	}
	if hits, err := ix.SearchCommits(context.Background(), "payment", 5); err != nil || len(hits) != 1 {
		t.Fatalf("search after rebuild: %v, %v", hits, err)
	}
}

// TestHeadTree: an update records HEAD and HEAD's tree (the whole
// repository's), which a reopened index reads back, also for a commit
// that changes nothing below the root (git log -- . does not list it);
// an index written by a loupe that kept no trees (no head-tree file) still
// opens, and the next update adds the tree; a head-tree file naming
// another commit than the head record is not believed.
func TestHeadTree(t *testing.T) {
	top := gitRepo(t)
	commitFiles(t, top, "one", map[string]string{"pay/pay.go": "package pay\n", "other/o.go": "package other\n"})
	root := filepath.Join(top, "pay")
	opts := testOptions(t)
	ix, err := Open(root, opts)
	must(t, err)
	ctx := context.Background()
	if c, tr := ix.HeadTree(); c != "" || tr != "" {
		t.Errorf("before any update: %q %q", c, tr)
	}
	_, err = ix.Update(ctx, nil)
	must(t, err)
	head, tree := gitOut(t, top, "rev-parse", "HEAD"), gitOut(t, top, "rev-parse", "HEAD^{tree}")
	if c, tr := ix.HeadTree(); c != head || tr != tree {
		t.Errorf("after an update: %q %q, want %q %q", c, tr, head, tree)
	}
	must(t, ix.Close())
	ix, err = Open(root, opts)
	must(t, err)
	if c, tr := ix.HeadTree(); c != head || tr != tree {
		t.Errorf("reopened: %q %q, want %q %q", c, tr, head, tree)
	}

	// A commit outside the root: git log -- . does not list it.
	writeTree(t, top, map[string]string{"other/o.go": "package other // two\n"})
	gitRun(t, top, "commit", "-q", "-am", "two")
	_, err = ix.Update(ctx, nil)
	must(t, err)
	head, tree = gitOut(t, top, "rev-parse", "HEAD"), gitOut(t, top, "rev-parse", "HEAD^{tree}")
	if c, tr := ix.HeadTree(); c != head || tr != tree {
		t.Errorf("HEAD changed nothing below the root: %q %q, want %q %q", c, tr, head, tree)
	}
	must(t, ix.Close())

	// A head-tree file for another commit (an older loupe moved the head
	// record on without it), then none at all (an older loupe's index).
	rec := filepath.Join(opts.IndexDir, commitsDir, headTree)
	must(t, os.WriteFile(rec, []byte(strings.Repeat("1", len(head))+" "+tree+"\n"), 0o644))
	ix, err = Open(root, opts)
	must(t, err)
	if c, tr := ix.HeadTree(); c != head || tr != "" {
		t.Errorf("a head-tree file for another commit: %q %q, want %q and no tree", c, tr, head)
	}
	must(t, ix.Close())
	must(t, os.Remove(rec))
	ix, err = Open(root, opts)
	must(t, err)
	defer ix.Close()
	if c, tr := ix.HeadTree(); c != head || tr != "" {
		t.Errorf("no head-tree file: %q %q, want %q and no tree", c, tr, head)
	}
	_, err = ix.Update(ctx, nil)
	must(t, err)
	if c, tr := ix.HeadTree(); c != head || tr != tree {
		t.Errorf("no head-tree file, updated: %q %q, want %q %q", c, tr, head, tree)
	}
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

// TestCommitsFirstAndCut: a history's first commit is First and keeps
// its files; where a shallow clone's history stops the commit is Cut,
// with no files or counts (git lists it as adding the whole tree), and
// its path terms find nothing. An index from before the format (no
// format file) is rebuilt at the next update, flags and all, and so is a
// shallow clone's history once the clone is deepened.
func TestCommitsFirstAndCut(t *testing.T) {
	src := gitRepo(t)
	commitFiles(t, src, "Start the ledger", map[string]string{"a.go": "package a\n", "b.go": "package b\n"})
	commitFiles(t, src, "Tune the ledger", map[string]string{"a.go": "package a // two\n"})
	commitFiles(t, src, "Add the ledger summary", map[string]string{"c.go": "package c\n"})

	ctx := context.Background()
	bySubject := func(ix *Index) map[string]Commit {
		t.Helper()
		hits, err := ix.SearchCommits(ctx, "ledger", 10)
		must(t, err)
		m := map[string]Commit{}
		for _, h := range hits {
			m[h.Commit.Subject] = h.Commit
		}
		return m
	}

	opts := testOptions(t)
	ix, err := Open(src, opts)
	must(t, err)
	_, err = ix.Update(ctx, nil)
	must(t, err)
	got := bySubject(ix)
	first, tune, last := got["Start the ledger"], got["Tune the ledger"], got["Add the ledger summary"]
	if !first.First || first.Cut || len(first.Files) != 2 || tune.First || tune.Cut || last.First || last.Cut || len(last.Files) != 1 {
		t.Fatalf("full history: %+v", got)
	}
	must(t, ix.Close())

	// An index written before the format: rebuilt, and First again.
	must(t, os.Remove(filepath.Join(opts.IndexDir, commitsDir, commitsFormatFile)))
	ix, err = Open(src, opts)
	must(t, err)
	st, err := ix.Update(ctx, nil)
	must(t, err)
	if st.Commits != 3 || !bySubject(ix)["Start the ledger"].First {
		t.Fatalf("an index without the format file: %+v, %+v", st, bySubject(ix))
	}
	must(t, ix.Close())

	clone := filepath.Join(t.TempDir(), "clone")
	gitRun(t, src, "clone", "-q", "--depth", "1", "file://"+src, clone)
	ix, err = Open(clone, testOptions(t))
	must(t, err)
	defer ix.Close()
	_, err = ix.Update(ctx, nil)
	must(t, err)
	got = bySubject(ix)
	cut := got["Add the ledger summary"]
	if len(got) != 1 || !cut.Cut || cut.First || len(cut.Files) != 0 || cut.Added != 0 {
		t.Fatalf("shallow clone: %+v", got)
	}
	if hits, err := ix.SearchCommits(ctx, "b.go", 10); err != nil || len(hits) != 0 {
		t.Fatalf("a cut's path terms: %+v, %v", hits, err)
	}

	// Deepened by one commit, then whole, HEAD unchanged: the history is
	// read again each time.
	gitRun(t, clone, "fetch", "-q", "--deepen", "1")
	_, err = ix.Update(ctx, nil)
	must(t, err)
	got = bySubject(ix)
	tune, last = got["Tune the ledger"], got["Add the ledger summary"]
	if len(got) != 2 || !tune.Cut || last.Cut || last.First || len(last.Files) != 1 {
		t.Fatalf("deepened: %+v", got)
	}
	gitRun(t, clone, "fetch", "-q", "--unshallow")
	_, err = ix.Update(ctx, nil)
	must(t, err)
	got = bySubject(ix)
	if first := got["Start the ledger"]; len(got) != 3 || !first.First || got["Tune the ledger"].Cut || len(first.Files) != 2 {
		t.Fatalf("unshallowed: %+v", got)
	}
}
