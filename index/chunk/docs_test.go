package chunk

import (
	"strings"
	"testing"
)

func TestDocBlocks(t *testing.T) {
	runWantBlocks(t, []wantBlocks{
		{"README.md", []string{
			"section 1-6 Payments service",
			"section 7-11 Payments service > Architecture",
			"section 12-17 Payments service > Architecture > Components",
			"section 18-21 Payments service > Architecture > Ledger",
			"section 22-32 Payments service > Development",
			"section 33-36 Payments service > Configuration",
		}},
		{"docs/retries.md", []string{
			"section 1-6 Retries",
			"section 7-16 Retries > Backoff policy",
			"section 17-19 Retries > Idempotency",
		}},
		{"docs/runbook.rst", []string{
			"section 1-5 Payments runbook",
			"section 6-10 Payments runbook > Gateway outage",
			"section 11-14 Payments runbook > Ledger drift",
		}},
		{"NOTES.txt", []string{
			"window 1-6",
		}},
	})
}

func TestMarkdownEdges(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"front matter is not a setext heading", "---\ntitle: x\n---\n# A\n", []string{"section 1-3", "section 4-4 A"}},
		{"closing hashes and levels", "## B ##\ntext\n#### D\n# E\n", []string{"section 1-2 B", "section 3-3 B > D", "section 4-4 E"}},
		{"not headings", "#hashtag\n    # indented code\n- item\n---\n", []string{"section 1-4"}},
		{"backtick fence with info string", "# A\n```go\n# no\n```\n## B\n", []string{"section 1-4 A", "section 5-5 A > B"}},
		{"longer closing fence only", "````\n```\n# no\n````\n# A\n", []string{"section 1-4", "section 5-5 A"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := summaries(File("x.md", []byte(tc.src)))
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}
