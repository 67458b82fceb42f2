//go:build !linux

package hugeheap

// Back: only Linux's transparent huge pages are asked for; elsewhere the
// heap is left as the runtime maps it.
func Back(int) {}

// Restore: the collector is left as it is elsewhere.
func Restore() {}
