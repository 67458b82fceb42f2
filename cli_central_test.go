package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestPackPutsTheFileOthersImportFirst: a question about how something
// works is answered by the file the rest of the code imports. The
// pipeline's method applies middleware in a long body; a short marker
// class in a file nothing imports says the question's words in its name
// and docstring, and BM25 alone ranks it first.
func TestPackPutsTheFileOthersImportFirst(t *testing.T) {
	files := map[string]string{
		"app/pipeline.py": `class Pipeline:
    """Sends a request through layers of callables."""

    def __init__(self, layers):
        self.layers = list(layers)
        self.carry = None
        self.stack = []
        self.log = []

    def then(self, request, destination):
        """Each middleware is applied to the request in turn."""
        result = request
        for layer in reversed(self.layers):
            self.stack.append(layer)
        for layer in self.stack:
            result = layer(result)
            self.carry = result
        self.stack.clear()
        return destination(result)
`,
		"app/attributes.py": `class AppliedMarker:
    """Middleware applied to each request."""
`,
	}
	for i, name := range []string{"router", "kernel", "jobs", "console"} {
		files[fmt.Sprintf("app/%s.py", name)] = fmt.Sprintf(`from app.pipeline import Pipeline


def run%d(request, layers):
    return Pipeline(layers).then(request, lambda r: r)
`, i)
	}
	p := packCodeOf(t, files, "how middleware is applied to each request", "4000")
	if len(p.Blocks) < 2 || p.Blocks[0].Name != "then" {
		t.Fatalf("blocks %v: want Pipeline.then first, in the file four others import", blockNames(p))
	}
	if r := strings.Join(p.Blocks[0].Reasons, "; "); !strings.Contains(r, "4 files import app/pipeline.py") {
		t.Errorf("Pipeline.then's reasons %q do not say who imports its file", r)
	}
}
