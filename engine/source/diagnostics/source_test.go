package diagnostics

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"

	"github.com/loupe-dev/loupe/engine/source/internal/golden"
)

const mainGo = `package main

import "fmt"

func greet(name string) string {
	return fmt.Sprintf("hello %d", name)
}

func main() {
	fmt.Println(greet("x"))
}
`

// writeRoot makes a root with files (path → content).
func writeRoot(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// recordingReader reads from root and records what was asked for.
type recordingReader struct {
	mu    sync.Mutex
	root  string
	asked []string
}

func (r *recordingReader) read(p string) ([]byte, error) {
	r.mu.Lock()
	r.asked = append(r.asked, p)
	r.mu.Unlock()
	return os.ReadFile(filepath.Join(r.root, p))
}

func TestCandidatesFromFile(t *testing.T) {
	output := strings.Join([]string{
		"src/util.js:4:9: Expected '===' and instead saw '=='. [Warning/eqeqeq]",
		"main.go:6:28: fmt.Sprintf format %d has arg name of wrong type string",
		"main.go:6:28: fmt.Sprintf format %d has arg name of wrong type string",
		"/etc/passwd:1:1: error: not ours",
		"../outside.go:3:1: undefined: x",
		"missing.go:2:1: undefined: y",
	}, "\n")
	root := writeRoot(t, map[string]string{"main.go": mainGo, "diag.txt": output, "src/util.js": "a\nb\nc\nif (a == b) {}\n"})
	rr := &recordingReader{root: root}
	s := New(Options{Root: root, File: filepath.Join(root, "diag.txt"), ReadFile: rr.read, Max: 10})
	cs, err := s.Candidates(context.Background(), engine.Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 5 {
		t.Fatalf("%d candidates, want 5 (repeat merged)", len(cs))
	}
	first := cs[0]
	wantText := "error go: fmt.Sprintf format %d has arg name of wrong type string\n  at main.go:6:28 (reported 2 times)\n"
	if !strings.HasPrefix(first.Text, wantText) || !strings.Contains(first.Text, "> 6 | \treturn fmt.Sprintf") {
		t.Errorf("first text:\n%s", first.Text)
	}
	if first.Block.StartLine != 1 || first.Block.EndLine != 11 || first.Block.Kind != index.KindDiagnostic || first.Meta["count"] != "2" {
		t.Errorf("first block %+v meta %v", first.Block, first.Meta)
	}
	last := cs[len(cs)-1]
	if last.Meta["severity"] != "warning" || last.Meta["tool"] != "eslint" || last.Meta["code"] != "eqeqeq" {
		t.Errorf("warning last: %+v", last.Meta)
	}
	for _, c := range cs {
		if c.Score < 0 || c.Score > 1 {
			t.Errorf("%s score %v", c.ID, c.Score)
		}
		if c.Meta["severity"] == "error" && c.Score <= last.Score {
			t.Errorf("error %s (%v) not above the warning (%v)", c.ID, c.Score, last.Score)
		}
	}
	for _, p := range rr.asked {
		if strings.Contains(p, "passwd") || strings.Contains(p, "..") {
			t.Errorf("read %q outside the root", p)
		}
	}
	byPath := map[string]engine.Candidate{}
	for _, c := range cs {
		byPath[c.Block.Path] = c
	}
	if !slices.Equal(byPath["main.go"].Anchors, []int{6}) || byPath["/etc/passwd"].Anchors != nil {
		t.Errorf("anchors: main.go %v, outside %v", byPath["main.go"].Anchors, byPath["/etc/passwd"].Anchors)
	}
	if c := byPath["/etc/passwd"]; c.Meta["outside_root"] != "true" || !strings.Contains(c.Text, "not read") || strings.Contains(c.Text, "root:") {
		t.Errorf("outside path: %+v\n%s", c.Meta, c.Text)
	}
}

func TestCandidatesMax(t *testing.T) {
	var lines []string
	for k := 1; k <= 9; k++ {
		lines = append(lines, fmt.Sprintf("f%d.go:%d:1: problem %d", k, k, k)) // files not on disk: no code, no grouping
	}
	root := writeRoot(t, map[string]string{"main.go": mainGo})
	s := New(Options{Root: root, File: "-", Stdin: strings.NewReader(strings.Join(lines, "\n"))})
	cs, err := s.Candidates(context.Background(), engine.Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != DefaultMax || cs[0].Meta["line"] != "1" {
		t.Errorf("%d candidates (want %d), first line %s", len(cs), DefaultMax, cs[0].Meta["line"])
	}
	// stdin is read once: a second query sees the same diagnostics.
	again, _ := s.Candidates(context.Background(), engine.Query{})
	if len(again) != len(cs) {
		t.Errorf("second query: %d candidates", len(again))
	}
}

func TestQueryRaisesScore(t *testing.T) {
	text := "a.go:1:1: undefined: alpha\nb.go:2:1: undefined: retryPayment\nc.go:1:1: warning: x\n"
	root := writeRoot(t, map[string]string{"a.go": "package a\n", "b.go": "package b\n\nfunc retryPayment() {}\n", "c.go": "x\n"})
	tests := []struct {
		name    string
		q       engine.Query
		wantTop string
	}{
		{"tool order", engine.Query{}, "a.go"},
		{"identifier", engine.Query{Identifiers: []string{"retryPayment"}}, "b.go"},
		{"path", engine.Query{Paths: []string{"b.go"}}, "b.go"},
		{"keyword", engine.Query{Keywords: []string{"retrypayment"}}, "b.go"},
		{"warning path stays below errors", engine.Query{Paths: []string{"c.go"}, Keywords: []string{"warning"}}, "a.go"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Options{Root: root, File: "-", Stdin: strings.NewReader(text)})
			cs, err := s.Candidates(context.Background(), tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if cs[0].Block.Path != tc.wantTop {
				t.Errorf("top %s, want %s (%s)", cs[0].Block.Path, tc.wantTop, cs[0].Reason)
			}
		})
	}
}

func TestEnclosing(t *testing.T) {
	var long strings.Builder
	long.WriteString("package p\n\nfunc Long() {\n")
	for k := 4; k < 70; k++ {
		fmt.Fprintf(&long, "\tx%d := %d\n", k, k)
	}
	long.WriteString("}\n")
	root := writeRoot(t, map[string]string{"main.go": mainGo, "long.go": long.String()})
	encl := func(p string, line int) (index.Block, bool) {
		switch p {
		case "main.go":
			return index.Block{Kind: index.KindFunction, Name: "greet", StartLine: 5, EndLine: 7}, line >= 5 && line <= 7
		case "long.go":
			return index.Block{Kind: index.KindFunction, Name: "Long", StartLine: 3, EndLine: 70}, true
		}
		return index.Block{}, false
	}
	in := "main.go:6:28: bad format\nlong.go:40:2: declared and not used: x40\n"
	s := New(Options{Root: root, File: "-", Stdin: strings.NewReader(in), Enclosing: encl})
	cs, err := s.Candidates(context.Background(), engine.Query{})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "short", cs[0].Text)
	golden.Check(t, "long", cs[1].Text)
	if cs[0].Meta["function"] != "greet" || cs[0].Block.StartLine != 5 || cs[0].Block.EndLine != 7 {
		t.Errorf("short: %+v %v", cs[0].Block, cs[0].Meta)
	}
}

func TestBareNameResolvedAndSymlinkRefused(t *testing.T) {
	root := writeRoot(t, map[string]string{"calc/calc_test.go": "package calc\n\nfunc TestAdd() {}\n", "secret/ok.go": "x\n"})
	outside := filepath.Join(t.TempDir(), "secret.go")
	_ = os.WriteFile(outside, []byte("TOP SECRET\n"), 0o644)
	if err := os.Symlink(outside, filepath.Join(root, "link.go")); err != nil {
		t.Skip("no symlinks:", err)
	}
	in := "--- FAIL: TestAdd (0.00s)\n    calc_test.go:3: wrong\nlink.go:1:1: through a link\n"
	s := New(Options{Root: root, File: "-", Stdin: strings.NewReader(in)})
	cs, err := s.Candidates(context.Background(), engine.Query{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range cs {
		got[c.Block.Path] = c.Text
	}
	if !strings.Contains(got["calc/calc_test.go"], ">3 | func TestAdd") {
		t.Errorf("bare name not resolved: %v", got)
	}
	if strings.Contains(got["link.go"], "SECRET") {
		t.Errorf("read through a symlink leaving the root:\n%s", got["link.go"])
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		ok   bool
	}{
		{"defaults", DefaultOptions(), true},
		{"negative max", Options{Max: -1}, false},
		{"negative timeout", Options{Timeout: -time.Second}, false},
		{"stdin missing", Options{File: "-"}, false},
		{"command without root", Options{Cmd: "go vet ./..."}, false},
		{"command", Options{Cmd: "go vet ./...", Root: "."}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.o.Validate()
			if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrInvalidOptions)) {
				t.Errorf("err = %v", err)
			}
		})
	}
}

