package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/index"
)

// slowReader is a fakeSearcher whose every Read takes a second of the
// soft clock (clockNow), not of the wall.
type slowReader struct {
	*fakeSearcher
	now *time.Time
}

func (s slowReader) Read(b index.Block) (index.BlockText, error) {
	*s.now = s.now.Add(time.Second)
	return s.fakeSearcher.Read(b)
}

// TestCutShortKeepsWhatWasReadAndSaysSo: a code source whose reads reach
// readShare of its deadline stops reading, and the engine keeps the
// candidates read so far and warns that the source was cut short, with
// how many it read: the output of such a request can differ from the
// same request's on a quiet machine, and the warning is how a person
// knows.
func TestCutShortKeepsWhatWasReadAndSaysSo(t *testing.T) {
	now := time.Now()
	clockNow = func() time.Time { return now }
	t.Cleanup(func() { clockNow = time.Now })

	const n = 20
	var hits []index.Hit
	for i := range n {
		hits = append(hits, hit(fn(fmt.Sprintf("pay/f%02d.go", i), fmt.Sprintf("Retry%02d", i), 1, 3), 1-float64(i)/100))
	}
	src := slowReader{&fakeSearcher{hits: hits}, &now}
	e := New(Options{Deadline: 10 * time.Second}, []Provider{NewCodeProvider(src, noGraph())}, nil)
	r, err := e.Retrieve(context.Background(), "retry payments")
	if err != nil {
		t.Fatal(err)
	}
	// Each read is a second of a 10 s deadline: the tenth would start
	// past 8.5 s.
	if got := len(r.Candidates); got != 9 {
		t.Errorf("%d candidates kept, want the 9 read before the cut", got)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "read 9 of 20 candidates") ||
		!strings.Contains(r.Warnings[0], "cut short") || !strings.HasPrefix(r.Warnings[0], "code: ") {
		t.Errorf("warnings %q, want one saying code read 9 of 20 candidates, cut short", r.Warnings)
	}

	clockNow = time.Now
	r, err = e.Retrieve(context.Background(), "retry payments")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Candidates) != n || len(r.Warnings) != 0 {
		t.Errorf("with time to spare: %d candidates, warnings %q; want %d and none", len(r.Candidates), r.Warnings, n)
	}
}

// TestSoftClockOverRecordsOnlyWhatItSkips: over is false and records
// nothing before its share of the deadline, true and recorded after; the
// clock's error names every skip, in order, as an ErrCutShort.
func TestSoftClockOverRecordsOnlyWhatItSkips(t *testing.T) {
	now := time.Now()
	clockNow = func() time.Time { return now }
	t.Cleanup(func() { clockNow = time.Now })
	ctx, cancel := context.WithDeadline(context.Background(), now.Add(10*time.Second))
	defer cancel()
	c := newSoftClock(ctx)
	if c.over(expandShare, "no reference-graph lookups") || c.err() != nil {
		t.Fatalf("at the start: over, or error %v", c.err())
	}
	now = now.Add(9 * time.Second)
	if !c.over(expandShare, "no reference-graph lookups") || !c.over(readShare, "no file headers") {
		t.Fatal("9 s into 10: not over either share")
	}
	err := c.err()
	if !errors.Is(err, ErrCutShort) || !strings.HasSuffix(err.Error(), "no reference-graph lookups, no file headers") {
		t.Errorf("error %v, want an ErrCutShort naming both skips", err)
	}
}
