// Package ledger keeps an append-only record of payment attempts.
package ledger

import "sync"

// Entry is one recorded attempt.
type Entry struct {
	PaymentID string
	Status    string
	TxID      string
}

// Ledger is safe for concurrent use.
type Ledger struct {
	mu      sync.Mutex
	entries []Entry
}

// New returns an empty ledger.
func New() *Ledger { return &Ledger{} }

// Record appends e.
func (l *Ledger) Record(e Entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
}

// Entries returns a copy of the recorded entries.
func (l *Ledger) Entries() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Entry(nil), l.entries...)
}
