#!/usr/bin/env python3
"""What a page fault costs on this machine: touch every page of a fresh
anonymous mapping, and of a mapping of a file in the page cache, and print
the time per page. A one-shot `loupe pack` takes 11-14 thousand minor faults
(`/usr/bin/time -f %R`), ripgrep about 1,100; where a fault costs microseconds,
that difference, not the work, sets their ratio.

  docs/bench/pagefaults.py [FILE] [MiB]
"""
import mmap, os, sys, time

PAGE = mmap.PAGESIZE


def touch(m, n):
    t = time.perf_counter()
    for i in range(0, n, PAGE):
        m[i]
    return time.perf_counter() - t


def main():
    mib = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    n = mib << 20
    # the loop's own cost, on pages already mapped
    m = mmap.mmap(-1, n)
    touch(m, n)
    base = touch(m, n)
    m.close()
    m = mmap.mmap(-1, n)
    anon = touch(m, n) - base
    m.close()
    print("anonymous: %.2f us a page (%d pages)" % (anon / (n // PAGE) * 1e6, n // PAGE))
    if len(sys.argv) > 1:
        with open(sys.argv[1], "rb") as f:
            size = os.fstat(f.fileno()).st_size // PAGE * PAGE
            f.read()  # in the page cache
            m = mmap.mmap(f.fileno(), size, prot=mmap.PROT_READ)
            t = touch(m, size) - base * size / n
            m.close()
        print("file in the page cache: %.2f us a page (%d pages)" % (t / (size // PAGE) * 1e6, size // PAGE))


main()
