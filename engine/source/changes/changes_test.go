package changes_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/engine/source/changes/gittest"
	"github.com/loupe-dev/loupe/index"
)

var now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func source(dir string) *changes.Source {
	return changes.New(changes.Options{Root: dir, Now: func() time.Time { return now }})
}

func retrieve(t *testing.T, dir string, q engine.Query) []engine.Candidate {
	t.Helper()
	got, err := source(dir).Candidates(context.Background(), q)
	if err != nil {
		t.Fatalf("Candidates: %v", err)
	}
	return got
}

// summary is what a test compares: id, status, lines, keep.
type summary struct {
	ID     string
	Status string
	Start  int
	End    int
	Keep   bool
}

func summarize(cands []engine.Candidate) []summary {
	var out []summary
	for _, c := range cands {
		if c.Source != engine.SourceChanges || c.Block.Kind != index.KindHunk {
			panic("wrong source or kind")
		}
		out = append(out, summary{c.ID, c.Meta["status"], c.Block.StartLine, c.Block.EndLine, c.Keep})
	}
	slices.SortFunc(out, func(a, b summary) int { return strings.Compare(a.ID, b.ID) })
	return out
}

const payGo = `package pay

func charge(amount int) error {
	return nil
}

func refund(amount int) error {
	return nil
}

func retryWithBackoff(n int) error {
	for i := 0; i < n; i++ {
	}
	return nil
}
`

// workRepo has three commits, then a staged edit, an unstaged edit, an
// untracked file and an ignored one.
func workRepo(t *testing.T) *gittest.Repo {
	r := gittest.New(t)
	r.Write("README.md", "# Work\n", time.Time{})
	r.Commit(now.Add(-96*time.Hour), "initial commit") // never a change
	r.Write(".gitignore", "*.log\n", time.Time{})
	r.Write("pay/pay.go", payGo, time.Time{})
	r.Commit(now.Add(-72*time.Hour), "pay: first version")
	r.Write("docs/guide.md", "# Guide\n", time.Time{})
	r.Commit(now.Add(-48*time.Hour), "docs: add a guide")
	r.Write("auth/login.go", "package auth\n\nfunc login() {}\n", time.Time{})
	r.Commit(now.Add(-3*time.Hour), "auth: login\n\nSessions come later.")

	r.Write("auth/login.go", "package auth\n\nfunc login() { session() }\n", now.Add(-30*time.Minute))
	r.Git("add", "auth/login.go")
	edited := strings.Replace(payGo, "return nil\n\t}", "return nil\n\t}", 1)
	edited = strings.Replace(edited, "for i := 0; i < n; i++ {\n\t}", "for i := 0; i < n; i++ {\n\t\tsleep(i)\n\t}", 1)
	r.Write("pay/pay.go", edited, now.Add(-2*time.Minute))
	r.Write("notes/todo.txt", "retry needs jitter\n", now.Add(-10*time.Minute))
	r.Write("debug.log", "ignored\n", now)
	return r
}

func TestCandidatesWorkTree(t *testing.T) {
	r := workRepo(t)
	got := retrieve(t, r.Dir, engine.Query{Keywords: []string{"retry"}, Identifiers: []string{"retryWithBackoff"}})
	want := []summary{
		{"changes:staged:auth/login.go:1", "staged", 1, 3, true},
		{"changes:unstaged:pay/pay.go:10", "unstaged", 10, 16, true},
		{"changes:untracked:notes/todo.txt:1", "untracked", 1, 1, true},
	}
	sums := summarize(got)
	// The sha of a commit depends on the tree only: check the shape.
	if len(sums) < 4 {
		t.Fatalf("got %d candidates: %+v", len(sums), sums)
	}
	byID := map[string]summary{}
	for _, s := range sums {
		byID[s.ID] = s
	}
	for _, w := range want {
		if byID[w.ID] != w {
			t.Errorf("candidate %s = %+v, want %+v", w.ID, byID[w.ID], w)
		}
	}
	var committed []string
	for _, s := range sums {
		if s.Status == "committed" {
			committed = append(committed, s.ID)
			if s.Keep {
				t.Errorf("committed change %s kept; only uncommitted work is", s.ID)
			}
		}
	}
	// Of the committed files (.gitignore, pay.go, guide.md, login.go), only
	// pay.go says anything about retryWithBackoff.
	if len(committed) != 1 || !strings.HasSuffix(committed[0], ":pay/pay.go") {
		t.Errorf("committed changes %v, want pay/pay.go only", committed)
	}
	if got[0].Block.Path != "pay/pay.go" {
		t.Errorf("best candidate %s, want the hunk that mentions retryWithBackoff", got[0].ID)
	}
	for _, c := range got {
		if strings.Contains(c.Block.Path, "debug.log") {
			t.Errorf("ignored file offered: %s", c.ID)
		}
	}
}

