package commits

import (
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// TestFilesTextCountedFirst: the files git showed counts for come first,
// each group in the commit's order, and what the limit cuts is counted.
func TestFilesTextCountedFirst(t *testing.T) {
	c := index.Commit{Files: []string{"a.go", "b.go", "c.go", "d.go"}, Added: 3, Deleted: 1}
	stats := map[string][2]int{"b.go": {2, 0}, "d.go": {1, 1}}
	for limit, want := range map[int]string{
		3:  "4 files changed, +3 −1\n  b.go  +2 −0\n  d.go  +1 −1\n  a.go\n  … 1 more\n",
		1:  "4 files changed, +3 −1\n  b.go  +2 −0\n  … 3 more\n",
		10: "4 files changed, +3 −1\n  b.go  +2 −0\n  d.go  +1 −1\n  a.go\n  c.go\n",
	} {
		if got := filesText(c, stats, limit); got != want {
			t.Errorf("limit %d:\n%s\nwant:\n%s", limit, got, want)
		}
	}
}