func TestNoInput(t *testing.T) {
	cs, err := New(Options{Root: t.TempDir()}).Candidates(context.Background(), engine.Query{})
	if err != nil || cs != nil {
		t.Errorf("no input: %v %v", cs, err)
	}
	_, err = New(Options{Root: t.TempDir(), File: "nope.txt"}).Candidates(context.Background(), engine.Query{})
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestCommandGoVet(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not installed")
	}
	if testing.Short() {
		t.Skip("runs go vet")
	}
	root := writeRoot(t, map[string]string{"go.mod": "module example.com/broken\n\ngo 1.22\n", "main.go": mainGo})
	s := New(Options{Root: root, Cmd: "go vet ./...", Timeout: 2 * time.Minute})
	defer s.Close()
	ds, err := s.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 1 || ds[0].Line != 6 || !strings.Contains(ds[0].Message, "wrong type string") {
		t.Fatalf("go vet: %s", dump(ds))
	}
	cs, err := s.Candidates(context.Background(), engine.Query{Identifiers: []string{"greet"}})
	if err != nil || len(cs) != 1 {
		t.Fatalf("candidates: %v %v", cs, err)
	}
	if !strings.Contains(cs[0].Text, "> 6 | \treturn fmt.Sprintf(\"hello %d\", name)") {
		t.Errorf("text:\n%s", cs[0].Text)
	}
}