func TestCandidatesMetaAndText(t *testing.T) {
	r := workRepo(t)
	got := retrieve(t, r.Dir, engine.Query{Keywords: []string{"login"}})
	by := map[string]engine.Candidate{}
	for _, c := range got {
		by[c.Meta["status"]+" "+c.Block.Path] = c
	}
	un := by["unstaged pay/pay.go"]
	if un.Meta["age"] != "2 minutes ago" || !strings.Contains(un.Reason, "unstaged edit, 2 minutes ago") {
		t.Errorf("unstaged meta %v reason %q", un.Meta, un.Reason)
	}
	if !strings.HasPrefix(un.Text, "@@ -10,6 +10,7 @@ func refund(amount int) error {\n") || !strings.Contains(un.Text, "+\t\tsleep(i)\n") {
		t.Errorf("unstaged text:\n%s", un.Text)
	}
	co := by["committed auth/login.go"]
	if co.Meta["age"] != "3 hours ago" || len(co.Meta["sha"]) != 40 || !strings.Contains(co.Reason, "auth: login") {
		t.Errorf("committed meta %v reason %q", co.Meta, co.Reason)
	}
	nf := by["untracked notes/todo.txt"]
	if nf.Text != "@@ -0,0 +1 @@\n+retry needs jitter\n" || nf.Block.Lang != "diff" {
		t.Errorf("untracked text %q lang %q", nf.Text, nf.Block.Lang)
	}
}

func TestKeepMostRecentWhateverTheQuery(t *testing.T) {
	r := workRepo(t)
	src := changes.New(changes.Options{Root: r.Dir, MaxChanges: 1, Now: func() time.Time { return now }})
	got, err := src.Candidates(context.Background(), engine.Query{Keywords: []string{"guide"}})
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, c := range got {
		if c.Keep {
			kept = append(kept, c.ID)
		}
	}
	if !slices.Equal(kept, []string{"changes:unstaged:pay/pay.go:10"}) {
		t.Errorf("kept %v, want the edit of 2 minutes ago only", kept)
	}
	if got[0].Block.Path != "docs/guide.md" {
		t.Errorf("best %s, want the change whose path matches the query", got[0].ID)
	}
}

