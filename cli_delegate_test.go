package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestPackFollowsAThinWrapperToItsWork: through the binary, a query that
// names a three-line wrapper that only forwards gets the function it hands
// its work to first, in full, and the wrapper right after it, where other
// files that say "timeout" and "deadline" more often would otherwise come
// first (engine/delegate.go).
func TestPackFollowsAThinWrapperToItsWork(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/w\n\ngo 1.22\n",
		"context/context.go": `package context

import "time"

// WithTimeout returns WithDeadline(parent, time.Now().Add(timeout)).
func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {
	return WithDeadline(parent, time.Now().Add(timeout))
}

// WithDeadline returns a copy of parent that is cancelled at d: it arms
// a timer, and its cancel function stops the timer and closes Done.
func WithDeadline(parent Context, d time.Time) (Context, CancelFunc) {
	c := &timerCtx{parent: parent, deadline: d}
	dur := time.Until(d)
	if dur <= 0 {
		c.stop(DeadlineExceeded)
		return c, func() { c.stop(Canceled) }
	}
	c.timer = time.AfterFunc(dur, func() {
		c.stop(DeadlineExceeded)
	})
	return c, func() { c.stop(Canceled) }
}
`,
		"context/types.go": `package context

import (
	"errors"
	"time"
)

type Context interface{ Done() <-chan struct{} }
type CancelFunc func()

var (
	Canceled         = errors.New("canceled")
	DeadlineExceeded = errors.New("deadline exceeded")
)

type timerCtx struct {
	parent   Context
	deadline time.Time
	timer    *time.Timer
	done     chan struct{}
}

func (c *timerCtx) Done() <-chan struct{} { return c.done }
func (c *timerCtx) stop(err error)        { c.timer.Stop() }
`,
	}
	for i := range 6 {
		files[fmt.Sprintf("netx/dial%d.go", i)] = fmt.Sprintf(`package netx

// dialTimeout%d cancels the dial on timeout: the deadline of the dial is
// the earlier of the timeout and the context deadline; on deadline the
// dial is cancelled, and a cancel after the deadline is a timeout.
func dialTimeout%d(timeout, deadline int, cancel func()) int {
	if timeout < deadline {
		deadline = timeout
	}
	cancel()
	return deadline
}
`, i, i)
	}
	p := packCodeOf(t, files, "context.WithTimeout cancel on deadline", "4000")
	if len(p.Blocks) < 2 || p.Blocks[0].Name != "WithDeadline" || p.Blocks[1].Name != "WithTimeout" {
		t.Fatalf("blocks %v: want WithDeadline, then WithTimeout, which only forwards to it", blockNames(p))
	}
	if b := p.Blocks[0]; b.Level != "full" || !strings.Contains(strings.Join(b.Reasons, "; "), "WithTimeout only hands its work to it") {
		t.Errorf("WithDeadline at %s, reasons %q", b.Level, b.Reasons)
	}
}
