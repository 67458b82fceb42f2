//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Self is the user and system CPU time of this process so far.
func Self() time.Duration { return usage(syscall.RUSAGE_SELF) }

// WithChildren is Self plus the CPU time of the finished children (the
// git commands a benchmark ran).
func WithChildren() time.Duration { return Self() + usage(syscall.RUSAGE_CHILDREN) }

func usage(who int) time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
