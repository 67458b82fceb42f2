package index

import (
	"errors"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func errorIs(err, target error) bool { return errors.Is(err, target) }

func errorsIsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// gorootSrc is $(go env GOROOT)/src, resolved; benchmarks skip without it.
func gorootSrc(tb testing.TB) string {
	tb.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Skipf("go env GOROOT: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "src")
	real, err := resolveRoot(src)
	if err != nil {
		tb.Skipf("no GOROOT/src: %v", err)
	}
	return real
}
