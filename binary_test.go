package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/loupe-dev/loupe/index/hugeheap"
)

// The tests of this file run the real loupe binary, built once per test
// run, as a person or an agent would.

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// TestMain removes the binary the tests built. The tests run in a process
// whose collector package hugeheap turned off at init: main turns it back
// on, and so must this.
func TestMain(m *testing.M) {
	hugeheap.Restore()
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// loupeBin builds the binary once and returns its path.
func loupeBin(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "loupe-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "loupe")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = &buildError{out: string(out), err: err}
		}
	})
	if binErr != nil {
		t.Fatalf("build loupe: %v", binErr)
	}
	return binPath
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// binResult is one run of the binary.
type binResult struct {
	stdout, stderr string
	err            error
}

// runBin runs the binary with args and stdin in dir.
func runBin(t *testing.T, stdin string, args ...string) binResult {
	t.Helper()
	cmd := exec.Command(loupeBin(t), args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Stdin = bytes.NewBufferString(stdin)
	err := cmd.Run()
	return binResult{stdout: out.String(), stderr: errb.String(), err: err}
}
