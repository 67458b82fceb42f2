package main

import "testing"

// TestPackReadsAFileNameOfTwoWords: through the binary, of two files that
// answer a question alike, the one whose name runs two of its words
// together (threadpool.go ← "thread pool") comes first (engine/score.go,
// path).
func TestPackReadsAFileNameOfTwoWords(t *testing.T) {
	body := func(name string) string {
		return `package pool

// ` + name + ` runs queued work on a fixed set of threads.
func ` + name + `(work []func()) {
	for _, w := range work {
		w()
	}
}
`
	}
	p := packCodeOf(t, map[string]string{
		"go.mod":             "module example.com/p\n\ngo 1.22\n",
		"pool/runner.go":     body("Drain"),
		"pool/threadpool.go": body("Flush"),
	}, "thread pool that runs queued work", "2000")
	if len(p.Blocks) < 2 || p.Blocks[0].Path != "pool/threadpool.go" {
		t.Fatalf("blocks %v: want pool/threadpool.go first", blockNames(p))
	}
}

// TestPackReadsAFileNamedByInitials: through the binary, of two files that
// answer a question alike, the one named by the initials of two of its
// words (fs.c ← "file system") comes first (engine/score.go, path).
func TestPackReadsAFileNamedByInitials(t *testing.T) {
	body := func(name string) string {
		return "/* " + name + " opens, reads and writes files on disk. */\nint " + name +
			"(const char *p) {\n\treturn open_file(p);\n}\n"
	}
	p := packCodeOf(t, map[string]string{
		"src/core.c": body("uv_read"),
		"src/fs.c":   body("uv_open"),
	}, "file system operations like open and read", "2000")
	if len(p.Blocks) < 2 || p.Blocks[0].Path != "src/fs.c" {
		t.Fatalf("blocks %v: want src/fs.c first", blockNames(p))
	}
}
