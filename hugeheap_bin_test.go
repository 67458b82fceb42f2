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
// backed), so the only cycle that starts before main is the one Back
// forces. GODEBUG=gctrace=1 prints a line per cycle with its start since
// the process began ("gc N @S s", "(forced)" for runtime.GC's), and
// inittrace=1 a line per package init with its start and length on the
// same clock; main begins when the last init ends. A cycle after main is
// expected: Restore gives the collector a goal below what init left.
// Both traces cut their times to whole milliseconds (an init's start from
// 10 ms on, a cycle's start always), so a cycle that began just after main
// can print up to 1 ms before the main computed here: only a cycle that
// printed at least 1 ms before it started during initialisation (the
// cycles init ran with the collector on printed 8-21 ms before main).
func TestNoCollectionDuringInit(t *testing.T) {
	cmd := exec.Command(loupeBin(t), "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1,inittrace=1", "GOGC=", "GOMEMLIMIT=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("loupe --version: %v\n%s", err, out)
	}
	var mainAt float64 // ms
	type cycle struct {
		at   float64 // ms
		line string
	}
	var cycles []cycle
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		switch {
		// init PKG @T ms, C ms clock, ...
		case len(f) >= 6 && f[0] == "init" && f[3] == "ms," && f[5] == "ms":
			start, err1 := strconv.ParseFloat(strings.TrimPrefix(f[2], "@"), 64)
			length, err2 := strconv.ParseFloat(f[4], 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("inittrace line %q", line)
			}
			mainAt = max(mainAt, start+length)
		// gc N @Ss P%: ...
		case len(f) >= 3 && f[0] == "gc" && strings.HasPrefix(f[2], "@"):
			s, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(f[2], "@"), "s"), 64)
			if err != nil {
				t.Fatalf("gctrace line %q: %v", line, err)
			}
			if !strings.Contains(line, "(forced)") {
				cycles = append(cycles, cycle{s * 1000, line})
			}
		}
	}
	if mainAt == 0 {
		t.Fatalf("no inittrace lines in:\n%s", out)
	}
	for _, c := range cycles {
		if c.at <= mainAt-1 {
			t.Errorf("a collection during initialisation (main at %.1f ms): %s", mainAt, c.line)
		}
	}
}