func TestCommandRunsOnceAndTimesOut(t *testing.T) {
	root := t.TempDir()
	s := New(Options{Root: root, Cmd: "echo run >> count; echo 'a.go:1:1: early'; exit 3"})
	for range 2 {
		cs, err := s.Candidates(context.Background(), engine.Query{})
		if err != nil || len(cs) != 1 {
			t.Fatalf("candidates %v err %v", cs, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(root, "count")); string(b) != "run\n" {
		t.Errorf("command ran %q", b)
	}
	slow := New(Options{Root: root, Cmd: "echo 'a.go:1:1: early'; sleep 30; echo 'b.go:1:1: late'", Timeout: 300 * time.Millisecond})
	cs, err := slow.Candidates(context.Background(), engine.Query{})
	if !errors.Is(err, ErrTimeout) || len(cs) != 1 || cs[0].Block.Path != "a.go" {
		t.Errorf("timeout: %v, %d candidates", err, len(cs))
	}
}

func TestCandidatesDeadlineThenResult(t *testing.T) {
	root := t.TempDir()
	s := New(Options{Root: root, Cmd: "sleep 0.3; echo 'a.go:1:1: slow'"})
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Candidates(ctx, engine.Query{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled query: %v", err)
	}
	cs, err := s.Candidates(context.Background(), engine.Query{})
	if err != nil || len(cs) != 1 {
		t.Errorf("later query: %v %v", cs, err)
	}
}

// TestGrouped: diagnostics pointing into the same code become one block,
// the code shown once with every reported line marked.
func TestGrouped(t *testing.T) {
	src := "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc greet(name string) string {\n\tvar n int = name\n\treturn fmt.Sprintf(\"hello %d\", undefinedThing)\n}\n\nfunc main() {\n\tfmt.Println(greet(\"x\"))\n}\n"
	root := writeRoot(t, map[string]string{"main.go": src})
	in := readCapture(t, "captures/go_build.txt")
	encl := func(p string, line int) (index.Block, bool) {
		return index.Block{Kind: index.KindFunction, Name: "greet", StartLine: 8, EndLine: 11}, line >= 8 && line <= 11
	}
	tests := []struct {
		name  string
		encl  func(string, int) (index.Block, bool)
		want  int
		metaN string
	}{
		{"windows", nil, 1, "4"},
		{"enclosing", encl, 1, "4"}, // the import error's window overlaps greet
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Options{Root: root, File: "-", Stdin: strings.NewReader(in), Enclosing: tc.encl})
			cs, err := s.Candidates(context.Background(), engine.Query{})
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) != tc.want {
				t.Fatalf("%d candidates, want %d", len(cs), tc.want)
			}
			var texts []string
			for _, c := range cs {
				texts = append(texts, c.Text)
			}
			golden.Check(t, tc.name, strings.Join(texts, "---\n"))
			if got := cs[0].Meta["diagnostics"]; got != tc.metaN {
				t.Errorf("meta diagnostics = %q, want %q (%s)", got, tc.metaN, cs[0].Block.Name)
			}
		})
	}
}
