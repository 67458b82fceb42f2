//go:build cgo && linux

package chunk

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU returns the CPU time of the calling OS thread. A parse and its
// progress callbacks run on one thread (the cgo call holds it), so this
// measures the parse's own work, whatever the machine's load.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
