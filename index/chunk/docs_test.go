package chunk

import "testing"

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
