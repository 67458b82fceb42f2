package commits_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes/gittest"
	"github.com/loupe-dev/loupe/engine/source/commits"
	"github.com/loupe-dev/loupe/index"
)

var (
	now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	day = 24 * time.Hour
)

// fakeSearcher answers every search with fixed hits.
type fakeSearcher struct {
	hits []index.CommitHit
	err  error
	text string
}

func (f *fakeSearcher) SearchCommits(ctx context.Context, text string, limit int) ([]index.CommitHit, error) {
	f.text = text
	if len(f.hits) > limit {
		return f.hits[:limit], f.err
	}
	return f.hits, f.err
}

// history makes a repository with three commits and returns them as the
// index would (newest first).
func history(t *testing.T) (*gittest.Repo, []index.Commit) {
	r := gittest.New(t)
	r.Write("pay/pay.go", "package pay\n\nfunc charge() {}\n", time.Time{})
	r.Commit(now.Add(-100*day), "pay: add charge")
	r.Write("pay/retry.go", "package pay\n\nfunc retryWithBackoff() {\n\tcharge()\n}\n", time.Time{})
	r.Write("README.md", "# pay\n", time.Time{})
	r.Commit(now.Add(-30*day), "pay: retry with backoff\n\nBecause the gateway flakes.")
	r.Write("README.md", "# pay\n\nRetries.\n", time.Time{})
	r.Commit(now.Add(-1*day), "docs: mention retries")
	out := r.Git("log", "--format=%x1e%H%x1f%ct%x1f%s%x1f%b%x1f", "--numstat")
	var list []index.Commit
	for _, rec := range strings.Split(out, "\x1e") {
		if rec = strings.TrimSpace(rec); rec == "" {
			continue
		}
		f := strings.Split(rec, "\x1f")
		secs, _ := strconv.ParseInt(f[1], 10, 64)
		c := index.Commit{SHA: f[0], Author: "Ada Lovelace", Email: "ada@example.com", Time: secs,
			Subject: f[2], Body: strings.TrimSpace(f[3])}
		for _, line := range strings.Split(strings.TrimSpace(f[4]), "\n") { // added, deleted, path
			n := strings.Fields(line)
			a, _ := strconv.Atoi(n[0])
			d, _ := strconv.Atoi(n[1])
			c.Files, c.Added, c.Deleted = append(c.Files, n[2]), c.Added+a, c.Deleted+d
		}
		list = append(list, c)
	}
	if len(list) != 3 {
		t.Fatalf("history: %d commits from %q", len(list), out)
	}
	return r, list
}

func follow(t *testing.T, src *commits.Source, top ...engine.Candidate) []engine.Candidate {
	t.Helper()
	got, err := src.Follow(context.Background(), engine.Query{Keywords: []string{"retry"}}, top)
	if err != nil {
		t.Fatalf("Follow: %v", err)
	}
	return got
}

func codeHit(path string) engine.Candidate {
	return engine.Candidate{ID: path + "#f", Source: engine.SourceCode, Block: index.Block{ID: path + "#f", Path: path}, Score: 3}
}

func TestFollow(t *testing.T) {
	r, cs := history(t)
	docs, retry, first := cs[0], cs[1], cs[2]
	s := &fakeSearcher{hits: []index.CommitHit{{Commit: docs, Score: 2}, {Commit: retry, Score: 1.8}, {Commit: first, Score: 0.5}}}
	got := follow(t, commits.New(s, commits.Options{Root: r.Dir, Now: func() time.Time { return now }}), codeHit("pay/retry.go"))
	if s.text != "retry" {
		t.Errorf("searched %q", s.text)
	}
	if len(got) != 3 || got[0].ID != "commits:"+retry.SHA || got[1].ID != "commits:"+docs.SHA {
		t.Fatalf("order %v, want the commit touching the top file first", ids(got))
	}
	c := got[0]
	if c.Source != engine.SourceCommits || c.Block.Kind != index.KindCommit || c.Block.Name != retry.SHA[:7] {
		t.Errorf("block %+v", c.Block)
	}
	if c.Meta["sha"] != retry.SHA || c.Meta["author"] != "Ada Lovelace" || c.Meta["date"] != "2026-02-08" {
		t.Errorf("meta %v", c.Meta)
	}
	wantHead := "commit " + retry.SHA[:7] + " · Ada Lovelace <ada@example.com> · 2026-02-08 12:00 UTC (1 month ago)\n\n" +
		"pay: retry with backoff\n\nBecause the gateway flakes.\n\n" +
		"2 files changed, +6 −0\n  pay/retry.go  +5 −0\n  README.md\n\n" +
		"--- pay/retry.go\n@@ -0,0 +1,5 @@\n+package pay\n"
	if !strings.HasPrefix(c.Text, wantHead) {
		t.Errorf("text:\n%s\nwant prefix:\n%s", c.Text, wantHead)
	}
	if strings.Contains(got[1].Text, "@@") {
		t.Errorf("a commit touching no top file shows hunks:\n%s", got[1].Text)
	}
	if !strings.Contains(c.Reason, "changed pay/retry.go") {
		t.Errorf("reason %q", c.Reason)
	}
}

