//go:build linux

package hugeheap

import (
	"runtime"
	"strings"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on x86-64 and on arm64
// with 4 KiB pages. Where it is larger (arm64 with 64 KiB pages), the
// touches below still fault the memory in, in smaller pages.
const hugePage = 2 << 20

// The imports above are few on purpose: the linker runs a package's init
// once the packages it imports have run theirs, the lexically first ready
// package first, so a package that needs only the runtime's closest
// packages runs near the start, before glamour's dependencies allocate.
// TestHugeHeapRunsBeforeHeavyInits (package main) keeps it so.
func init() { Back(atStart) }

// Back gives the process n more bytes of heap that are already in memory,
// in huge pages: it takes n bytes from the heap without zeroing them
// (strings.Builder.Grow: a fresh span's pages stay untouched), asks for
// huge pages on them, touches one byte in each, and collects. The span
// goes back to the heap, and what the process allocates next is carved
// from those pages without a fault (Go reuses its lowest free pages
// first). Nothing happens when the kernel already backs everything with
// huge pages ("always") or never does ("never").
func Back(n int) {
	if n <= 0 || !onRequest() {
		return
	}
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteByte(0)
	p := unsafe.Pointer(unsafe.StringData(sb.String()))
	buf := unsafe.Slice((*byte)(p), n)
	from := int((hugePage - uintptr(p)%hugePage) % hugePage)
	to := from + (n-from)/hugePage*hugePage
	if from < to && syscall.Madvise(buf[from:to], syscall.MADV_HUGEPAGE) == nil {
		for i := from; i < to; i += hugePage {
			buf[i] = 0
		}
	}
	runtime.KeepAlive(buf)
	sb.Reset()
	runtime.GC()
}

// onRequest reports whether transparent huge pages are given to memory
// that asks for them and only to it. It reads the setting with system
// calls, not package os, for the reason given above init.
func onRequest() bool {
	fd, err := syscall.Open("/sys/kernel/mm/transparent_hugepage/enabled", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer syscall.Close(fd)
	var mode [128]byte
	n, _ := syscall.Read(fd, mode[:])
	return n > 0 && strings.Contains(string(mode[:n]), "[madvise]")
}
