package payments

import (
	"context"
	"errors"
	"time"
)

// Backoff decides how long to wait before the next attempt.
type Backoff interface {
	// Next returns the delay before attempt n (1-based).
	Next(n int) time.Duration
}

// ExponentialBackoff doubles the delay after each attempt, up to Max.
type ExponentialBackoff struct {
	Base time.Duration
	Max  time.Duration
}

// NewExponentialBackoff returns a backoff starting at base and capped at max.
func NewExponentialBackoff(base, max time.Duration) *ExponentialBackoff {
	return &ExponentialBackoff{Base: base, Max: max}
}

// Next implements Backoff.
func (b *ExponentialBackoff) Next(n int) time.Duration {
	d := b.Base << uint(n-1)
	if d > b.Max || d <= 0 {
		return b.Max
	}
	return d
}

// retryWithBackoff calls op until it succeeds, the context ends or
// maxAttempts is reached. Declined payments are never retried.
func retryWithBackoff(ctx context.Context, b Backoff, maxAttempts int, op func() error) error {
	var err error
	for n := 1; n <= maxAttempts; n++ {
		if err = op(); err == nil || errors.Is(err, ErrDeclined) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.Next(n)):
		}
	}
	return err
}
