package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxChangesZeroMeansZero: --max-changes 0 keeps no unrelated change
// (it gave the default 3); -1 is refused.
func TestMaxChangesZeroMeansZero(t *testing.T) {
	root, ix := fixture(t, "payments")
	gitFixture(t, root)
	if err := os.WriteFile(filepath.Join(root, "scratch.txt"), []byte("lunch order: pizza\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	count := func(args ...string) int {
		out, err := runCLI(t, "", append([]string{"pack", "ledger balance", "--root", root, "--index-dir", ix, "--format", "json"}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, b := range packJSONOf(t, out).Blocks {
			if b.Source == "changes" && b.Path == "scratch.txt" {
				n++
			}
		}
		return n
	}
	if n := count(); n != 1 {
		t.Fatalf("default keeps the unrelated change %d times, want once", n)
	}
	if n := count("--max-changes", "0"); n != 0 {
		t.Fatalf("--max-changes 0 kept the unrelated change")
	}
	_, err := runCLI(t, "", "pack", "x", "--root", root, "--index-dir", ix, "--max-changes", "-1")
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "max_changes -1") {
		t.Fatalf("--max-changes -1: %v", err)
	}
}

// TestOneValidation: a value is accepted or refused the same way as a flag
// and in the config file, with the explorer's bounds.
func TestOneValidation(t *testing.T) {
	root, ix := fixture(t, "payments")
	for _, budget := range []string{"0", "3000000"} {
		_, err := runCLI(t, "", "pack", "x", "--root", root, "--index-dir", ix, "--budget", budget)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "must be between 1 and 2,000,000") {
			t.Errorf("--budget %s: %v", budget, err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte("style = \"ascii\"\ndiagnostics_timeout = \"2m\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix); err != nil {
		t.Fatalf("style ascii in the config: %v", err)
	}
	if _, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix, "--diagnostics-timeout", "soon"); err == nil {
		t.Fatal("--diagnostics-timeout soon accepted")
	}
}

// TestDiagnosticsFileMustBeText: a missing, binary or directory
// --diagnostics file is an error (exit 2) naming the path once.
func TestDiagnosticsFileMustBeText(t *testing.T) {
	root, ix := fixture(t, "payments")
	bin := filepath.Join(t.TempDir(), "out.bin")
	if err := os.WriteFile(bin, []byte("\x7fELF\x00\x01\x02"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "nope.txt")
	for path, want := range map[string]string{missing: "no such file", bin: "binary", root: "directory"} {
		_, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix, "--diagnostics", path)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), want) || strings.Count(err.Error(), path) != 1 {
			t.Errorf("--diagnostics %s: %v", path, err)
		}
	}
}

// stderrOf runs fn with os.Stderr going to a file and returns what was
// written there.
func stderrOf(t *testing.T, fn func()) string {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = f
	defer func() { os.Stderr = old }()
	fn()
	b, _ := os.ReadFile(f.Name())
	return string(b)
}

// TestFirstContactNotes: an empty directory says nothing was indexed; a
// directory outside git says, once, that the git sources are off.
func TestFirstContactNotes(t *testing.T) {
	empty := t.TempDir()
	ix := filepath.Join(t.TempDir(), "ix")
	errOut := stderrOf(t, func() {
		if _, err := runCLI(t, "", "pack", "anything", "--root", empty, "--index-dir", ix); err != nil {
			t.Error(err)
		}
	})
	if !strings.Contains(errOut, "nothing indexed in "+empty) {
		t.Fatalf("empty directory: stderr %q", errOut)
	}
	if strings.Count(errOut, "not in a git repository") != 1 {
		t.Fatalf("non-git directory said %d times: %q", strings.Count(errOut, "not in a git repository"), errOut)
	}
	root, ix2 := fixture(t, "payments")
	gitFixture(t, root)
	errOut = stderrOf(t, func() {
		if _, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix2); err != nil {
			t.Error(err)
		}
	})
	if strings.Contains(errOut, "note:") {
		t.Fatalf("a git repository with files got notes: %q", errOut)
	}
}
