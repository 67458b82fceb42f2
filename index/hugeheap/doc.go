// Package hugeheap starts a loupe process's heap in transparent huge
// pages, before package initialisation allocates.
//
// Go maps its heap without asking for huge pages, so where the kernel
// gives them only to memory that asks (transparent_hugepage "madvise",
// Debian's and Ubuntu's default) every 4 KiB of a fresh heap is a page
// fault, and on a virtual machine a fault on fresh memory can cost 11-16
// us (docs/bench/pagefaults.py). A one-shot pack allocated 40-50 MB and
// took 12,700 faults on the Go tree, a quarter of its CPU; glamour's
// dependencies alone allocate about 6 MB at initialisation (chroma parses
// every lexer's XML) in every process, a pack or not.
//
// Importing the package backs the first atStart bytes of heap at init and
// turns the collector off until Restore, which a process calls first in
// main; Back gives a command more once it knows it needs it (a pack made
// in the process, not one a server answers, backs what the last pack of
// its index used: packheap.go in package main).
package hugeheap

// PageSize is the size of a transparent huge page on x86-64 and on arm64
// with 4 KiB pages, the unit Back backs in. Where it is larger (arm64 with
// 64 KiB pages), Back's touches still fault the memory in, in smaller
// pages.
const PageSize = 2 << 20

// atStart is what every process gets at init: about what package
// initialisation and a small command allocate. Interleaved against the
// same sizes given only in main (16 MB to `loupe index`, 48 MB to a pack),
// wall time: `loupe --version` 1.19x faster, a no-change index of Loki
// 1.09x, a one-shot pack 1.10x on the Go tree and 1.08x on Loki (with 48
// MB more from Back); for a served pack's client 8 MB and 16 MB gained
// 5-8 %, 48 MB lost 10 % (docs/BENCHMARKS.md, twenty-ninth session).
const atStart = 16 << 20
