package main

import (
	"os"
	"os/exec"
	"path/filepath"
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
	realGit, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	root, ix := fixture(t, "payments")
	gitFixture(t, root)
	old := time.Now().Add(-time.Hour) // out of git's racy window
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	gitIn(t, root, "update-index", "--refresh") // git records the times it now sees
	appendTo(t, filepath.Join(root, "backoff.go"), "\nfunc jitterForRetries() int { return 7 }\n")
	appendTo(t, filepath.Join(root, "processor.go"), "\n// staged: retries settle the ledger\n")
	gitIn(t, root, "add", "processor.go")
	if err := os.WriteFile(filepath.Join(root, "retry_budget.txt"), []byte("retries spend a budget of jitter\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	bin := t.TempDir()
	log := filepath.Join(t.TempDir(), "git.log")
	wrapper := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + log + "\nexec " + realGit + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(loupeBin(t), "pack", "retries jitter", "--root", root, "--index-dir", ix, "--format", "json", "--no-server")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
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
	ran, _ := os.ReadFile(log)
	for _, line := range strings.Split(strings.TrimSpace(string(ran)), "\n") {
		if strings.Contains(line, " ls-files ") || strings.Contains(line, " diff ") && !strings.Contains(line, "--cached") && !strings.Contains(line, " -- ") {
			t.Errorf("git walked the tree: git %s", line)
		}
	}
	if !strings.Contains(string(ran), ":(literal)backoff.go") {
		t.Errorf("git diff was not asked about the edited file by name:\n%s", ran)
	}
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
