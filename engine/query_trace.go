package engine

// Stack traces and error lines in pasted issues: their paths, function
// names and messages are the strongest signals a query can carry.

import (
	"strings"

	"github.com/loupe-dev/loupe/index/chunk"
)

// traceLine recognizes one frame of a stack trace and records its path and
// function with trace priority. It reports whether the line was a frame.
func (a *analyzer) traceLine(trim string) bool {
	switch {
	case strings.HasPrefix(trim, `File "`):
		return a.pythonFrame(trim)
	case strings.HasPrefix(trim, "Traceback (most recent call"):
		return true
	case strings.HasPrefix(trim, "at "):
		return a.atFrame(strings.TrimPrefix(trim, "at "))
	case strings.HasPrefix(trim, "goroutine ") && strings.HasSuffix(trim, ":"):
		a.goTrace = true
		return true
	case a.goFrame(trim), a.rustFrame(trim):
		return true
	}
	return false
}

// pythonFrame: File "x/y.py", line 3, in foo
func (a *analyzer) pythonFrame(trim string) bool {
	rest := strings.TrimPrefix(trim, `File "`)
	end := strings.IndexByte(rest, '"')
	if end < 0 {
		return false
	}
	if p, ok := pathOf(rest[:end], true); ok {
		a.paths.add(p, priorityTrace)
	}
	if i := strings.LastIndex(rest, ", in "); i >= 0 {
		a.traceIdent(rest[i+len(", in "):])
	}
	return true
}

// atFrame: JS "fn (file.js:1:2)", "file.js:1:2", Java "a.b.C.m(C.java:4)",
// Rust backtrace "./src/x.rs:12:5".
func (a *analyzer) atFrame(rest string) bool {
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, "async "), "new ")
	fn, loc := "", rest
	if i := strings.IndexByte(rest, '('); i >= 0 && strings.HasSuffix(rest, ")") {
		fn, loc = strings.TrimSpace(rest[:i]), rest[i+1:len(rest)-1]
	}
	if strings.HasPrefix(loc, "node:") || strings.HasPrefix(loc, "internal/") {
		return true
	}
	loc = strings.TrimPrefix(loc, "file://")
	if p, ok := pathOf(loc, true); ok {
		a.paths.add(p, priorityTrace)
	} else if fn == "" {
		return false
	}
	if fn != "" {
		a.traceIdent(fn)
	}
	return true
}

// goFrame: "pkg/path.(*T).Method(0x1, ...)" or "\t/abs/file.go:42 +0x1d",
// recognized after a "goroutine N [running]:" line.
func (a *analyzer) goFrame(trim string) bool {
	if !a.goTrace {
		return false
	}
	if i := strings.Index(trim, ".go:"); i > 0 && !strings.ContainsAny(trim[:i], " ()") {
		if p, ok := pathOf(strings.Fields(trim)[0], true); ok {
			a.paths.add(p, priorityTrace)
		}
		return true
	}
	trim = strings.TrimPrefix(trim, "created by ")
	if j := strings.Index(trim, " in goroutine"); j > 0 {
		trim = trim[:j] + "()"
	}
	open := goCallOpen(trim)
	if open <= 0 || !strings.HasSuffix(trim, ")") || strings.ContainsAny(trim[:open], " \"'") {
		return false
	}
	fn := strings.NewReplacer("(*", "", ")", "").Replace(trim[:open])
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	if !strings.HasPrefix(fn, "runtime.") && !strings.HasPrefix(fn, "testing.") {
		a.traceIdent(fn)
	}
	return true
}

// goCallOpen finds the '(' that starts a Go frame's arguments, skipping
// the "(*T)" of a pointer receiver.
func goCallOpen(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '(' && (i+1 >= len(s) || s[i+1] != '*') {
			return i
		}
	}
	return -1
}

