package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/tokens"
)

// fixture copies testdata/repos/<name> into a temp dir and returns it with
// a fresh index directory, so tests never write into the repository.
func fixture(t *testing.T, name string) (root, indexDir string) {
	t.Helper()
	root = filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(root, os.DirFS(filepath.Join("testdata", "repos", name))); err != nil {
		t.Fatalf("copy fixture: %v", err)
	}
	return root, filepath.Join(t.TempDir(), "index")
}

// runCLI runs loupe with args and stdin, returning stdout and the error.
func runCLI(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	cmd := newRootCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(io.Discard)
	cmd.SetIn(strings.NewReader(stdin))
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

type packJSON struct {
	Query      string      `json:"query"`
	Budget     int         `json:"budget"`
	Tokenizer  string      `json:"tokenizer"`
	TokenCount int         `json:"token_count"`
	Context    string      `json:"context"`
	Blocks     []packBlock `json:"blocks"`
	LeftOut    []struct {
		ID     string `json:"id"`
		Reason string `json:"reason"`
	} `json:"left_out"`
}

// packBlock is a block of pack --format json.
type packBlock struct {
	ID            string   `json:"id"`
	Source        string   `json:"source"`
	Path          string   `json:"path"`
	StartLine     int      `json:"start_line"`
	EndLine       int      `json:"end_line"`
	Name          string   `json:"name"`
	QualifiedName string   `json:"qualified_name"`
	Tokens        int      `json:"tokens"`
	Stale         bool     `json:"stale"`
	Filler        bool     `json:"filler"`
	Level         string   `json:"level"`
	Score         float64  `json:"score"`
	Reasons       []string `json:"reasons"`
}

// packCodeOf writes files into a fresh root and returns the JSON of
// loupe pack QUERY over its code alone, at budget tokens, with a fresh
// index: what a ranking test of the binary needs.
func packCodeOf(t *testing.T, files map[string]string, query, budget string) packJSON {
	t.Helper()
	return packSourcesOf(t, files, query, budget, "code")
}

// packSourcesOf is packCodeOf with the sources given (--sources).
func packSourcesOf(t *testing.T, files map[string]string, query, budget, sources string) packJSON {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, files)
	r := runBin(t, "", "pack", query, "--root", root, "--index-dir", filepath.Join(t.TempDir(), "ix"),
		"--budget", budget, "--format", "json", "--sources", sources)
	if r.err != nil {
		t.Fatalf("pack: %v\n%s", r.err, r.stderr)
	}
	return packJSONOf(t, r.stdout)
}

func packJSONOf(t *testing.T, out string) packJSON {
	t.Helper()
	var p packJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("pack --format json is not JSON: %v\n%s", err, out)
	}
	return p
}

func TestPackFindsTheCodeAndFitsTheBudget(t *testing.T) {
	root, ix := fixture(t, "payments")
	for _, budget := range []string{"600", "2000", "8000"} {
		t.Run(budget, func(t *testing.T) {
			out, err := runCLI(t, "", "pack", "retry failed payments with backoff",
				"--root", root, "--index-dir", ix, "--budget", budget, "--format", "json")
			if err != nil {
				t.Fatalf("pack: %v", err)
			}
			p := packJSONOf(t, out)
			if p.TokenCount > p.Budget || p.Budget == 0 {
				t.Fatalf("token_count %d over budget %d", p.TokenCount, p.Budget)
			}
			if !hasBlock(p, "retryWithBackoff") {
				t.Errorf("retryWithBackoff not packed at budget %s; got %v", budget, blockNames(p))
			}
		})
	}
}

// TestPackTokenCountIsExact re-counts the rendered markdown with the real
// tokenizer: the budget holds for what is really printed.
func TestPackTokenCountIsExact(t *testing.T) {
	root, ix := fixture(t, "payments")
	const budget = 1500
	out, err := runCLI(t, "", "pack", "how does the ledger record entries", "--root", root, "--index-dir", ix,
		"--budget", "1500")
	if err != nil {
		t.Fatalf("pack: %v", err)
	}
	c, err := tokens.New("o200k")
	if err != nil {
		t.Fatal(err)
	}
	if n := c.Count(out); n > budget {
		t.Fatalf("rendered markdown is %d tokens, budget %d", n, budget)
	}
}

