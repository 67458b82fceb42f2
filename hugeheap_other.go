//go:build !linux

package main

// backHeap: only Linux's transparent huge pages are asked for; elsewhere
// the heap is left as the runtime maps it.
func backHeap(int) {}
