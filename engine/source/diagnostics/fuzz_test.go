package diagnostics

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzParser checks one line parser on arbitrary text: it never panics,
// never consumes past the end, consumes a line whenever it reports, and
// reports sane positions.
func fuzzParser(f *testing.F, p parseFunc, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		for i := range lines {
			n, found := p(lines, i)
			if n < 0 || n > len(lines)-i {
				t.Fatalf("line %d: consumed %d of %d lines", i, n, len(lines)-i)
			}
			if len(found) > 0 && n == 0 {
				t.Fatalf("line %d: reported %d without consuming", i, len(found))
			}
			for _, d := range found {
				checkSane(t, d)
			}
		}
	})
}

func checkSane(t *testing.T, d Diagnostic) {
	t.Helper()
	if d.Line < 0 || d.Col < 0 || d.Line > 1<<30 || d.Col > 1<<30 {
		t.Fatalf("position %d:%d", d.Line, d.Col)
	}
	switch d.Severity {
	case SeverityError, SeverityWarning, SeverityNote:
	default:
		t.Fatalf("severity %q", d.Severity)
	}
}

// seed reads the first lines of a capture, keeping seeds small.
func seed(f *testing.F, name string, lines int) string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	ls := strings.Split(string(b), "\n")
	return strings.Join(ls[:min(lines, len(ls))], "\n")
}

func FuzzGoTest(f *testing.F) {
	fuzzParser(f, parseGoTest, seed(f, "captures/go_test_v.txt", 6), "--- FAIL: TestX (0.00s)\n    x_test.go:3: bad\n        more\n")
}

func FuzzGoPanic(f *testing.F) {
	fuzzParser(f, parseGoPanic, seed(f, "captures/go_test.txt", 22), "panic: x\n\ngoroutine 1 [running]:\nmain.f()\n\t/a/b.go:3 +0x1\n")
}

func FuzzPositional(f *testing.F) {
	p := hints{}.parsePositional
	fuzzParser(f, p, seed(f, "captures/gcc.txt", 8), seed(f, "captures/pylint.txt", 4), seed(f, "captures/mypy.txt", 2),
		seed(f, "captures/flake8.txt", 2), seed(f, "captures/eslint_unix.txt", 3), seed(f, "captures/rustc_short.txt", 2), "a.go:1:2: x\n")
}

func FuzzArrow(f *testing.F) {
	fuzzParser(f, parseArrow, seed(f, "captures/rustc_human.txt", 12), seed(f, "recorded/ruff_full.txt", 9))
}

func FuzzTsc(f *testing.F) {
	fuzzParser(f, parseTscParen, seed(f, "captures/tsc.txt", 3))
}

func FuzzTscPretty(f *testing.F) {
	fuzzParser(f, parseTscPretty, stripANSI(seed(f, "captures/tsc_pretty.txt", 12)))
}

func FuzzEslintStylish(f *testing.F) {
	fuzzParser(f, parseEslintStylish, seed(f, "captures/eslint_stylish.txt", 9))
}

func FuzzPytest(f *testing.F) {
	fuzzParser(f, parsePytestLocation, seed(f, "captures/pytest.txt", 20))
}

func FuzzPyTraceback(f *testing.F) {
	fuzzParser(f, parsePyTraceback, seed(f, "captures/python_traceback.txt", 8), seed(f, "captures/pytest_native.txt", 10))
}

// FuzzParse runs the whole pipeline: merged counts are positive and errors
// come before warnings before notes.
func FuzzParse(f *testing.F) {
	f.Add(seed(f, "captures/gcc.txt", 12))
	f.Add(seed(f, "captures/go_test.txt", 12))
	f.Add("\x1b[91merror\x1b[0m: x\n --> a.rs:1:1\n")
	f.Fuzz(func(t *testing.T, text string) {
		ds := Parse(text)
		for k, d := range ds {
			checkSane(t, d)
			if d.Count < 1 {
				t.Fatalf("count %d", d.Count)
			}
			if k > 0 && ds[k-1].Severity.rank() > d.Severity.rank() {
				t.Fatalf("%s after %s", d.Severity, ds[k-1].Severity)
			}
		}
	})
}
