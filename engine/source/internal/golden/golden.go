// Package golden compares test output with files under testdata, for the
// sources' tests. One helper instead of a copy per package means one
// convention for where goldens live and one -update flag that rewrites them.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Check compares got with testdata/<Test>/<name>.golden, where <Test> is
// the top-level test's name (subtests share their parent's folder), and
// rewrites the file instead under -update.
func Check(t testing.TB, name, got string) {
	t.Helper()
	dir, _, _ := strings.Cut(t.Name(), "/")
	p := filepath.Join("testdata", dir, name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("read golden (run with -update): %v", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from golden\n--- got ---\n%s\n--- want ---\n%s", p, got, want)
	}
}
