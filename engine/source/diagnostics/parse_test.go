package diagnostics

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
			golden(t, name, dump(ds))
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
