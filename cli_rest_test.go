package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// restRepo is a small repository: the query's words are in RetryPayment
// alone; the constructor beside it holds none of them, and Record (in
// another file) is only called by it.
var restRepo = map[string]string{
	"billing/charge.go": `package billing

// Ledger keeps balances.
type Ledger struct{ sums map[string]int }

// NewLedger makes an empty Ledger.
func NewLedger() *Ledger {
	return &Ledger{sums: map[string]int{}}
}

// RetryPayment retries a failed payment with backoff.
func RetryPayment(l *Ledger, id string) error {
	wait := 1
	for try := 0; try < 5; try++ {
		l.Record(id)
		if l.sums[id] == 0 {
			return nil
		}
		switch {
		case try < 2:
			wait++
		case try < 4:
			wait *= 2
		default:
			wait *= 3
		}
		if wait > 60 {
			wait = 60
		}
	}
	return nil
}
`,
	"billing/ledger.go": `package billing

// Record notes one attempt and forgets an id after three.
func (l *Ledger) Record(id string) {
	l.sums[id]++
	if l.sums[id] > 3 {
		delete(l.sums, id)
	}
}
`,
}

// TestPackUsesLeftoverBudgetOnTheFilesItFound: through the binary, a pack
// with budget to spare shows the rest of the file it found (the
// constructor, as a filler) and the callee's code, not its signature
// alone; a tight pack shows the match, and lists no filler as left out.
func TestPackUsesLeftoverBudgetOnTheFilesItFound(t *testing.T) {
	q := "retry failed payments with backoff"
	p := packCodeOf(t, restRepo, q, "8000")
	levels := map[string]string{}
	for _, b := range p.Blocks {
		levels[b.Name] = b.Level
		if b.Name == "NewLedger" && (!b.Filler || !strings.Contains(strings.Join(b.Reasons, " "), "the rest of billing/charge.go")) {
			t.Errorf("NewLedger: filler %v, reasons %q; want a filler that says it completes its file", b.Filler, b.Reasons)
		}
		if b.Filler && b.Name != "NewLedger" {
			t.Errorf("%s is marked a filler", b.Name)
		}
	}
	if levels["RetryPayment"] != "full" || levels["NewLedger"] != "full" || levels["Record"] != "full" {
		t.Errorf("budget to spare: levels %v, want RetryPayment, NewLedger and Record in full", levels)
	}

	root := t.TempDir()
	writeFiles(t, root, restRepo)
	r := runBin(t, "", "pack", q, "--root", root, "--index-dir", filepath.Join(t.TempDir(), "ix"),
		"--budget", "300", "--format", "json", "--sources", "code")
	if r.err != nil {
		t.Fatalf("pack: %v\n%s", r.err, r.stderr)
	}
	names := map[string]bool{}
	for _, b := range packJSONOf(t, r.stdout).Blocks {
		names[b.Name] = true
	}
	if !names["RetryPayment"] || names["NewLedger"] {
		t.Errorf("tight budget: packed %v, want RetryPayment and no filler", names)
	}
	var left struct {
		LeftOut []struct {
			ID string `json:"id"`
		} `json:"left_out"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &left); err != nil {
		t.Fatal(err)
	}
	for _, l := range left.LeftOut {
		if strings.HasSuffix(l.ID, "#NewLedger") {
			t.Errorf("the filler NewLedger is listed as left out: %+v", left.LeftOut)
		}
	}

	// --explain names the signal that put the filler there.
	r = runBin(t, "", "pack", q, "--root", root, "--index-dir", filepath.Join(t.TempDir(), "ix"),
		"--budget", "8000", "--sources", "code", "--explain", "--out", filepath.Join(t.TempDir(), "o.md"))
	if r.err != nil {
		t.Fatalf("pack --explain: %v\n%s", r.err, r.stderr)
	}
	for _, line := range strings.Split(r.stderr, "\n") {
		if strings.Contains(line, "NewLedger") && !strings.HasSuffix(strings.TrimSpace(line), " rest") {
			t.Errorf("--explain shows the filler without its signal: %q", line)
		}
	}
}
