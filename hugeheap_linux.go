//go:build linux

package main

import (
	"bytes"
	"os"
	"runtime"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of a transparent huge page on x86-64 and on arm64
// with 4 KiB pages. Where it is larger (arm64 with 64 KiB pages), the
// touches below still fault the ballast in, in smaller pages.
const hugePage = 2 << 20

// backHeap gives a one-shot command (pack, index) n bytes of heap that
// are already in memory, in huge pages, before it allocates anything.
//
// Go maps its heap without asking for huge pages, so where the kernel
// gives them only to memory that asks (transparent_hugepage "madvise",
// Debian's and Ubuntu's default) every 4 KiB of a fresh heap is a page
// fault. A one-shot pack allocates 40-50 MB it never frees (its collector
// is off) and took 12,700 faults on the Go tree; on a virtual machine
// where a fault on fresh memory costs 11-16 us (docs/bench/pagefaults.py)
// that was a quarter of its CPU. So this takes n bytes from the heap
// without zeroing them (strings.Builder.Grow: a fresh span's pages stay
// untouched), asks for huge pages on them, touches one byte in each, and
// collects: the span goes back to the heap, and the pack's own objects are
// carved out of those pages without a fault (Go reuses its lowest free
// pages first). Nothing happens when the kernel already backs everything
// with huge pages ("always") or never does ("never").
func backHeap(n int) {
	if !hugePagesOnRequest() {
		return
	}
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteByte(0)
	p := unsafe.Pointer(unsafe.StringData(sb.String()))
	buf := unsafe.Slice((*byte)(p), n)
	from := int((hugePage - uintptr(p)%hugePage) % hugePage)
	to := from + (n-from)/hugePage*hugePage
	if from < to && unix.Madvise(buf[from:to], unix.MADV_HUGEPAGE) == nil {
		for i := from; i < to; i += hugePage {
			buf[i] = 0
		}
	}
	runtime.KeepAlive(buf)
	sb.Reset()
	runtime.GC()
}

// hugePagesOnRequest reports whether transparent huge pages are given to
// memory that asks for them and only to it.
func hugePagesOnRequest() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && bytes.Contains(mode, []byte("[madvise]"))
}
