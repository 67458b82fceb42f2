// Package diagnostics is the source that shows the model what is broken:
// errors and warnings of compilers, linters and test runners, each with the
// code around the line it points at.
//
// Why a source of its own: when a task is "fix the build", the most useful
// context is the compiler's own words next to the lines they name, and the
// code index cannot know either. The output of any tool is accepted as text
// (a file, stdin, or a command run in the root), so loupe needs no plugin per
// tool and works with whatever the person already runs.
//
// # Parsing
//
// [Parse] reads the text line by line. At each line it asks a fixed list of
// parsers, most specific first, whether the line starts a diagnostic; the
// first that recognises it consumes the line (and any continuation lines:
// source echoes, notes, stack frames) and returns what it found. Lines no
// parser knows are ignored, so progress bars, summaries and interleaved
// output cost nothing. Tool detection is therefore per line: a `make` log
// mixing gcc, go vet and eslint output yields diagnostics of all three.
//
// Formats: Go (build and vet `path:line:col: msg`, test failures under
// `--- FAIL: TestX` or `=== RUN`, panics with goroutine traces: the first
// frame outside the runtime and testing packages is the location), gcc and
// clang (`path:line:col: error: msg`, with their source echoes and the notes
// that follow folded into the error), rustc (short and human `--> path`),
// tsc (`path(line,col)` and pretty), eslint (stylish and unix), ruff and
// flake8 (`path:line:col: CODE msg`, ruff's `-->` form too), mypy, pylint,
// pytest tracebacks (long and native) and plain Python tracebacks.
//
// After parsing, identical diagnostics are merged (Count keeps how many) and
// the list is ordered errors, then warnings, then notes, each in the order
// the tool printed them: the first error is usually the cause of the rest.
//
// # Ranking
//
// A candidate's score lives in a band by severity, so an error always
// outranks a warning and a warning a note: errors in [0.6, 1], warnings in
// [0.3, 0.6), notes below. Inside the band, mentions of the query's paths,
// identifiers and keywords in the path, message, code and surrounding source
// lift the score (up to the band's top), and the tool's order lowers it
// slightly (the first error outranks the tenth). Signals name each term.
//
// # Blocks
//
// Each block starts with one header per diagnostic ("error rustc:
// mismatched types [E0308]", its location, notes and help), then the code:
// the enclosing function when the index knows it (head, the lines near
// each reported line and the closing line when it is longer than 40
// lines), else ±8 lines, numbered, each reported line marked with ">".
// Only the best Max diagnostics (default 5) are shown; those whose code
// overlaps in one file share one block, so two errors in one function cost
// the function once, and no two blocks of a file overlap (the packer folds
// a block that lies inside another). The block's range is the code shown.
//
// # Safety
//
// Paths outside the root (absolute paths elsewhere, paths climbing out with
// "..") are shown as the tool printed them but never read: a diagnostic can
// not make loupe read /etc/passwd into a prompt. A command runs with a
// timeout in its own process group and its output is parsed once and cached;
// a non-zero exit is the normal case for a failing build.
package diagnostics
