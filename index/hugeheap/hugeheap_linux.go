//go:build linux

package hugeheap

import (
	"runtime"
	"strings"
	"syscall"
	"unsafe"
)

// The imports above are few on purpose: the linker runs a package's init
// once the packages it imports have run theirs, the lexically first ready
// package first, so a package that needs only the runtime's closest
// packages runs near the start, before glamour's dependencies allocate.
// TestHugeHeapRunsBeforeHeavyInits (package main) keeps it so.
//
// The collector is off from here until Restore (main calls it first):
// after Back's collection the heap goal fell to 4 MB, so initialisation's
// 7 MB ran three or four more cycles, and between them the runtime's
// scavenger handed the huge pages just backed back to the kernel, to be
// faulted in again 4 KiB at a time. How much it returned depended on the
// timing, so on how a build happened to be laid out: two builds of one
// commit differed by 1.3x on `loupe --version` and 1.13x on a pack. With
// no goal the scavenger keeps them, and there is no cycle to run.
func init() {
	beforeInit = setGCPercent(-1)
	Back(atStart)
}

// setGCPercent is runtime/debug.SetGCPercent's implementation in the
// runtime. Importing runtime/debug for it would move this package's init
// after the heavy ones (see above); the runtime exports the symbol under
// that name for runtime/debug.
//
//go:linkname setGCPercent runtime/debug.setGCPercent
func setGCPercent(int32) int32

// beforeInit is the collector's setting before init turned it off (GOGC,
// or 100); restored is set once Restore gave it back.
var (
	beforeInit int32
	restored   bool
)

// Restore gives the collector the setting it had before this package's
// init. A process must call it before it allocates much (loupe's main
// does, first); later calls do nothing.
func Restore() {
	if !restored {
		restored = true
		setGCPercent(beforeInit)
	}
}

// Back gives the process n more bytes of heap that are already in memory,
// in huge pages: it takes n bytes from the heap without zeroing them
// (strings.Builder.Grow: a fresh span's pages stay untouched), asks for
// huge pages on them, touches one byte in each, and collects. The span
// goes back to the heap, and what the process allocates next is carved
// from those pages without a fault (Go reuses its lowest free pages
// first). It returns the bytes it backed: none when n ≤ 0 or when the
// kernel already backs everything with huge pages ("always") or never
// does ("never"). It collects either way, so that what the process
// allocates next reuses what initialisation left behind.
func Back(n int) int {
	if n <= 0 || !onRequest() {
		runtime.GC()
		return 0
	}
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteByte(0)
	p := unsafe.Pointer(unsafe.StringData(sb.String()))
	buf := unsafe.Slice((*byte)(p), n)
	from := int((PageSize - uintptr(p)%PageSize) % PageSize)
	to := from + (n-from)/PageSize*PageSize
	backed := 0
	if from < to && syscall.Madvise(buf[from:to], syscall.MADV_HUGEPAGE) == nil {
		for i := from; i < to; i += PageSize {
			buf[i] = 0
		}
		backed = to - from
	}
	runtime.KeepAlive(buf)
	sb.Reset()
	runtime.GC()
	return backed
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
