package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackExplainsRelatedTerms: through the command, a query in words
// ("composition") finds the code's word (compose) by the repository's
// vocabulary, and the block's JSON reasons say so.
func TestPackExplainsRelatedTerms(t *testing.T) {
	root := filepath.Join(t.TempDir(), "fn")
	files := map[string]string{
		"fn/compose.go":  "package fn\n\nfunc compose(f, g func(int) int) func(int) int { return func(x int) int { return f(g(x)) } }\n",
		"fn/identity.go": "package fn\n\n// identity is the neutral function.\nfunc identity(x int) int { return x }\n",
	}
	for i := range 4 {
		files[fmt.Sprintf("fn/more%d.go", i)] = fmt.Sprintf("package fn\n\nfunc composeMore%d() { compose(nil, nil) }\n", i)
	}
	writeFiles(t, root, files)
	out, err := runCLI(t, "", "pack", "function composition", "--root", root,
		"--index-dir", filepath.Join(t.TempDir(), "index"), "--budget", "4000", "--format", "json", "--sources", "code")
	if err != nil {
		t.Fatalf("pack: %v", err)
	}
	var p struct {
		Blocks []struct {
			Name    string   `json:"name"`
			Reasons []string `json:"reasons"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	for _, b := range p.Blocks {
		if b.Name == "compose" {
			for _, r := range b.Reasons {
				if strings.Contains(r, "related") && strings.Contains(r, "compose ← composition") {
					return
				}
			}
			t.Fatalf("compose packed without a related reason: %q", b.Reasons)
		}
	}
	t.Fatalf("compose not packed: %s", out)
}
