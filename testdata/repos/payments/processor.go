// Package payments charges customers through a pluggable gateway and
// records every attempt in the ledger.
package payments

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/payments/internal/ledger"
)

// ErrDeclined is returned when the gateway refuses a charge.
var ErrDeclined = errors.New("payments: card declined")

// Default limits for a Processor.
const (
	DefaultMaxAttempts = 3
	DefaultTimeout     = 5 * time.Second
)

// Gateway charges a card. Implementations talk to the card network.
type Gateway interface {
	Charge(ctx context.Context, p Payment) (string, error)
}

// Payment is one charge request.
type Payment struct {
	ID       string
	Amount   int64 // minor units
	Currency string
}

// Processor charges payments with retries and records the outcome.
type Processor struct {
	gateway Gateway
	ledger  *ledger.Ledger
	backoff Backoff
	maxTry  int
}

// NewProcessor returns a Processor with the default retry policy.
func NewProcessor(g Gateway, l *ledger.Ledger) *Processor {
	return &Processor{
		gateway: g,
		ledger:  l,
		backoff: NewExponentialBackoff(100*time.Millisecond, 2*time.Second),
		maxTry:  DefaultMaxAttempts,
	}
}

// Process validates the payment and charges it.
func (p *Processor) Process(ctx context.Context, pay Payment) (string, error) {
	if err := validate(pay); err != nil {
		return "", err
	}
	return processPayment(ctx, p, pay)
}

// processPayment charges the gateway with retries and writes the ledger.
func processPayment(ctx context.Context, p *Processor, pay Payment) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, DefaultTimeout)
	defer cancel()
	var txID string
	err := retryWithBackoff(ctx, p.backoff, p.maxTry, func() error {
		id, err := p.gateway.Charge(ctx, pay)
		txID = id
		return err
	})
	if err != nil {
		p.ledger.Record(ledger.Entry{PaymentID: pay.ID, Status: "failed"})
		return "", fmt.Errorf("payments: process %s: %w", pay.ID, err)
	}
	p.ledger.Record(ledger.Entry{PaymentID: pay.ID, Status: "ok", TxID: txID})
	return txID, nil
}

func validate(pay Payment) error {
	if pay.Amount <= 0 {
		return fmt.Errorf("payments: amount %d must be positive", pay.Amount)
	}
	return nil
}
