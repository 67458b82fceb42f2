//go:build !unix

package cputime

import "time"

// Self is not measured here: 0.
func Self() time.Duration { return 0 }

// WithChildren is not measured here: 0.
func WithChildren() time.Duration { return 0 }
