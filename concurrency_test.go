//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

const concurrentQuery = "retry failed payments with backoff"

// TestConcurrentPacksWhileIndexing runs 100 `loupe pack` processes (at most
// 20 at a time) while `loupe index` rewrites the index from state A (the
// fixture) to state B (the fixture and 200 new files, one of which the
// query finds first). Readers never wait for a writer and never fail:
// every pack must succeed with exactly the output of state A or of B.
func TestConcurrentPacksWhileIndexing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 100 processes")
	}
	root, ix := fixture(t, "payments")
	packArgs := []string{"pack", concurrentQuery, "--root", root, "--index-dir", ix, "--deadline", "10m", "--budget", "3000"}
	mustRun(t, runBin(t, "", "index", root, "--index-dir", ix))
	addFiles(t, root, 200)
	wantA := packHoldingLock(t, ix, packArgs)
	if !strings.Contains(wantA.stderr, "index not refreshed") {
		t.Fatalf("a pack that finds the writer busy says nothing of it:\n%s", wantA.stderr)
	}
	if strings.Contains(wantA.stderr, "nothing indexed") {
		t.Fatalf("a pack that finds the writer busy says the tree has no files:\n%s", wantA.stderr)
	}

	const attempts, inFlight = 100, 20
	results := make([]binResult, attempts)
	var writer binResult
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); writer = runBin(t, "", "index", root, "--index-dir", ix) }()
	sem := make(chan struct{}, inFlight)
	for i := range attempts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[i] = runBin(t, "", packArgs...)
		}()
	}
	wg.Wait()
	mustRun(t, writer)
	wantB := mustRun(t, runBin(t, "", packArgs...))
	if wantA.stdout == wantB.stdout || !strings.Contains(wantB.stdout, "ReconcileLedgerRetries") {
		t.Fatalf("states A and B pack the same, or B misses the new file:\n%s", wantB.stdout)
	}
	failed, sawA, sawB := 0, 0, 0
	for i, r := range results {
		switch {
		case r.err != nil:
			failed++
			t.Errorf("pack %d failed: %v\n%s", i, r.err, r.stderr)
		case r.stdout == wantA.stdout:
			sawA++
		case r.stdout == wantB.stdout:
			sawB++
		default:
			failed++
			t.Errorf("pack %d printed neither state:\n%s\nstderr: %s", i, r.stdout, r.stderr)
		}
	}
	t.Logf("%d concurrent packs during loupe index: %d failed, %d saw state A, %d saw state B", attempts, failed, sawA, sawB)
}

// addFiles writes n new Go files, one of them what the query finds first.
func addFiles(t *testing.T, root string, n int) {
	t.Helper()
	dir := filepath.Join(root, "extra")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("reconcile.go", "package extra\n\n// ReconcileLedgerRetries retries failed payments with backoff and\n// reconciles the ledger after each retry of a failed payment.\nfunc ReconcileLedgerRetries(failed []string) int {\n\tretries := 0\n\tfor range failed {\n\t\tretries++ // retry with backoff\n\t}\n\treturn retries\n}\n")
	for i := range n - 1 {
		write(fmt.Sprintf("f%03d.go", i), fmt.Sprintf("package extra\n\n// Helper%d formats row %d of a report.\nfunc Helper%d(row []string) string {\n\treturn row[%d %% len(row)]\n}\n", i, i, i, i))
	}
}

// packHoldingLock runs a pack while the test holds the index's writer lock,
// as a `loupe index` in progress would: the pack cannot refresh and must
// search the snapshot published last.
func packHoldingLock(t *testing.T, ix string, args []string) binResult {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(ix, "writer.lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return mustRun(t, runBin(t, "", args...))
}

func mustRun(t *testing.T, r binResult) binResult {
	t.Helper()
	if r.err != nil {
		t.Fatalf("loupe: %v\n%s", r.err, r.stderr)
	}
	return r
}

// TestPackReadsAnIndexItCannotWrite: an index directory whose writer lock
// cannot be opened (here the lock file is a directory; a read-only
// directory gives the same error) still serves its last snapshot, with a
// note, instead of failing.
func TestPackReadsAnIndexItCannotWrite(t *testing.T) {
	root, ix := fixture(t, "payments")
	mustRun(t, runBin(t, "", "index", root, "--index-dir", ix))
	lock := filepath.Join(ix, "writer.lock")
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(lock, 0o755); err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, runBin(t, "", "pack", concurrentQuery, "--root", root, "--index-dir", ix))
	if !strings.Contains(r.stdout, "retryWithBackoff") || !strings.Contains(r.stderr, "cannot be written") {
		t.Fatalf("pack on an index it cannot write:\n%s\n%.500s", r.stderr, r.stdout)
	}
}
