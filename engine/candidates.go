package engine

import "context"

// MaxRequestCandidates bounds what a request may ask for with
// WithCandidates: every candidate is read from disk.
const MaxRequestCandidates = 5000

type candidatesKey struct{}

// WithCandidates asks the index-backed providers for n candidates per
// source for the requests run under ctx (loupe pack --candidates, MCP's
// candidates argument), in place of RankOptions.MaxCandidates: a caller
// that wants a longer ranked list than a pack holds. n ≤ 0 keeps the
// providers' own bound; n is capped at MaxRequestCandidates.
func WithCandidates(ctx context.Context, n int) context.Context {
	if n <= 0 {
		return ctx
	}
	return context.WithValue(ctx, candidatesKey{}, min(n, MaxRequestCandidates))
}

// requestCandidates is the candidate count asked for under ctx.
func requestCandidates(ctx context.Context) (int, bool) {
	n, ok := ctx.Value(candidatesKey{}).(int)
	return n, ok
}

// withCandidates keeps n candidates; the full-text search asks for at
// least as many hits.
func (o RankOptions) withCandidates(n int) RankOptions {
	o.MaxCandidates = n
	o.SearchLimit = max(o.SearchLimit, n)
	return o
}
