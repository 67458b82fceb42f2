package secrets

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestScanTree reports every finding in a tree, for checking false
// positives by hand: LOUPE_SCAN_DIR=$(go env GOROOT)/src go test
// ./index/secrets -run TestScanTree -v. It is skipped without the variable.
func TestScanTree(t *testing.T) {
	dir := os.Getenv("LOUPE_SCAN_DIR")
	if dir == "" {
		t.Skip("LOUPE_SCAN_DIR not set")
	}
	d := detector(t)
	byRule := map[string]int{}
	files, total := 0, 0
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		info, err := e.Info()
		if err != nil || info.Size() > 1<<20 || !info.Mode().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || strings.IndexByte(string(b[:min(len(b), 8000)]), 0) >= 0 {
			return nil
		}
		files++
		rel, _ := filepath.Rel(dir, p)
		text := string(b)
		for _, f := range d.Find(filepath.ToSlash(rel), text) {
			total++
			byRule[f.Rule]++
			t.Logf("%s:%d %s %q", rel, f.Line, f.Rule, clip(text[f.Start:f.End]))
		}
		return nil
	})
	rules := make([]string, 0, len(byRule))
	for r := range byRule {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	for _, r := range rules {
		t.Logf("rule %s: %d", r, byRule[r])
	}
	t.Logf("%d findings in %d files", total, files)
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
