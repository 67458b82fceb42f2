package tokens

import (
	"hash/maphash"
	"sync"

	"github.com/tiktoken-go/tokenizer"
)

// cacheLimit bounds the count cache; when it is full it is cleared (counts
// are pure, so clearing changes speed, never results).
const cacheLimit = 1 << 16

func o200kCodec() (pieceCounter, error)  { return o200kTable() }
func cl100kCodec() (pieceCounter, error) { return tokenizer.Get(tokenizer.Cl100kBase) }

// BPE is an exact byte-pair-encoding counter with a content-hash cache. It
// is safe for concurrent use.
type BPE struct {
	name  string
	load  func() (pieceCounter, error)
	once  sync.Once
	codec pieceCounter
	err   error

	seed  maphash.Seed
	mu    sync.Mutex
	cache map[uint64]int32
}

func newBPE(name string, load func() (pieceCounter, error)) *BPE {
	return &BPE{name: name, load: load, seed: maphash.MakeSeed(), cache: make(map[uint64]int32)}
}

// Name returns "o200k" or "cl100k".
func (b *BPE) Name() string { return b.name }

// Warm loads the vocabulary in the background; it returns at once.
func (b *BPE) Warm() { go b.ready() }

func (b *BPE) ready() error {
	b.once.Do(func() { b.codec, b.err = b.load() })
	return b.err
}

// Count returns the exact number of tokens of s. The text is cut at
// additive points and each piece is counted once (cached by content hash).
func (b *BPE) Count(s string) int {
	n := 0
	for rest := s; rest != ""; {
		piece, tail := nextPiece(rest)
		n += b.countPiece(piece)
		rest = tail
	}
	return n
}

func (b *BPE) countPiece(s string) int {
	h := maphash.String(b.seed, s)
	b.mu.Lock()
	n, ok := b.cache[h]
	b.mu.Unlock()
	if ok {
		return int(n)
	}
	c := b.raw(s)
	b.mu.Lock()
	if len(b.cache) >= cacheLimit {
		clear(b.cache)
	}
	b.cache[h] = int32(c)
	b.mu.Unlock()
	return c
}

// raw counts s with the codec, uncached. A codec that failed to load (it
// cannot with embedded vocabularies) or fails on input falls back to the
// code estimate, so a count is never zero for non-empty text.
func (b *BPE) raw(s string) int {
	if b.ready() != nil {
		return estimateFallback(s)
	}
	n, err := b.codec.Count(s)
	if err != nil {
		return estimateFallback(s)
	}
	return n
}

func estimateFallback(s string) int { return (len(s)*100 + 264) / 265 }
