package main

import (
	"os"
	"runtime/debug"
)

// setGC applies a command's GC settings (percent, soft memory limit)
// unless the person set GOGC or GOMEMLIMIT: theirs win, both of them.
func setGC(percent int, softLimit int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(percent)
	debug.SetMemoryLimit(softLimit)
}
