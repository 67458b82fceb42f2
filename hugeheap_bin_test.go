package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestHugeHeapRunsBeforeHeavyInits: package hugeheap's init must back the
// heap before the packages that allocate most at initialisation run theirs
// (chroma's lexers and styles, bluemonday, bleve's scorch), or their
// allocations fault page by page. GODEBUG=inittrace=1 prints every
// package's init in the order the linker chose, with the bytes each
// allocated. An import that the linker schedules late (runtime/debug,
// tried for its SetGCPercent) moves hugeheap after them, and this fails.
func TestHugeHeapRunsBeforeHeavyInits(t *testing.T) {
	cmd := exec.Command(loupeBin(t), "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("loupe --version: %v\n%s", err, out)
	}
	before, after, seen := 0, 0, false
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		// init PKG @T ms, C ms clock, B bytes, A allocs
		if len(f) < 9 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("inittrace line %q: %v", line, err)
		}
		switch {
		case f[1] == "github.com/loupe-dev/loupe/index/hugeheap":
			seen = true
		case seen:
			after += n
		default:
			before += n
		}
	}
	if !seen {
		t.Fatalf("no init of package hugeheap in:\n%s", out)
	}
	if before > 1<<20 || after < before {
		t.Errorf("inits allocated %d bytes before hugeheap's and %d after; want it before the heavy ones", before, after)
	}
}

// TestNoCollectionDuringInit: package hugeheap turns the collector off for
// package initialisation (glamour's dependencies allocate 7 MB, which ran
// three or four cycles while the runtime returned the huge pages just
// backed), so the only cycle before main is the one Back forces.
// GODEBUG=gctrace=1 prints a line per cycle, "(forced)" for runtime.GC's.
func TestNoCollectionDuringInit(t *testing.T) {
	cmd := exec.Command(loupeBin(t), "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1", "GOGC=", "GOMEMLIMIT=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("loupe --version: %v\n%s", err, out)
	}
	for line := range strings.Lines(string(out)) {
		if strings.HasPrefix(line, "gc ") && !strings.Contains(line, "(forced)") {
			t.Errorf("a collection during initialisation: %s", line)
		}
	}
}
