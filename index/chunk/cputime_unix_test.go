//go:build unix

package chunk

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) this process has used;
// on a shared machine it measures work better than wall time does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
