//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKilledFirstBuildResumes kills `loupe index` (SIGKILL) during a first
// build once it has saved a checkpoint; the next `loupe index` resumes
// instead of starting over, and the index it leaves is whole.
func TestKilledFirstBuildResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes 5000 files")
	}
	root, ix := fixture(t, "payments")
	addFiles(t, root, 5000)
	cmd := exec.Command(loupeBin(t), "index", root, "--index-dir", ix)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	checkpoint := filepath.Join(ix, "checkpoint.bin")
	seen := false
	for range 6000 { // bounded: a checkpoint comes after 1000 files
		if _, err := os.Stat(checkpoint); err == nil {
			seen = true
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if _, err := os.Stat(filepath.Join(ix, "manifest.bin")); err == nil || !seen {
		t.Skipf("the build ended before it could be killed after a checkpoint (checkpoint seen: %v)", seen)
	}
	r := mustRun(t, runBin(t, "", "index", root, "--index-dir", ix))
	if !strings.Contains(r.stderr, "resuming an interrupted update") {
		t.Fatalf("the second build did not resume:\n%s\n%s", r.stdout, r.stderr)
	}
	m := regexp.MustCompile(`files: (\d+) added`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("no stats:\n%s", r.stdout)
	}
	if added, _ := strconv.Atoi(m[1]); added >= 5000 {
		t.Fatalf("resumed build re-indexed everything (%d added)", added)
	}
	r = mustRun(t, runBin(t, "", "index", root, "--index-dir", ix))
	if !strings.Contains(r.stdout, "0 added, 0 changed, 0 removed") || strings.Contains(r.stderr, "rebuild") {
		t.Fatalf("the resumed index is not whole:\n%s\n%s", r.stdout, r.stderr)
	}
	p := mustRun(t, runBin(t, "", "pack", "retry failed payments with backoff", "--root", root, "--index-dir", ix))
	if !strings.Contains(p.stdout, "ReconcileLedgerRetries") {
		t.Fatalf("pack after the resumed build misses the new file:\n%.1000s", p.stdout)
	}
}
