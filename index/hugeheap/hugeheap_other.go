//go:build !linux

package hugeheap

// Back: only Linux's transparent huge pages are asked for; elsewhere the
// heap is left as the runtime maps it, and nothing is backed.
func Back(int) int { return 0 }

// Restore: the collector is left as it is elsewhere.
func Restore() {}
