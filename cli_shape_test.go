package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestPackShapeSymbols: through the binary, a Swift method and a Scala
// one are found by name as blocks of their own (Type.method, from their
// first line to their last), where both files were windows before.
func TestPackShapeSymbols(t *testing.T) {
	root := t.TempDir()
	for name, rel := range map[string]string{"Charge.swift": "Billing/Charge.swift", "Ledger.scala": "src/Ledger.scala"} {
		src, err := os.ReadFile(filepath.Join("index", "chunk", "testdata", "langs", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, rel), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ix := filepath.Join(t.TempDir(), "ix")
	for _, tc := range []struct {
		query, qual string
		first, last int
	}{
		{"Charger.retry", "Charger.retry", 21, 28},
		{"Ledger.record", "Ledger.record", 10, 14},
	} {
		r := mustRun(t, runBin(t, "", "pack", tc.query, "--root", root, "--index-dir", ix, "--format", "json", "--sources", "code"))
		var p packJSON
		if err := json.Unmarshal([]byte(r.stdout), &p); err != nil {
			t.Fatalf("json: %v\n%s", err, r.stdout)
		}
		if len(p.Blocks) == 0 {
			t.Fatalf("%s: nothing packed", tc.query)
		}
		b := p.Blocks[0]
		if b.QualifiedName != tc.qual || b.StartLine != tc.first || b.EndLine != tc.last {
			t.Errorf("%s: first block %s %d-%d, want %s %d-%d", tc.query, b.QualifiedName, b.StartLine, b.EndLine, tc.qual, tc.first, tc.last)
		}
	}
}
