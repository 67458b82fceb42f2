package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestMCPSeesAnEditAtOnce: through the real `loupe mcp` in a git
// repository, a function added to the tree right after a query is found by
// the next query, sent at once, in the code and as an untracked change.
// That the server refreshes because the tree changed, not because time
// passed, is TestFreshnessWithNotificationsGoesByChanges' to show, on a
// clock of its own: the wall-clock check this test had would fail on a
// machine slow enough, which says nothing about loupe.
func TestMCPSeesAnEditAtOnce(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("file notifications are implemented on Linux")
	}
	root, ix := fixture(t, "payments")
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "fixture"}} {
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	// The root is given through a link, as a person's checkout often is:
	// the watcher must watch the real tree (it refuses a root that is a link).
	link := filepath.Join(t.TempDir(), "checkout")
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	c := startMCP(t, "--root", link, "--index-dir", ix)
	c.initialize()
	call := func(id int, query string) string { return c.query(id, query, 4000) }
	const name = "reconcileLedgerDrift"
	call(39, "warm up: the first update has ended")
	if out := call(40, name); strings.Contains(out, name+" ") {
		t.Fatalf("%s found before it was written", name)
	}
	src := "package pay\n\n// " + name + " settles the ledger drift between two payment batches.\nfunc " + name + "(a, b int) int {\n\treturn a - b\n}\n"
	// ledger_dump.txt is too big for the index (over 1 MiB) and an untracked
	// file to git: only the changes source can offer it.
	writeFiles(t, root, map[string]string{
		"ledger_drift.go": src,
		"ledger_dump.txt": name + " ledger dump\n" + strings.Repeat("0123456789abcdef\n", 70000),
	})
	// The code source's block, not the changes source's untracked file:
	// only an index refresh finds the function. The query is sent the
	// moment after the write and must find it the first time: the server
	// waits for the watcher to have seen every change made before the
	// query (the barrier, whose wait TestFreshnessSeesASaveMadeJustBefore
	// tests closer: here the pipe is usually slower than the watcher).
	const block = "ledger_drift.go:3-6 · function " + name
	out := call(41, name)
	if !strings.Contains(out, block) {
		t.Fatalf("the new function, saved just before the query, is not found: %.1000s", out)
	}
	// The changes source asked git again too (it reuses its last answer
	// only while nothing changed): the new file is an untracked change.
	if !strings.Contains(out, "ledger_dump.txt") {
		t.Errorf("the new untracked file is not offered: %.1500s", out)
	}
	// An edit of a file the server has read and keeps (its file cache
	// trusts the notifications in place of a stat) is shown at once too.
	writeFiles(t, root, map[string]string{"ledger_drift.go": strings.Replace(src, "return a - b", "return b - a + 17", 1)})
	if out = call(60, name); !strings.Contains(out, "return b - a + 17") {
		t.Fatalf("the edited body, saved just before the query, is not shown: %.1000s", out)
	}
}