func TestFollowLimitsAndTrims(t *testing.T) {
	r, cs := history(t)
	s := &fakeSearcher{hits: []index.CommitHit{{Commit: cs[1], Score: 1}, {Commit: cs[0], Score: 1}}}
	src := commits.New(s, commits.Options{Root: r.Dir, Limit: 1, MaxDiffLines: 3, MaxFiles: 1, Now: func() time.Time { return now }})
	got := follow(t, src, codeHit("pay/retry.go"))
	if len(got) != 1 {
		t.Fatalf("got %d commits, want 1", len(got))
	}
	for _, want := range []string{"2 files changed, +6 −0\n  pay/retry.go  +5 −0\n  … 1 more\n", "+package pay\n… 4 more diff lines\n"} {
		if !strings.Contains(got[0].Text, want) {
			t.Errorf("text lacks %q:\n%s", want, got[0].Text)
		}
	}
}

func TestFollowUnknownCommitKeepsIndexedFiles(t *testing.T) {
	r, _ := history(t)
	gone := index.Commit{SHA: strings.Repeat("ab", 20), Author: "X", Time: now.Unix(), Subject: "rebased away", Files: []string{"a.go"}}
	src := commits.New(&fakeSearcher{hits: []index.CommitHit{{Commit: gone, Score: 1}}}, commits.Options{Root: r.Dir, Now: func() time.Time { return now }})
	got := follow(t, src, codeHit("a.go"))
	if len(got) != 1 || !strings.Contains(got[0].Text, "1 file changed, +0 −0\n  a.go\n") || strings.Contains(got[0].Text, "@@") {
		t.Errorf("got %+v", got)
	}
}

func TestFollowErrorsAndEmptyQuery(t *testing.T) {
	boom := errors.New("boom")
	src := commits.New(&fakeSearcher{err: boom}, commits.Options{Root: t.TempDir()})
	if _, err := src.Follow(context.Background(), engine.Query{Keywords: []string{"x"}}, nil); !errors.Is(err, boom) {
		t.Errorf("err = %v, want boom", err)
	}
	if got, err := src.Follow(context.Background(), engine.Query{}, nil); got != nil || err != nil {
		t.Errorf("empty query: %v, %v", got, err)
	}
	if _, err := commits.New(&fakeSearcher{}, commits.Options{}).Follow(context.Background(), engine.Query{Raw: "x"}, nil); err == nil {
		t.Error("no error without a root")
	}
}

func ids(cs []engine.Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func TestFollowCachesWhatGitSaid(t *testing.T) {
	r, cs := history(t)
	s := &fakeSearcher{hits: []index.CommitHit{{Commit: cs[1], Score: 1}}}
	src := commits.New(s, commits.Options{Root: r.Dir, Now: func() time.Time { return now }})
	first := follow(t, src, codeHit("pay/retry.go"))
	if err := os.RemoveAll(filepath.Join(r.Dir, ".git")); err != nil {
		t.Fatal(err)
	}
	second := follow(t, src, codeHit("pay/retry.go"))
	if len(first) != 1 || len(second) != 1 || first[0].Text != second[0].Text {
		t.Errorf("second answer differs without git:\n%s\n---\n%s", first[0].Text, second[0].Text)
	}
	other := follow(t, src, codeHit("README.md"))
	if strings.Contains(other[0].Text, "@@") || !strings.Contains(other[0].Text, "2 files changed, +6 −0\n  README.md\n  pay/retry.go\n") {
		t.Errorf("without git, an uncached diff is left out and the indexed files stay:\n%s", other[0].Text)
	}
}

func TestLongBodyIsBounded(t *testing.T) {
	var body []string
	for i := range 30 {
		body = append(body, "line "+strconv.Itoa(i))
	}
	c := index.Commit{SHA: strings.Repeat("cd", 20), Author: "X", Time: now.Unix(), Subject: "long", Body: strings.Join(body, "\n"), Files: []string{"a.go"}}
	src := commits.New(&fakeSearcher{hits: []index.CommitHit{{Commit: c, Score: 1}}}, commits.Options{Root: t.TempDir(), Now: func() time.Time { return now }})
	got := follow(t, src)
	if len(got) != 1 || !strings.Contains(got[0].Text, "line 19\n… 10 more body lines\n") || strings.Contains(got[0].Text, "line 20") {
		t.Errorf("text:\n%s", got[0].Text)
	}
}

// TestFollowFirstAndCut: the first commit added every file, so touching a
// top file earns it nothing and git is not asked for its hunks (they
// would be the file's first text); a shallow clone's cut claims no
// files. Both keep their message.
func TestFollowFirstAndCut(t *testing.T) {
	r, cs := history(t)
	first := cs[2]
	first.First = true
	cut := cs[0]
	cut.Cut, cut.Files, cut.Added, cut.Deleted = true, nil, 0, 0
	s := &fakeSearcher{hits: []index.CommitHit{{Commit: first, Score: 1}, {Commit: cut, Score: 1}}}
	got := follow(t, commits.New(s, commits.Options{Root: r.Dir, Now: func() time.Time { return now }}), codeHit("pay/pay.go"))
	if len(got) != 2 {
		t.Fatalf("got %v", ids(got))
	}
	byID := map[string]engine.Candidate{got[0].ID: got[0], got[1].ID: got[1]}
	f, c := byID["commits:"+first.SHA], byID["commits:"+cut.SHA]
	for _, sig := range f.Signals {
		if sig.Name == "touches" {
			t.Errorf("the first commit touches: %+v", f.Signals)
		}
	}
	if !strings.Contains(f.Text, "pay: add charge\n\nthe first commit: 1 file added, +3\n  pay/pay.go\n") || strings.Contains(f.Text, "@@") {
		t.Errorf("first commit:\n%s", f.Text)
	}
	if !strings.Contains(c.Text, "docs: mention retries\n\nthe history of this shallow clone stops here") || strings.Contains(c.Text, "README.md") {
		t.Errorf("cut:\n%s", c.Text)
	}
}
