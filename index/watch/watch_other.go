//go:build !linux

package watch

import "time"

// Watcher is unavailable on this platform: New always fails, and callers
// walk the tree as they would without one.
type Watcher struct{}

// New returns ErrUnsupported.
func New(root string, skipDir func(name string) bool, skip ...string) (*Watcher, error) {
	return nil, ErrUnsupported
}

// Mark returns 0.
func (w *Watcher) Mark() uint64 { return 0 }

// Dirty is always true.
func (w *Watcher) Dirty(uint64) bool { return true }

// Dirs is 0.
func (w *Watcher) Dirs() int { return 0 }

// Lost is always true.
func (w *Watcher) Lost() bool { return true }

// Events never ticks.
func (w *Watcher) Events() <-chan struct{} { return nil }

// Close does nothing.
func (w *Watcher) Close() error { return nil }

// Barrier returns ErrUnsupported.
func (w *Watcher) Barrier(string) error { return ErrUnsupported }

// HasBarrier is always false.
func (w *Watcher) HasBarrier() bool { return false }

// Sync is always false.
func (w *Watcher) Sync(time.Duration) bool { return false }

// Changed cannot say.
func (w *Watcher) Changed(uint64) ([]string, bool) { return nil, false }
