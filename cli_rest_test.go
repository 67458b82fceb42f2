package main

import (
	"path/filepath"
	"slices"
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
	root, ix := t.TempDir(), filepath.Join(t.TempDir(), "ix")
	writeFiles(t, root, restRepo)
	pack := func(budget string, extra ...string) binResult {
		t.Helper()
		r := runBin(t, "", append([]string{"pack", "retry failed payments with backoff", "--root", root,
			"--index-dir", ix, "--budget", budget, "--sources", "code"}, extra...)...)
		if r.err != nil {
			t.Fatalf("pack %v: %v\n%s", extra, r.err, r.stderr)
		}
		return r
	}

	levels := map[string]string{}
	for _, b := range packJSONOf(t, pack("8000", "--format", "json").stdout).Blocks {
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

	tight := packJSONOf(t, pack("300", "--format", "json").stdout)
	names := map[string]bool{}
	for _, b := range tight.Blocks {
		names[b.Name] = true
	}
	if !names["RetryPayment"] || names["NewLedger"] {
		t.Errorf("tight budget: packed %v, want RetryPayment and no filler", names)
	}
	for _, l := range tight.LeftOut {
		if strings.HasSuffix(l.ID, "#NewLedger") {
			t.Errorf("the filler NewLedger is listed as left out: %+v", tight.LeftOut)
		}
	}

	// --explain names the signal that put the filler there.
	explained := pack("8000", "--explain", "--out", filepath.Join(t.TempDir(), "o.md")).stderr
	lines := strings.Split(explained, "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "NewLedger") })
	if i < 0 || !strings.HasSuffix(strings.TrimSpace(lines[i]), " rest") {
		t.Errorf("--explain does not show the filler with its signal:\n%s", explained)
	}
}
