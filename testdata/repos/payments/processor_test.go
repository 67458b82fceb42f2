package payments

import (
	"context"
	"errors"
	"testing"
	"time"

	"example.com/payments/internal/ledger"
)

type fakeGateway struct {
	fails int
	calls int
}

func (g *fakeGateway) Charge(ctx context.Context, p Payment) (string, error) {
	g.calls++
	if g.calls <= g.fails {
		return "", errors.New("gateway unavailable")
	}
	return "tx-" + p.ID, nil
}

type noWait struct{}

func (noWait) Next(int) time.Duration { return 0 }

func TestProcessRetries(t *testing.T) {
	g := &fakeGateway{fails: 2}
	p := NewProcessor(g, ledger.New())
	p.backoff = noWait{}
	id, err := p.Process(context.Background(), Payment{ID: "p1", Amount: 100, Currency: "EUR"})
	if err != nil || id != "tx-p1" {
		t.Fatalf("Process = %q, %v; want tx-p1, nil", id, err)
	}
	if g.calls != 3 {
		t.Errorf("calls = %d, want 3", g.calls)
	}
}

func TestRetryWithBackoffStopsOnDecline(t *testing.T) {
	calls := 0
	err := retryWithBackoff(context.Background(), noWait{}, 5, func() error {
		calls++
		return ErrDeclined
	})
	if !errors.Is(err, ErrDeclined) || calls != 1 {
		t.Fatalf("err = %v after %d calls", err, calls)
	}
}

func BenchmarkNext(b *testing.B) {
	bo := NewExponentialBackoff(time.Millisecond, time.Second)
	for i := 0; i < b.N; i++ {
		bo.Next(i%10 + 1)
	}
}
