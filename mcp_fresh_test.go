package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestMCPSeesAnEditAtOnce: through the real `loupe mcp` in a git
// repository, a function added to the tree right after a query is found by
// the next query, sent at once, in the code and as an untracked change:
// with file notifications the server refreshes because the tree changed,
// not because two seconds passed (freshness.go). A query on an unchanged
// tree does not walk it (the walk is what the notifications save).
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
	call := func(id int, query string) string {
		t.Helper()
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"context_query","arguments":{"query":%q,"budget":4000}}}`, id, query))
		r := c.next()
		if r.Error != nil || strings.Contains(string(r.Result), `"isError":true`) {
			t.Fatalf("query %q: %+v %.500s", query, r.Error, r.Result)
		}
		return string(r.Result)
	}
	const name = "reconcileLedgerDrift"
	call(39, "warm up: the first update has ended")
	// Past refreshEvery since that update, this query refreshes by time
	// too; a timed refresh cannot come again within the next second.
	time.Sleep(refreshEvery + 100*time.Millisecond)
	if out := call(40, name); strings.Contains(out, name+" ") {
		t.Fatalf("%s found before it was written", name)
	}
	start := time.Now()
	src := "package pay\n\n// " + name + " settles the ledger drift between two payment batches.\nfunc " + name + "(a, b int) int {\n\treturn a - b\n}\n"
	if err := os.WriteFile(filepath.Join(root, "ledger_drift.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// Too big for the index (over 1 MiB), an untracked file to git: only the
	// changes source can offer it.
	dump := name + " ledger dump\n" + strings.Repeat("0123456789abcdef\n", 70000)
	if err := os.WriteFile(filepath.Join(root, "ledger_dump.txt"), []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	var out string
	// The code source's block, not the changes source's untracked file:
	// only an index refresh finds the function.
	const block = "ledger_drift.go:3-6 · function " + name
	for i := 0; !strings.Contains(out, block); i++ {
		// Events reach the server asynchronously: retry for up to a
		// second, inside which only a notification can cause a refresh.
		if time.Since(start) > time.Second {
			t.Fatalf("the new function is not found %v after the edit: %.1000s", time.Since(start), out)
		}
		out = call(41+i, name)
	}
	// The changes source asked git again too (it reuses its last answer
	// only while nothing changed): the new file is an untracked change.
	if !strings.Contains(out, "ledger_dump.txt") {
		t.Errorf("the new untracked file is not offered: %.1500s", out)
	}
}
