//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runCopy runs `loupe pack --copy` with stdout on /dev/null, no display,
// and TMPDIR as given.
func runCopy(t *testing.T, root, ix, tmpdir string) (stderr string, err error) {
	t.Helper()
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	cmd := exec.Command(loupeBin(t), "pack", "retry failed payments", "--root", root, "--index-dir", ix, "--copy")
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "DISPLAY=") && !strings.HasPrefix(e, "WAYLAND_DISPLAY=") && !strings.HasPrefix(e, "TMPDIR=") {
			env = append(env, e)
		}
	}
	cmd.Env = append(env, "TMPDIR="+tmpdir)
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = devnull, &errb
	err = cmd.Run()
	return errb.String(), err
}

// TestCopyToDevNullIsNotATerminal: /dev/null is a character device but no
// terminal; the context goes to a 0600 fallback file, and when even that
// cannot be written it is printed rather than lost.
func TestCopyToDevNullIsNotATerminal(t *testing.T) {
	root, ix := fixture(t, "payments")
	tmp := t.TempDir()
	stderr, err := runCopy(t, root, ix, tmp)
	if err != nil || strings.Contains(stderr, "copied to the terminal") {
		t.Fatalf("copy with stdout on /dev/null: %v\n%s", err, stderr)
	}
	m := regexp.MustCompile(`saved in (\S+\.md)`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no fallback file named:\n%s", stderr)
	}
	if st, err := os.Stat(m[1]); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("fallback file %s: %v, want mode 0600", m[1], err)
	}

	stderr, err = runCopy(t, root, ix, filepath.Join(tmp, "no", "such", "dir"))
	if err == nil || !strings.Contains(stderr, "retryWithBackoff") || !strings.Contains(stderr, "printed on stderr") {
		t.Fatalf("copy with no clipboard and no fallback lost the context (%v):\n%.500s", err, stderr)
	}

	out := filepath.Join(t.TempDir(), "context.md")
	mustRun(t, runBin(t, "", "pack", "retry failed payments", "--root", root, "--index-dir", ix, "--out", out))
	if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("--out file: %v, want mode 0600", err)
	}
}
