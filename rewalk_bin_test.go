package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestMCPRefreshReadsOnlyTheChangedDirectories: after an edit, the MCP
// server's refresh reads the directories its file notifications named,
// not the whole tree. The proof is a change no notification reports: a
// file of py/payments rewritten through a hard link outside the tree. An
// edit at the root is searchable at the next question while the hidden
// change is not (a walk of the whole tree would have found it); once
// something changes in py/payments, that directory is read and it is.
func TestMCPRefreshReadsOnlyTheChangedDirectories(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("file notifications are implemented on Linux")
	}
	root, ix := fixture(t, "payments")
	gateway := filepath.Join(root, "py", "payments", "gateway.py")
	outside := filepath.Join(t.TempDir(), "gateway.py")
	if err := os.Link(gateway, outside); err != nil {
		t.Skip("no hard links here:", err)
	}
	c := startMCPWith(t, os.Environ(), "--root", root, "--index-dir", ix)
	c.initialize()
	call := func(id int, query string) string { return c.query(id, query, 6000) }
	call(1, "warm up: the first update has ended")
	old, err := os.ReadFile(gateway)
	if err != nil {
		t.Fatal(err)
	}
	hidden := string(old) + "\n\ndef zebrafish_spotted():\n    return 'zebrafish spotted'\n"
	if err := os.WriteFile(outside, []byte(hidden), 0o644); err != nil { // the same inode: no event in the tree
		t.Fatal(err)
	}
	appendTo(t, filepath.Join(root, "backoff.go"), "\nfunc okapiSpotted() int { return 7 }\n")
	out := call(2, "okapi zebrafish spotted")
	if !strings.Contains(out, "okapiSpotted") {
		t.Errorf("the edit the notifications named is not in the answer: %.1500s", out)
	}
	if strings.Contains(out, "zebrafish_spotted") {
		t.Errorf("py/payments was read again though no notification named it: %.1500s", out)
	}
	if err := os.WriteFile(filepath.Join(root, "py", "payments", "notes.txt"), []byte("spotted\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := call(3, "okapi zebrafish spotted"); !strings.Contains(out, "zebrafish_spotted") {
		t.Errorf("py/payments changed and was not read again: %.1500s", out)
	}
}
