// Package tokens counts tokens the way the model will: exact byte-pair
// encoding with the vocabularies embedded in github.com/tiktoken-go/tokenizer
// (o200k, the default, and cl100k), so nothing is downloaded at run time, plus
// a cheap len/4 estimator ("chars4").
//
// Counting is the packer's inner loop: it measures the rendered output again
// after every change a person makes. Two things make that cheap. First, a
// text is cut at points where byte-pair encoding is provably additive (see
// split.go) and each piece is counted once and cached by its content hash,
// so a re-render that changes one block re-counts only that block. Second,
// the vocabulary is loaded lazily, once, and Warm loads it in the
// background before the first query needs it. o200k's is not built from
// tiktoken-go's Go map (35-46 ms a process) but read from a compact copy
// embedded at build time with its hash table (o200k.go, about 2 ms), and
// counted with the library's own split and merge order: the counts are the
// library's, which TestO200kExact and FuzzO200kExact check.
package tokens

import (
	"fmt"
	"slices"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// Names of the counters, default first.
const (
	NameO200k  = "o200k"
	NameCl100k = "cl100k"
	NameChars4 = "chars4"
)

// Names lists the counters New accepts, the default first.
func Names() []string { return []string{NameO200k, NameCl100k, NameChars4} }

// New returns the counter called name; "" means the default, o200k.
func New(name string) (engine.Counter, error) {
	switch name {
	case "", NameO200k:
		return newBPE(NameO200k, o200kCodec), nil
	case NameCl100k:
		return newBPE(NameCl100k, cl100kCodec), nil
	case NameChars4:
		return Chars4{}, nil
	}
	return nil, fmt.Errorf("tokens: unknown tokenizer %q (want one of %v)", name, Names())
}

// Valid reports whether name is a counter New accepts.
func Valid(name string) bool { return name == "" || slices.Contains(Names(), name) }

// Warm starts loading c's vocabulary in the background, if c has one, so
// that the first count does not pay for it. It returns at once.
func Warm(c engine.Counter) {
	if w, ok := c.(interface{ Warm() }); ok {
		w.Warm()
	}
}

// Estimate guesses the token count of text before it is counted exactly:
// about 2.65 bytes per token for code, 3.35 for prose.
func Estimate(text string, prose bool) int { return packing.EstimateTokens(text, prose) }

// Chars4 is the len/4 estimator. It under-counts Go by about a third; use it
// only when speed matters more than the budget.
type Chars4 struct{}

// Name returns "chars4".
func (Chars4) Name() string { return NameChars4 }

// Count returns len(s)/4 rounded up.
func (Chars4) Count(s string) int { return (len(s) + 3) / 4 }
