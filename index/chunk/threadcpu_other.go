//go:build cgo && !linux

package chunk

import "time"

// clockStart anchors threadCPU's monotonic reading.
var clockStart = time.Now()

// threadCPU falls back to wall time where the thread's CPU clock is not
// read (the deadline then depends on the machine's load).
func threadCPU() time.Duration { return time.Since(clockStart) }
