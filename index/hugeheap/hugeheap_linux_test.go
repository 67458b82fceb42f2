//go:build linux

package hugeheap

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
)

// anonHuge is this process's anonymous memory in huge pages, in bytes.
func anonHuge(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skip("no /proc/self/smaps_rollup:", err)
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "AnonHugePages:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("AnonHugePages line %q: %v", line, err)
			}
			return kb << 10
		}
	}
	t.Skip("no AnonHugePages in smaps_rollup")
	return 0
}

// TestBackLeavesHugePagesToTheHeap: after Back(n) the process
// holds memory in huge pages, and the heap has about n bytes free
// and still in memory (given back to the heap, not kept, not returned to
// the system), which is what the command's own allocations then use.
func TestBackLeavesHugePagesToTheHeap(t *testing.T) {
	if !onRequest() {
		t.Skip("transparent huge pages are not on request here")
	}
	// The package's init has already backed atStart bytes: n is large
	// enough that neither check below holds on what init left alone.
	const n = 3 * atStart
	Back(n)
	// Go asks for no huge pages itself: all of them are Back's (the
	// same pages again when the test runs twice in one process).
	if got := anonHuge(t); got < n/2 {
		t.Errorf("%d bytes in huge pages; want at least %d", got, n/2)
	}
	s := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}}
	metrics.Read(s)
	if free := s[0].Value.Uint64(); free < n/2 {
		t.Errorf("heap free and in memory: %d bytes; want at least %d", free, n/2)
	}
}

// TestCollectorOffUntilRestore: init leaves the collector off, and Restore
// gives back the setting from before init, once.
func TestCollectorOffUntilRestore(t *testing.T) {
	if restored { // a repeated run (-count): back to what init left
		restored = false
		setGCPercent(-1)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("the collector after init: %d percent, want off (-1)", got)
	}
	Restore()
	got := debug.SetGCPercent(123)
	if got != int(beforeInit) {
		t.Errorf("after Restore: %d percent, want %d", got, beforeInit)
	}
	Restore() // a second call changes nothing
	if again := debug.SetGCPercent(got); again != 123 {
		t.Errorf("a second Restore set %d percent", again)
	}
}
