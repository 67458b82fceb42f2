package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackShowsThePanickingLine: a pasted stack trace points into a
// 300-line function that cannot fit the budget in full; the pack still
// prints the panicking line, and its JSON says which lines it shows.
func TestPackShowsThePanickingLine(t *testing.T) {
	root, ix := fixture(t, "payments")
	var src strings.Builder
	src.WriteString("package payments\n\n// Reconcile walks the ledger.\nfunc Reconcile(entries []int) int {\n\ttotal := 0\n")
	for i := 6; i < 300; i++ {
		if i == 200 {
			src.WriteString("\t\tpanic(\"reconcile: negative balance\")\n")
			continue
		}
		fmt.Fprintf(&src, "\ttotal += entries[%d] * %d\n", i%3, i)
	}
	src.WriteString("\treturn total\n}\n")
	if err := os.WriteFile(filepath.Join(root, "reconcile.go"), []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	query := "panic: reconcile: negative balance\n\ngoroutine 1 [running]:\nexample.com/payments.Reconcile(...)\n" +
		"\t/home/ci/src/payments/reconcile.go:200 +0x1d\n"
	out, err := runCLI(t, query, "pack", "-", "--root", root, "--index-dir", ix, "--budget", "1500", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Context string `json:"context"`
		Blocks  []struct {
			Path  string   `json:"path"`
			Level string   `json:"level"`
			Shown [][2]int `json:"shown"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Context, `panic("reconcile: negative balance")`) {
		t.Fatalf("the panicking line is not in the pack:\n%s", p.Context)
	}
	for _, b := range p.Blocks {
		if b.Path != "reconcile.go" {
			continue
		}
		for _, r := range b.Shown {
			if r[0] <= 200 && 200 <= r[1] && b.Level != "full" {
				return
			}
		}
		t.Fatalf("reconcile.go at %s shows %v, want a partial level showing line 200", b.Level, b.Shown)
	}
	t.Fatal("reconcile.go not packed")
}
