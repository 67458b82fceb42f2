package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionAndTypos: --version and `loupe version` print the version;
// a misspelt command is reported with the command meant, not run as a
// query; a query that is such a word goes after --.
func TestVersionAndTypos(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out, err := runCLI(t, "", args...)
		if err != nil || !strings.HasPrefix(out, "loupe "+version) {
			t.Fatalf("%v: %q %v", args, out, err)
		}
	}
	for typo, want := range map[string]string{"idnex": "index", "pakc": "pack", "mpc": "mcp", "notes": "note", "verison": "version"} {
		_, err := runCLI(t, "", typo)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "did you mean loupe "+want+"?") {
			t.Errorf("loupe %s: %v", typo, err)
		}
	}
	// Real queries are not mistaken for commands.
	for _, q := range []string{"retry", "indexing", "packer"} {
		if _, err := runCLI(t, "", q); err != nil && strings.Contains(err.Error(), "did you mean") {
			t.Errorf("loupe %s: %v", q, err)
		}
	}
	if _, err := runCLI(t, "", "--", "idnex"); err != nil && strings.Contains(err.Error(), "did you mean") {
		t.Errorf("loupe -- idnex: %v", err)
	}
}

// TestHelpHasExamplesAndFlagValuesComplete: root, index, mcp and note help
// show examples; flag values with a fixed set complete.
func TestHelpHasExamplesAndFlagValuesComplete(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"index", "--help"}, {"mcp", "--help"}, {"note", "--help"}} {
		out, err := runCLI(t, "", args...)
		if err != nil || !strings.Contains(out, "Examples:") {
			t.Errorf("%v: no examples\n%s", args, out)
		}
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "pack", "--format", ""}, "json"},
		{[]string{"__complete", "pack", "--tokenizer", ""}, "cl100k"},
		{[]string{"__complete", "--style", ""}, "light"},
		{[]string{"__complete", "mcp", "--sources", "code,"}, "code,docs"},
	}
	for _, tc := range cases {
		out, err := runCLI(t, "", tc.args...)
		if err != nil || !strings.Contains(out, tc.want+"\n") {
			t.Errorf("%v: %q %v", tc.args, out, err)
		}
	}
}

// TestRunFromASubdirectoryFindsTheRepository: from py/payments, loupe
// works on the whole repository and paths keep their prefix.
func TestRunFromASubdirectoryFindsTheRepository(t *testing.T) {
	root, ix := fixture(t, "payments")
	gitFixture(t, root)
	t.Chdir(filepath.Join(root, "py", "payments"))
	out, err := runCLI(t, "", "pack", "retry failed payments", "--index-dir", ix, "--format", "json", "--sources", "code")
	if err != nil {
		t.Fatal(err)
	}
	p := packJSONOf(t, out)
	sawOutside := false
	for _, b := range p.Blocks {
		if _, err := os.Stat(filepath.Join(root, b.Path)); err != nil {
			t.Fatalf("path without its prefix: %s", b.Path)
		}
		sawOutside = sawOutside || !strings.HasPrefix(b.Path, "py/payments/")
	}
	if len(p.Blocks) == 0 || !sawOutside {
		t.Fatalf("only the subdirectory was indexed: %v", blockNames(p))
	}
	// --root still means exactly that directory.
	got, err := findRoot(filepath.Join(root, "py", "payments"))
	if err != nil || got != root {
		t.Fatalf("findRoot = %q, %v", got, err)
	}
}
