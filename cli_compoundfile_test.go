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

// TestPackQualifierPushesDownTheSameNameElsewhere: through the binary, for
// "url.Parse accepts invalid port", once package url's Parse is found the
// Parse of another package (math/big's Float.Parse) is another thing: the
// port check of package url comes before it (engine/score.go, symbol).
func TestPackQualifierPushesDownTheSameNameElsewhere(t *testing.T) {
	p := packCodeOf(t, map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.22\n",
		"url/url.go": `package url

// Parse parses a raw URL into a URL structure.
func Parse(raw string) (string, error) {
	return raw, nil
}

// validPort reports whether port is a colon and digits.
func validPort(port string) bool {
	return len(port) > 1 && port[0] == ':'
}
`,
		"big/floatconv.go": `package big

// Parse parses s as a floating-point number in the given base.
func (z *Float) Parse(s string, base int) (*Float, error) {
	return z, nil
}
`,
	}, "url.Parse accepts invalid port", "2000")
	rank := map[string]int{}
	for i, b := range p.Blocks {
		if _, ok := rank[b.QualifiedName]; !ok {
			rank[b.QualifiedName] = i + 1
		}
	}
	if rank["Parse"] != 1 || rank["validPort"] == 0 || rank["Float.Parse"] != 0 && rank["Float.Parse"] < rank["validPort"] {
		t.Fatalf("blocks %v: want url's Parse first, then its validPort before Float.Parse", blockNames(p))
	}
}

// TestPackFindsTheCheckForANegatedWord: through the binary, "invalid"
// finds the check named for what should hold (validPort), not only the
// other code about ports (engine/expand_terms.go, negatedRoot).
func TestPackFindsTheCheckForANegatedWord(t *testing.T) {
	p := packCodeOf(t, map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.22\n",
		"net/listen.go": `package net

// listenPort opens the port and serves the server on it.
func listenPort(port string) error {
	return serve(port)
}
`,
		"net/verify.go": `package net

// validPort reports whether port is a colon and digits.
func validPort(port string) bool {
	return len(port) > 1 && port[0] == ':'
}
`,
	}, "server accepts an invalid port", "2000")
	if len(p.Blocks) == 0 || p.Blocks[0].Name != "validPort" {
		t.Fatalf("blocks %v: want validPort first", blockNames(p))
	}
}