// rustFrame: "  12: mycrate::module::func" (a backtrace line).
func (a *analyzer) rustFrame(trim string) bool {
	i := strings.Index(trim, ": ")
	if i <= 0 || !isNumber(trim[:i]) {
		return false
	}
	fn := strings.TrimSpace(trim[i+2:])
	if !strings.Contains(fn, "::") || strings.ContainsAny(fn, " ") {
		return false
	}
	for _, skip := range []string{"std::", "core::", "alloc::", "rust_begin_unwind", "__rust"} {
		if strings.HasPrefix(fn, skip) || strings.HasPrefix(fn, "<"+skip) {
			return true
		}
	}
	parts := strings.Split(fn, "::")
	if last := parts[len(parts)-1]; len(last) == 17 && last[0] == 'h' {
		parts = parts[:len(parts)-1] // the symbol hash
	}
	a.traceIdent(strings.Join(parts, "::"))
	return true
}

// traceIdent records a frame's function, keeping at most its last two
// qualified parts ("com.x.Foo.bar" → "Foo.bar"), and skipping anonymous
// frames.
func (a *analyzer) traceIdent(fn string) {
	fn = strings.TrimSpace(fn)
	fn = strings.TrimPrefix(fn, "Object.")
	parts := splitQualified(fn)
	if parts == nil || fn == "<module>" {
		return
	}
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	id := strings.Join(parts, ".")
	a.idents.add(id, priorityTrace)
	a.addWords(id, 1, false)
}

// errorLine records the message of "ValueError: bad input",
// "panic: runtime error: …", "Error: …", "error[E0308]: …" or
// "thread 'main' panicked at …" as a phrase, and a custom exception's
// class as an identifier.
func (a *analyzer) errorLine(trim string) {
	if strings.HasPrefix(trim, "thread '") {
		if i := strings.Index(trim, "panicked at "); i > 0 {
			a.panicAt(trim[i+len("panicked at "):])
		}
		return
	}
	i := strings.Index(trim, ": ")
	if i <= 0 {
		return
	}
	head, msg := trim[:i], strings.TrimSpace(trim[i+2:])
	switch {
	case head == "panic" || head == "fatal error":
		a.goTrace = true
	case strings.EqualFold(head, "error") || strings.HasPrefix(head, "error["):
	case isExceptionName(head):
		parts := splitQualified(head)
		a.idents.add(parts[len(parts)-1], priorityTrace)
	default:
		return
	}
	a.phrase(strings.Trim(msg, `"'`), priorityTrace)
}

// panicAt handles Rust's "panicked at 'msg', src/x.rs:3:5" and
// "panicked at src/x.rs:3:5:".
func (a *analyzer) panicAt(rest string) {
	if strings.HasPrefix(rest, "'") {
		if j := strings.LastIndex(rest, "', "); j > 0 {
			a.phrase(rest[1:j], priorityTrace)
			rest = rest[j+3:]
		}
	}
	if p, ok := pathOf(strings.TrimRight(rest, ":"), true); ok {
		a.paths.add(p, priorityTrace)
	}
}

func isExceptionName(head string) bool {
	parts := splitQualified(head)
	if parts == nil {
		return false
	}
	last := parts[len(parts)-1]
	for _, suf := range []string{"Error", "Exception", "Warning", "Exit", "Interrupt", "Failure"} {
		if strings.HasSuffix(last, suf) {
			return true
		}
	}
	return false
}

// importLine turns "from a.b import c" and "import a.b" into the module
// path "a/b" (matched against directories and files) and c into an
// identifier.
func (a *analyzer) importLine(trim string) {
	f := strings.Fields(trim)
	if len(f) < 2 || (f[0] != "from" && f[0] != "import") {
		return
	}
	mod := strings.TrimRight(f[1], ",")
	if parts := splitQualified(mod); len(parts) > 1 && !strings.Contains(mod, "::") {
		a.paths.add(strings.Join(parts, "/"), priorityCode)
	}
	if f[0] == "from" && len(f) > 3 && f[2] == "import" {
		for _, name := range f[3:] {
			name = strings.Trim(name, ",()")
			if chunk.IsIdentifier(name) && len(name) > 1 {
				a.idents.add(name, priorityCode)
			}
		}
	}
}
