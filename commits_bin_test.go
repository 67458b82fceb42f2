package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackCommitsFirstAndShallow: through the binary, the first commit
// of a history is shown with its message and files but git is not asked
// for its hunks (they would be the files' whole first text), while a
// later commit touching a packed file is; in a shallow clone the one
// commit git knows is not said to have changed the whole tree.
func TestPackCommitsFirstAndShallow(t *testing.T) {
	realGit, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	root, ix := fixture(t, "payments")
	gitFixture(t, root) // one commit, "fixture": the first
	appendTo(t, filepath.Join(root, "processor.go"), "\n// settle the ledger after retries\n")
	gitIn(t, root, "commit", "-q", "-am", "retries: settle the ledger")
	env, log := loggingGit(t, realGit)
	pack := func(root, ix string) (context, ran string) {
		t.Helper()
		if err := os.Truncate(log, 0); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		cmd := exec.Command(loupeBin(t), "pack", "fixture retries ledger", "--sources", "code,commits",
			"--format", "json", "--no-server", "--root", root, "--index-dir", ix)
		cmd.Env = env
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("loupe pack: %v", err)
		}
		b, _ := os.ReadFile(log)
		return packJSONOf(t, string(out)).Context, string(b)
	}

	first := gitIn(t, root, "rev-parse", "HEAD~1")
	second := gitIn(t, root, "rev-parse", "HEAD")
	ctx, ran := pack(root, ix)
	for _, want := range []string{"fixture\n\nthe first commit: ", "retries: settle the ledger\n\n1 file changed, +2 −0\n  processor.go  +2 −0\n", "+// settle the ledger after retries\n"} {
		if !strings.Contains(ctx, want) {
			t.Errorf("the pack lacks %q:\n%s", want, ctx)
		}
	}
	if show := shows(ran); len(show) != 1 || !strings.Contains(show[0], second) || strings.Contains(show[0], first) {
		t.Errorf("git show was not asked for the second commit alone:\n%s", ran)
	}

	clone := filepath.Join(t.TempDir(), "clone")
	gitIn(t, root, "clone", "-q", "--depth", "1", "file://"+root, clone)
	ctx, ran = pack(clone, filepath.Join(t.TempDir(), "ix"))
	if !strings.Contains(ctx, "retries: settle the ledger\n\nthe history of this shallow clone stops here") ||
		strings.Contains(ctx, "files changed") || len(shows(ran)) != 0 {
		t.Errorf("a shallow clone's commit:\n%s\ngit ran:\n%s", ctx, ran)
	}
}

// shows returns the git show command lines of a logging git's log.
func shows(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, " show ") {
			out = append(out, l)
		}
	}
	return out
}