func TestPackIsDeterministic(t *testing.T) {
	root, ix := fixture(t, "payments")
	args := []string{"pack", "Processor charges the gateway", "--root", root, "--index-dir", ix, "--budget", "3000"}
	first, err := runCLI(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	second, err := runCLI(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	if first != second {
		t.Fatalf("two runs differ:\n--- first\n%s\n--- second\n%s", first, second)
	}
}

func TestPackFormats(t *testing.T) {
	root, ix := fixture(t, "payments")
	for _, format := range []string{"md", "xml", "plain", "json"} {
		t.Run(format, func(t *testing.T) {
			out, err := runCLI(t, "", "pack", "ledger entries", "--root", root, "--index-dir", ix, "--format", format)
			if err != nil {
				t.Fatal(err)
			}
			switch format {
			case "xml":
				dec := xml.NewDecoder(strings.NewReader(out))
				for {
					if _, err := dec.Token(); err == io.EOF {
						break
					} else if err != nil {
						t.Fatalf("xml does not parse: %v\n%s", err, out)
					}
				}
			case "json":
				packJSONOf(t, out)
			default:
				if !strings.Contains(out, "ledger") {
					t.Fatalf("%s output does not mention the ledger:\n%s", format, out)
				}
			}
		})
	}
}

func TestPackQueryFromStdin(t *testing.T) {
	root, ix := fixture(t, "payments")
	trace := "panic: charge declined\n\ngoroutine 1 [running]:\nexample.com/payments.processPayment(...)\n\t" +
		root + "/processor.go:70 +0x1d\n"
	out, err := runCLI(t, trace, "pack", "-", "--root", root, "--index-dir", ix, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if p := packJSONOf(t, out); !hasBlock(p, "processPayment") {
		t.Fatalf("a trace through processPayment did not pack it: %v", blockNames(p))
	}
}

func TestPackErrorsSayWhatToDo(t *testing.T) {
	root, ix := fixture(t, "payments")
	file := filepath.Join(root, "processor.go")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"budget below overhead", []string{"pack", "ledger", "--root", root, "--index-dir", ix, "--budget", "3"}, "minimum"},
		{"missing root", []string{"pack", "x", "--root", filepath.Join(root, "nope"), "--index-dir", ix}, "does not exist"},
		{"root is a file", []string{"pack", "x", "--root", file, "--index-dir", ix}, "is a file"},
		{"no query", []string{"pack", "--root", root, "--index-dir", ix}, "no query"},
		{"bad format", []string{"pack", "x", "--root", root, "--index-dir", ix, "--format", "yaml"}, "format"},
		{"bad weight", []string{"pack", "x", "--root", root, "--index-dir", ix, "--weight", "code"}, "source=number"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runCLI(t, "", tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to mention %q", err, tc.want)
			}
		})
	}
	_, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix, "--budget", "3")
	if !errors.Is(err, packing.ErrBudgetTooSmall) {
		t.Fatalf("budget 3: %v, want ErrBudgetTooSmall", err)
	}
}

func TestPackNothingMatchesIsNotAnError(t *testing.T) {
	root, ix := fixture(t, "payments")
	out, err := runCLI(t, "", "pack", "zqxjkv wvutsr", "--root", root, "--index-dir", ix,
		"--format", "json", "--sources", "code,docs")
	if err != nil {
		t.Fatalf("a query that matches nothing: %v", err)
	}
	if p := packJSONOf(t, out); len(p.Blocks) != 0 {
		t.Fatalf("nonsense query packed %v", blockNames(p))
	}
}

func TestPackDeletedFileIsMarked(t *testing.T) {
	root, ix := fixture(t, "payments")
	if _, err := runCLI(t, "", "index", root, "--index-dir", ix); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, "", "pack", "exponential backoff", "--root", root, "--index-dir", ix); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "backoff.go")); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, "", "pack", "exponential backoff Next", "--root", root, "--index-dir", ix, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range packJSONOf(t, out).Blocks {
		if b.Path == "backoff.go" {
			t.Fatalf("a deleted file is still packed after re-indexing: %+v", b)
		}
	}
}

func TestPackOutWritesAtomically(t *testing.T) {
	root, ix := fixture(t, "payments")
	dst := filepath.Join(t.TempDir(), "ctx.md")
	stdout, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix, "--out", dst)
	if err != nil {
		t.Fatal(err)
	}
	if stdout != "" {
		t.Fatalf("--out also printed to stdout: %q", stdout)
	}
	b, err := os.ReadFile(dst)
	if err != nil || !strings.Contains(string(b), "ledger") {
		t.Fatalf("--out file: %v %q", err, b)
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(dst), ".ctx.md.tmp*"))
	if len(matches) > 0 {
		t.Fatalf("temporary files left: %v", matches)
	}
}

func TestConfigFileIsReadAndChecked(t *testing.T) {
	root, ix := fixture(t, "payments")
	if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte("budget = 700\nformat = \"json\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix)
	if err != nil {
		t.Fatal(err)
	}
	if p := packJSONOf(t, out); p.Budget != 700 {
		t.Fatalf("budget %d, want 700 from .loupe.toml", p.Budget)
	}
	if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte("budgte = 700\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, "", "pack", "ledger", "--root", root, "--index-dir", ix); err == nil ||
		!strings.Contains(err.Error(), "budgte") {
		t.Fatalf("a misspelt key: %v, want an error naming it", err)
	}
}

func TestIndexReportsWhatItDid(t *testing.T) {
	root, ix := fixture(t, "payments")
	out, err := runCLI(t, "", "index", root, "--index-dir", ix)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "added") || !strings.Contains(out, "blocks") {
		t.Fatalf("index report: %q", out)
	}
	if err := os.WriteFile(filepath.Join(root, "new.go"), []byte("package payments\n\nfunc refund() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = runCLI(t, "", "index", root, "--index-dir", ix)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1 added") {
		t.Fatalf("second run should add exactly the new file: %q", out)
	}
}

func hasBlock(p packJSON, name string) bool {
	for _, b := range p.Blocks {
		if b.Name == name || b.QualifiedName == name {
			return true
		}
	}
	return false
}

func blockNames(p packJSON) []string {
	var out []string
	for _, b := range p.Blocks {
		out = append(out, b.Source+":"+b.Path+":"+b.Name)
	}
	return out
}

// TestPackDiagnosticsFromACommand runs a real command for diagnostics and
// checks that the error reaches the output with its message, even though
// its code lies inside a code block that also matches.
func TestPackDiagnosticsFromACommand(t *testing.T) {
	root, ix := fixture(t, "payments")
	cmdline := `printf 'processor.go:66:3: undefined: chargeOnce\n'`
	out, err := runCLI(t, "", "pack", "fix the build of processPayment", "--root", root, "--index-dir", ix,
		"--diagnostics-cmd", cmdline, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	p := packJSONOf(t, out)
	found := false
	for _, b := range p.Blocks {
		found = found || b.Source == "diagnostics"
	}
	if !found || !strings.Contains(p.Context, "undefined: chargeOnce") {
		t.Fatalf("the diagnostic is missing: %v\n%s", blockNames(p), p.Context)
	}
}
