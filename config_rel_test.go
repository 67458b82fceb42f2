package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWeightsMustBeUsable: NaN, infinite and negative weights, and weights
// that give every source 0, are refused instead of dropping every block to
// a reference.
func TestWeightsMustBeUsable(t *testing.T) {
	root, ix := fixture(t, "payments")
	for _, weights := range [][]string{
		{"--weight", "code=NaN"},
		{"--weight", "code=Inf"},
		{"--weight", "code=-1"},
		{"--weight", "code=0", "--sources", "code"},
		{"--weight", "code=0", "--weight", "docs=0", "--weight", "changes=0", "--weight", "diagnostics=0",
			"--weight", "commits=0", "--weight", "notes=0", "--weight", "tests=0"},
	} {
		args := append([]string{"pack", "retry", "--root", root, "--index-dir", ix}, weights...)
		if _, err := runCLI(t, "", args...); err == nil || !strings.Contains(err.Error(), "weight") {
			t.Errorf("%v: accepted (%v)", weights, err)
		}
	}
}

// TestIndexHonoursConfig: loupe index applies the config's max_file_size,
// as pack does, so the two never re-index the same files in turn; and the
// config's index_dir is where the index goes.
func TestIndexHonoursConfig(t *testing.T) {
	root, _ := fixture(t, "payments")
	big := "package payments\n\n// Big is large.\nfunc Big() string {\n\treturn \"" + strings.Repeat("x", 600) + "\"\n}\n"
	if err := os.WriteFile(filepath.Join(root, "big.go"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := "max_file_size = 500\nindex_dir = \".loupe-index\"\n"
	if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("LOUPE_INDEX_DIR", "")
	// index_dir is a key only a trusted repository may set (docs/SECURITY.md).
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	if _, err := runCLI(t, "", "trust", "--root", root); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, "", "index", root); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".loupe-index", "manifest.bin")); err != nil {
		t.Fatalf("index_dir not used: %v", err)
	}
	if _, err := runCLI(t, "", "pack", "retry failed payments", "--root", root); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, "", "index", root)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "0 added, 0 changed, 0 removed") {
		t.Fatalf("index after pack re-indexed files:\n%s", out)
	}

	cfg = "index_dir = \"/etc/loupe-elsewhere\"\n"
	if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, "", "trust", "--root", root); err != nil { // a changed file needs trusting again
		t.Fatal(err)
	}
	if _, err := runCLI(t, "", "index", root); err == nil || !strings.Contains(err.Error(), "index_dir") {
		t.Fatalf("an index_dir outside the repository and the cache was accepted: %v", err)
	}
}
