package diagnostics

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine/source/internal/golden"
)

func readCapture(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", p))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func dump(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s %s %s:%d:%d code=%q count=%d\n  %s\n", d.Severity, d.Tool, d.Path, d.Line, d.Col, d.Code, d.Count, d.Message)
		for _, e := range d.Extra {
			fmt.Fprintf(&b, "  | %s\n", e)
		}
	}
	return b.String()
}

// want is the expected head of a parse: how many of each severity and the
// first diagnostic's fields.
type want struct {
	errors, warnings, notes int
	first                   Diagnostic // Extra and Count not compared
}

func TestParseCaptures(t *testing.T) {
	tests := []struct {
		file string
		want want
	}{
		{"captures/go_vet.txt", want{1, 0, 0, Diagnostic{Tool: "go", Severity: SeverityError, Path: "main.go", Line: 6, Col: 28, Message: "fmt.Sprintf format %d has arg name of wrong type string"}}},
		{"captures/go_build.txt", want{4, 0, 0, Diagnostic{Tool: "go", Severity: SeverityError, Path: "./main.go", Line: 5, Col: 2, Message: `"os" imported and not used`}}},
		// go test ./... vets the main package first: its vet error comes first.
		{"captures/go_test.txt", want{4, 0, 0, Diagnostic{Tool: "go", Severity: SeverityError, Path: "./main.go", Line: 6, Col: 28, Message: "fmt.Sprintf format %d has arg name of wrong type string"}}},
		{"captures/go_test_v.txt", want{3, 0, 0, Diagnostic{Tool: "go test", Severity: SeverityError, Path: "calc_test.go", Line: 7, Message: "TestAdd: Add(1, 2) = -1, want 3"}}},
		{"captures/gcc.txt", want{2, 3, 0, Diagnostic{Tool: "gcc", Severity: SeverityError, Path: "bad.c", Line: 10, Col: 24, Message: "too few arguments to function ‘add’"}}},
		{"captures/gpp.txt", want{2, 0, 0, Diagnostic{Tool: "gcc", Severity: SeverityError, Path: "bad.cpp", Line: 7, Col: 25, Message: "conversion from ‘double’ to non-scalar type ‘std::string’ {aka ‘std::__cxx11::basic_string<char>’} requested"}}},
		{"recorded/clang.txt", want{2, 2, 0, Diagnostic{Tool: "clang", Severity: SeverityError, Path: "bad.c", Line: 10, Col: 24, Message: "too few arguments to function call, expected 2, have 1"}}},
		{"captures/rustc_human.txt", want{3, 0, 0, Diagnostic{Tool: "rustc", Severity: SeverityError, Path: "main.rs", Line: 2, Col: 18, Code: "E0308", Message: "mismatched types"}}},
		{"captures/rustc_short.txt", want{3, 0, 0, Diagnostic{Tool: "rustc", Severity: SeverityError, Path: "main.rs", Line: 2, Col: 18, Code: "E0308", Message: "mismatched types: expected `i32`, found `&str`"}}},
		{"captures/rustc_warn.txt", want{0, 2, 0, Diagnostic{Tool: "rustc", Severity: SeverityWarning, Path: "warn.rs", Line: 3, Col: 9, Message: "variable does not need to be mutable"}}},
		{"captures/rustc_warn_short.txt", want{0, 2, 0, Diagnostic{Tool: "rustc", Severity: SeverityWarning, Path: "warn.rs", Line: 3, Col: 9, Message: "variable does not need to be mutable"}}},
		{"captures/tsc.txt", want{3, 0, 0, Diagnostic{Tool: "tsc", Severity: SeverityError, Path: "src/app.ts", Line: 7, Col: 9, Code: "TS2322", Message: "Type 'string' is not assignable to type 'number'."}}},
		{"captures/tsc_pretty.txt", want{3, 0, 0, Diagnostic{Tool: "tsc", Severity: SeverityError, Path: "src/app.ts", Line: 7, Col: 9, Code: "TS2322", Message: "Type 'string' is not assignable to type 'number'."}}},
		{"captures/eslint_stylish.txt", want{5, 2, 0, Diagnostic{Tool: "eslint", Severity: SeverityError, Path: "/tmp/diagcap/js/src/broken.js", Line: 2, Col: 1, Message: "Parsing error: Unexpected token"}}},
		{"captures/eslint_unix.txt", want{5, 2, 0, Diagnostic{Tool: "eslint", Severity: SeverityError, Path: "/tmp/diagcap/js/src/broken.js", Line: 2, Col: 1, Message: "Parsing error: Unexpected token"}}},
		{"captures/flake8.txt", want{1, 3, 0, Diagnostic{Tool: "flake8", Severity: SeverityError, Path: "./calc.py", Line: 11, Col: 23, Code: "F821", Message: "undefined name 'undefined_name'"}}},
		{"recorded/ruff_concise.txt", want{1, 4, 0, Diagnostic{Tool: "ruff", Severity: SeverityError, Path: "calc.py", Line: 11, Col: 23, Code: "F821", Message: "Undefined name `undefined_name`"}}},
		{"recorded/ruff_full.txt", want{1, 1, 0, Diagnostic{Tool: "ruff", Severity: SeverityError, Path: "calc.py", Line: 11, Col: 23, Code: "F821", Message: "Undefined name `undefined_name`"}}},
		{"captures/mypy.txt", want{2, 0, 0, Diagnostic{Tool: "mypy", Severity: SeverityError, Path: "calc.py", Line: 10, Code: "assignment", Message: `Incompatible types in assignment (expression has type "str", variable has type "int")`}}},
		{"captures/mypy_col.txt", want{2, 0, 0, Diagnostic{Tool: "mypy", Severity: SeverityError, Path: "calc.py", Line: 10, Col: 18, Code: "assignment", Message: `Incompatible types in assignment (expression has type "str", variable has type "int")`}}},
		{"captures/pylint.txt", want{1, 3, 8, Diagnostic{Tool: "pylint", Severity: SeverityError, Path: "calc.py", Line: 11, Col: 23, Code: "E0602", Message: "Undefined variable 'undefined_name' (undefined-variable)"}}},
		{"captures/pytest.txt", want{2, 0, 0, Diagnostic{Tool: "pytest", Severity: SeverityError, Path: "test_calc.py", Line: 5, Code: "AssertionError", Message: "test_add: AssertionError: assert -1 == 3"}}},
		{"captures/pytest_native.txt", want{2, 0, 0, Diagnostic{Tool: "pytest", Severity: SeverityError, Path: "/tmp/diagcap/py/test_calc.py", Line: 5, Code: "AssertionError", Message: "test_add: AssertionError: assert -1 == 3"}}},
		{"captures/python_traceback.txt", want{1, 0, 0, Diagnostic{Tool: "python", Severity: SeverityError, Path: "/tmp/diagcap/py/crash.py", Line: 2, Code: "KeyError", Message: "KeyError: 'k'"}}},
	}
	for _, tc := range tests {
		name := strings.TrimSuffix(filepath.Base(tc.file), ".txt")
		t.Run(name, func(t *testing.T) {
			ds := Parse(readCapture(t, tc.file))
			checkWant(t, ds, tc.want)
			golden.Check(t, name, dump(ds))
		})
	}
}