func TestNoCommitsYet(t *testing.T) {
	r := gittest.New(t)
	r.Write("a.go", "package a\n", now.Add(-time.Minute))
	r.Git("add", "a.go")
	r.Write("b.go", "package b\n", now.Add(-2*time.Minute))
	got := summarize(retrieve(t, r.Dir, engine.Query{}))
	want := []summary{
		{"changes:staged:a.go:1", "staged", 1, 1, true},
		{"changes:untracked:b.go:1", "untracked", 1, 1, true},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestNotARepository(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/x.go", []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := source(dir).Candidates(context.Background(), engine.Query{})
	if err != nil || len(got) != 0 {
		t.Errorf("got %v, %v; want nothing and no error", got, err)
	}
}

func TestSubdirectoryRoot(t *testing.T) {
	r := workRepo(t)
	got := summarize(retrieve(t, r.Dir+"/pay", engine.Query{Keywords: []string{"retry"}}))
	for _, s := range got {
		if strings.Contains(s.ID, "/") {
			t.Errorf("%s: paths should be relative to the root pay/", s.ID)
		}
	}
	if len(got) != 2 || got[1].ID != "changes:unstaged:pay.go:10" {
		t.Errorf("got %+v, want the commit and the unstaged hunk of pay.go", got)
	}
}

func TestBigUntrackedFileGivesItsHead(t *testing.T) {
	r := gittest.New(t)
	r.Write("big.txt", strings.Repeat("line\n", 500), now)
	r.Write("bin.dat", "a\x00b", now)
	got := retrieve(t, r.Dir, engine.Query{})
	if len(got) != 1 {
		t.Fatalf("got %d candidates, want the text file only", len(got))
	}
	if got[0].Block.EndLine != 40 || strings.Count(got[0].Text, "\n+") != 40 || !strings.Contains(got[0].Block.Name, "first 40 lines") {
		t.Errorf("head block %+v", got[0].Block)
	}
}

func TestCancelled(t *testing.T) {
	r := workRepo(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := source(r.Dir).Candidates(ctx, engine.Query{}); err == nil {
		t.Error("no error from a cancelled context")
	}
}

// TestOldCommitsAreNotChanges: a commit older than RecentCommitAge is
// history (the commits source offers it), not work in progress, even
// when it mentions the query; a recent one that does is a change.
func TestOldCommitsAreNotChanges(t *testing.T) {
	r := gittest.New(t)
	r.Write("README.md", "# Work\n", time.Time{})
	r.Commit(now.Add(-120*24*time.Hour), "initial commit")
	r.Write("docs/guide.md", "# Guide\nrefund policy\n", time.Time{})
	r.Commit(now.Add(-90*24*time.Hour), "release")
	r.Write("pay/pay.go", payGo, time.Time{})
	r.Commit(now.Add(-2*24*time.Hour), "pay")
	r.Write("notes.txt", "hello\n", time.Time{})
	r.Commit(now.Add(-1*24*time.Hour), "notes")
	src := changes.New(changes.Options{Root: r.Dir, MaxChanges: 1, Now: func() time.Time { return now }})
	got, err := src.Candidates(context.Background(), engine.Query{Keywords: []string{"refund"}})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, c := range got {
		paths = append(paths, c.Block.Path)
	}
	// pay.go mentions refund and is recent; notes.txt, the most recent
	// commit, is unrelated; guide.md mentions refund but is 90 days old.
	if !slices.Equal(paths, []string{"pay/pay.go"}) {
		t.Errorf("paths %v", paths)
	}
}

func TestGitOutsideARepository(t *testing.T) {
	for _, args := range [][]string{{"diff"}, {"ls-files", "--others"}, {"log", "-n", "1"}} {
		if _, err := changes.Git(context.Background(), t.TempDir(), args...); !errors.Is(err, changes.ErrNotRepository) {
			t.Errorf("git %v: err = %v, want ErrNotRepository", args, err)
		}
	}
}

func TestHugeDiffIsCutNotFatal(t *testing.T) {
	r := gittest.New(t)
	r.Write("big.txt", "a\n", time.Time{})
	r.Commit(now.Add(-time.Hour), "small")
	r.Write("big.txt", strings.Repeat("a fairly long line of text to make the diff big\n", 120_000), now)
	got, err := source(r.Dir).Candidates(context.Background(), engine.Query{})
	if err != nil {
		t.Fatalf("Candidates: %v", err)
	}
	i := slices.IndexFunc(got, func(c engine.Candidate) bool { return c.Meta["status"] == "unstaged" && c.Block.Path == "big.txt" })
	if i < 0 {
		t.Fatalf("no unstaged hunk of big.txt in %d candidates", len(got))
	}
	if c := got[i]; strings.Count(c.Text, "\n") != 200 || c.Block.StartLine != 1 || c.Block.EndLine != 197 {
		// header, "-a", 197 added lines, marker
		t.Errorf("hunk of %d lines at %d-%d, want 200 lines at 1-197",
			strings.Count(c.Text, "\n"), c.Block.StartLine, c.Block.EndLine)
	}
}

// TestRecentCommitsNeedRelevance is loupe's own situation: the last
// commits touched many files that mention a query word in passing. Only
// the one whose changed lines are about the query is offered, freshness
// raises a relevant change above an older equally relevant one, and the
// uncommitted edit stays kept whatever the query.
func TestRecentCommitsNeedRelevance(t *testing.T) {
	r := gittest.New(t)
	r.Write("engine/pack.go", "package engine\n\nfunc pack() {}\n", time.Time{})
	r.Write("engine/limit.go", "package engine\n\nfunc limit() {}\n", time.Time{})
	r.Write("tui/meters.go", "package tui\n\n// meters shows tokens\nfunc total(p pane) string {\n\treturn thousands(p.budget)\n}\n", time.Time{})
	r.Write("README.md", "# loupe\n", time.Time{})
	r.Commit(now.Add(-30*24*time.Hour), "first")
	r.Write("engine/limit.go", "package engine\n\n// limit enforces the token budget.\nfunc limit() {}\n", time.Time{})
	r.Commit(now.Add(-5*time.Hour), "engine: limit enforces the budget")
	r.Write("engine/pack.go", "package engine\n\n// pack enforces the token budget exactly.\nfunc pack() {}\n", time.Time{})
	r.Commit(now.Add(-20*time.Minute), "engine: exact budget")
	r.Write("tui/meters.go", "package tui\n\n// meters shows tokens\nfunc total(p pane) string {\n\treturn render.Thousands(p.budget)\n}\n", time.Time{})
	r.Write("README.md", "# loupe\n\nA tool.\n", time.Time{})
	r.Commit(now.Add(-10*time.Minute), "render: one number formatter")
	r.Write("notes.txt", "lunch at noon\n", now.Add(-time.Minute))
	r.Write("todo.txt", "buy milk\n", now.Add(-2*time.Minute)) // past the quota, unrelated: left out

	src := changes.New(changes.Options{Root: r.Dir, MaxChanges: 1, Now: func() time.Time { return now }})
	got, err := src.Candidates(context.Background(), engine.Query{Keywords: []string{"token", "budget", "enforced"}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range got {
		ids = append(ids, c.Meta["status"]+" "+c.Block.Path)
	}
	want := []string{"committed engine/pack.go", "committed engine/limit.go", "untracked notes.txt"}
	if !slices.Equal(ids, want) {
		t.Fatalf("offered %v, want %v", ids, want)
	}
	if !got[2].Keep || got[0].Keep || got[1].Keep {
		t.Errorf("keep = %v %v %v, want the uncommitted edit only", got[0].Keep, got[1].Keep, got[2].Keep)
	}
	if got[0].Score <= got[1].Score {
		t.Errorf("fresh commit %.2f not above the older one %.2f", got[0].Score, got[1].Score)
	}
}

// fakeMarker is a Marker whose changes the test declares.
type fakeMarker struct{ gen uint64 }

func (m *fakeMarker) Mark() uint64           { return m.gen }
func (m *fakeMarker) Dirty(mark uint64) bool { return m.gen != mark }

// TestWatchedSourceAsksGitOnlyAfterAChange: with a Marker, a query on an
// unchanged tree gets the last collection without running git (a new
// untracked file is not seen), and the first query after a reported
// change sees it.
func TestWatchedSourceAsksGitOnlyAfterAChange(t *testing.T) {
	r := workRepo(t)
	w := &fakeMarker{}
	s := changes.New(changes.Options{Root: r.Dir, Now: func() time.Time { return now }, Watch: w})
	q := engine.Query{Keywords: []string{"jitter", "ledger"}}
	ids := func() string {
		got, err := s.Candidates(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range got {
			out = append(out, c.ID)
		}
		return strings.Join(out, " ")
	}
	first := ids()
	r.Write("ledger.txt", "ledger jitter\n", now.Add(-time.Minute))
	if got := ids(); got != first || strings.Contains(got, "ledger.txt") {
		t.Fatalf("git asked again with nothing reported changed: %s", got)
	}
	w.gen++
	if got := ids(); !strings.Contains(got, "changes:untracked:ledger.txt") {
		t.Fatalf("after a reported change the new file is not offered: %s", got)
	}
}
