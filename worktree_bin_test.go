package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPackTakesTheWorkTreeFromItsOwnWalk: through the binary, a one-shot
// pack shows an edited file's hunk, a new file and a staged edit, and
// git walks the tree for none of them: no `git ls-files --others`, and
// `git diff` only of the staged side or of the files named (loupe's walk
// and git's index said which may have changed). A logging git in front of
// the real one on PATH records what ran.
func TestPackTakesTheWorkTreeFromItsOwnWalk(t *testing.T) {
	realGit, root, ix := settledRepo(t)
	appendTo(t, filepath.Join(root, "backoff.go"), "\nfunc jitterForRetries() int { return 7 }\n")
	appendTo(t, filepath.Join(root, "processor.go"), "\n// staged: retries settle the ledger\n")
	gitIn(t, root, "add", "processor.go")
	if err := os.WriteFile(filepath.Join(root, "retry_budget.txt"), []byte("retries spend a budget of jitter\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	env, log := loggingGit(t, realGit)
	cmd := exec.Command(loupeBin(t), "pack", "retries jitter", "--root", root, "--index-dir", ix, "--format", "json", "--no-server")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pack: %v", err)
	}
	// A hunk may be packed, or left out as a duplicate of the function it
	// changed (packed with the change marked): either way it was found.
	p := packJSONOf(t, string(out))
	var found []string
	for _, b := range p.Blocks {
		found = append(found, b.ID)
	}
	for _, l := range p.LeftOut {
		found = append(found, l.ID)
	}
	for _, want := range []string{"changes:unstaged:backoff.go:", "changes:staged:processor.go:", "changes:untracked:retry_budget.txt:"} {
		if !slices.ContainsFunc(found, func(id string) bool { return strings.HasPrefix(id, want) }) {
			t.Errorf("no %s… among %v", want, found)
		}
	}
	noTreeWalks(t, log, "backoff.go")
}

// loggingGit puts a git in front of the real one on PATH that appends
// each command line to the returned log: the environment to run loupe with.
func loggingGit(t *testing.T, realGit string) (env []string, log string) {
	t.Helper()
	bin := t.TempDir()
	log = filepath.Join(t.TempDir(), "git.log")
	wrapper := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + log + "\nexec " + realGit + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1"), log
}

// noTreeWalks fails the test when the log shows git walking the tree (an
// ls-files, a diff of the work tree not limited to named files), or when
// git diff was not asked about edited by name.
func noTreeWalks(t *testing.T, log, edited string) {
	t.Helper()
	ran, _ := os.ReadFile(log)
	for _, line := range strings.Split(strings.TrimSpace(string(ran)), "\n") {
		if strings.Contains(line, " ls-files ") || strings.Contains(line, " diff ") && !strings.Contains(line, "--cached") && !strings.Contains(line, " -- ") {
			t.Errorf("git walked the tree: git %s", line)
		}
	}
	if !strings.Contains(string(ran), ":(literal)"+edited) {
		t.Errorf("git diff was not asked about %s by name:\n%s", edited, ran)
	}
}

// TestPackAsksGitForTheStagedSideOnlyWhenSomethingIsStaged: through the
// binary, with nothing staged (HEAD is the commit the index last saw, and
// git's index would write its tree), a pack runs no `git diff --cached`;
// once an edit is staged it does, and packs the staged hunk; once that is
// committed and indexed, it runs none again. A logging git in front of
// the real one on PATH records what ran.
func TestPackAsksGitForTheStagedSideOnlyWhenSomethingIsStaged(t *testing.T) {
	realGit, root, ix := settledRepo(t)
	env, log := loggingGit(t, realGit)
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(loupeBin(t), append(args, "--root", root, "--index-dir", ix)...)
		cmd.Env = env
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("loupe %v: %v", args, err)
		}
		return string(out)
	}
	// pack returns the pack's block and left-out ids and whether git was
	// asked for the staged diff.
	pack := func() (ids []string, cached bool) {
		t.Helper()
		if err := os.Truncate(log, 0); err != nil {
			t.Fatal(err)
		}
		p := packJSONOf(t, run("pack", "retries ledger", "--format", "json", "--no-server"))
		for _, b := range p.Blocks {
			ids = append(ids, b.ID)
		}
		for _, l := range p.LeftOut {
			ids = append(ids, l.ID)
		}
		ran, _ := os.ReadFile(log)
		return ids, strings.Contains(string(ran), "--cached")
	}
	staged := func(ids []string) bool {
		return slices.ContainsFunc(ids, func(id string) bool { return strings.HasPrefix(id, "changes:staged:") })
	}

	run("index")
	if ids, cached := pack(); cached || staged(ids) {
		t.Errorf("nothing staged: git diff --cached ran: %v; staged blocks: %v", cached, ids)
	}
	appendTo(t, filepath.Join(root, "processor.go"), "\n// staged: retries settle the ledger\n")
	gitIn(t, root, "add", "processor.go")
	if ids, cached := pack(); !cached || !staged(ids) {
		t.Errorf("an edit staged: git diff --cached ran: %v; staged blocks among %v", cached, ids)
	}
	gitIn(t, root, "commit", "-q", "-m", "settle the ledger")
	run("index")
	if ids, cached := pack(); cached || staged(ids) {
		t.Errorf("the edit committed: git diff --cached ran: %v; staged blocks: %v", cached, ids)
	}
}

// TestMCPTakesTheWorkTreeFromItsRefresh: the resident server, after an edit
// and a new file, finds both as changes from its own refresh's walk (its
// notifications vouch that nothing changed since): git walks the tree for
// neither.
func TestMCPTakesTheWorkTreeFromItsRefresh(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("file notifications are implemented on Linux")
	}
	realGit, root, ix := settledRepo(t)
	env, log := loggingGit(t, realGit)
	c := startMCPWith(t, env, "--root", root, "--index-dir", ix)
	c.initialize()
	call := func(id int, query string) string { return c.query(id, query, 6000) }
	call(1, "warm up: the first update has ended")
	if err := os.Truncate(log, 0); err != nil {
		t.Fatal(err)
	}
	appendTo(t, filepath.Join(root, "backoff.go"), "\nfunc jitterForRetries() int { return 7 }\n")
	if err := os.WriteFile(filepath.Join(root, "retry_budget.txt"), []byte("retries spend a budget of jitter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := call(2, "retries jitter")
	for _, want := range []string{"jitterForRetries", "retry_budget.txt"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in the answer: %.1500s", want, out)
		}
	}
	noTreeWalks(t, log, "backoff.go")
}

// settledRepo is the payments fixture as a git repository whose files git
// recorded an hour back (settle), with the real git's path; it skips the
// test without git.
func settledRepo(t *testing.T) (realGit, root, ix string) {
	t.Helper()
	realGit, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	root, ix = fixture(t, "payments")
	gitFixture(t, root)
	settle(t, root)
	return realGit, root, ix
}

// settle dates every file of root an hour back and has git record those
// times: out of git's racy window, as a checkout some time ago is.
func settle(t *testing.T, root string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	gitIn(t, root, "update-index", "--refresh")
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}