func checkWant(t *testing.T, ds []Diagnostic, w want) {
	t.Helper()
	var e, wa, n int
	for _, d := range ds {
		switch d.Severity {
		case SeverityError:
			e++
		case SeverityWarning:
			wa++
		default:
			n++
		}
	}
	if e != w.errors || wa != w.warnings || n != w.notes {
		t.Errorf("errors/warnings/notes = %d/%d/%d, want %d/%d/%d\n%s", e, wa, n, w.errors, w.warnings, w.notes, dump(ds))
	}
	if len(ds) == 0 {
		return
	}
	got := ds[0]
	got.Extra, got.Count = nil, 0
	if fmt.Sprint(got) != fmt.Sprint(w.first) {
		t.Errorf("first =\n %+v\nwant\n %+v", got, w.first)
	}
}

// TestParseLines covers single shapes the captures do not show.
func TestParseLines(t *testing.T) {
	tests := []struct {
		name, text string
		want       Diagnostic // Count 1 implied
	}{
		{"vet type-check failure", "vet: ./main.go:3:2: undefined: x",
			Diagnostic{Tool: "go vet", Severity: SeverityError, Path: "./main.go", Line: 3, Col: 2, Message: "undefined: x"}},
		{"cargo arrow indented", "warning: unused variable: `y`\n   --> src/lib.rs:120:9\n    |\n",
			Diagnostic{Tool: "rustc", Severity: SeverityWarning, Path: "src/lib.rs", Line: 120, Col: 9, Message: "unused variable: `y`"}},
		{"gcc fatal", "x.c:1:10: fatal error: nope.h: No such file or directory",
			Diagnostic{Tool: "gcc", Severity: SeverityError, Path: "x.c", Line: 1, Col: 10, Message: "nope.h: No such file or directory"}},
		{"windows crlf", "a.ts(1,2): error TS1005: ';' expected.\r\n",
			Diagnostic{Tool: "tsc", Severity: SeverityError, Path: "a.ts", Line: 1, Col: 2, Code: "TS1005", Message: "';' expected."}},
		{"mypy note alone", "a.py:3: note: Revealed type is \"int\"",
			Diagnostic{Tool: "mypy", Severity: SeverityNote, Path: "a.py", Line: 3, Message: "Revealed type is \"int\""}},
		{"passing test log ignored", "=== RUN   TestA\n    a_test.go:3: just logging\n--- PASS: TestA (0.00s)\nb.go:1:1: real",
			Diagnostic{Tool: "go", Severity: SeverityError, Path: "b.go", Line: 1, Col: 1, Message: "real"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ds := Parse(tc.text)
			if len(ds) != 1 {
				t.Fatalf("%d diagnostics:\n%s", len(ds), dump(ds))
			}
			tc.want.Count = 1
			if got := ds[0]; fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got\n %+v\nwant\n %+v", got, tc.want)
			}
		})
	}
}

func TestParseNoise(t *testing.T) {
	for _, text := range []string{"", "\n\n", "ok  \texample.com/x\t0.01s", "12:30:45: server started", "http://host:8080/path: 404", "✖ 3 problems"} {
		if ds := Parse(text); len(ds) != 0 {
			t.Errorf("%q: %s", text, dump(ds))
		}
	}
}
