package tokens

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

//go:generate go run ./internal/gen .

// o200kVocab is the o200k vocabulary of tiktoken-go (MIT licence, Copyright
// (c) 2023 tiktoken-go), rank by rank: a uvarint length, then the token's
// bytes. Building the library's 200,000-entry Go map cost every pack 35-46
// CPU-ms; indexing this takes about a tenth of that.
//
//go:embed o200k.vocab
var o200kVocab string

// o200kSlots is the hash table over o200kVocab that newTableCodec would
// build (see buildSlots), precomputed: building it at run time cost 10-15 ms
// of cache misses. Little-endian uint32 per slot: rank+1, 0 for empty.
//
//go:embed o200k.slots
var o200kSlots string

// o200kOffs is where each token of o200kVocab starts and ends (see
// vocabOffsets), precomputed: reading the vocabulary for them at run time
// touched all of its 1.6 MB and wrote 1.6 MB of offsets in every process
// that counts tokens, before the first count. Little-endian uint32, two a
// token.
//
//go:embed o200k.offs
var o200kOffs string

// pieceCounter counts the tokens of a text: tiktoken-go's codecs and
// tableCodec.
type pieceCounter interface {
	Count(string) (int, error)
}

// tableCodec counts tokens exactly as tiktoken-go's o200k codec does (the
// same split, pretoken.go; the same merges; TestO200kExact compares them),
// over a vocabulary read from o200kVocab into an open-addressing hash
// table instead of a Go map built entry by entry.
type tableCodec struct {
	vocab string // o200kVocab
	offs  string // little-endian uint32 offsets: token r is vocab[offs[2r]:offs[2r+1]]
	slots string // little-endian uint32 per slot: rank+1 of the token hashed there, 0 for empty
	mask  uint32
}

var errBadVocab = errors.New("tokens: malformed embedded vocabulary")

func o200kTable() (pieceCounter, error) { return newTableCodec(o200kVocab, o200kSlots, o200kOffs) }

// newTableCodec reads vocab with its offsets and hash table slots ("" to
// compute them).
func newTableCodec(vocab, slots, offs string) (*tableCodec, error) {
	if offs == "" {
		var err error
		if offs, err = vocabOffsets(vocab); err != nil {
			return nil, err
		}
	}
	ntok := len(offs) / 8
	if ntok == 0 || len(offs)%8 != 0 || int(le32(offs, uint32(2*ntok-1))) != len(vocab) {
		return nil, errBadVocab
	}
	c := &tableCodec{vocab: vocab, offs: offs}
	if slots == "" {
		slots = c.buildSlots()
	}
	n := uint32(len(slots) / 4)
	if n == 0 || n&(n-1) != 0 || len(slots)%4 != 0 || n < uint32(ntok) {
		return nil, errBadVocab
	}
	c.slots, c.mask = slots, n-1
	return c, nil
}

// vocabOffsets returns where each token of vocab starts and ends, as
// little-endian uint32s.
func vocabOffsets(vocab string) (string, error) {
	var out []byte
	for i := 0; i < len(vocab); {
		n, w := uint64(vocab[i]), 1
		if n >= 0x80 { // a long token: the length takes more than one byte
			n, w = binary.Uvarint([]byte(vocab[i:min(i+binary.MaxVarintLen64, len(vocab))]))
		}
		if w <= 0 || i+w+int(n) > len(vocab) {
			return "", errBadVocab
		}
		i += w
		out = binary.LittleEndian.AppendUint32(out, uint32(i))
		out = binary.LittleEndian.AppendUint32(out, uint32(i+int(n)))
		i += int(n)
	}
	return string(out), nil
}

// buildSlots returns the open-addressing table over c's tokens: at least
// twice as many slots as tokens, a power of two, FNV-1a hashed, linear
// probing, ranks inserted in order.
func (c *tableCodec) buildSlots() string {
	ntok := c.tokens()
	size := uint32(1)
	for size < 2*ntok {
		size <<= 1
	}
	table := make([]uint32, size)
	for r := range ntok {
		h := fnv(c.token(r)) & (size - 1)
		for table[h] != 0 {
			h = (h + 1) & (size - 1)
		}
		table[h] = r + 1
	}
	out := make([]byte, 0, 4*size)
	for _, v := range table {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	return string(out)
}

// slot returns the value of slot h.
func (c *tableCodec) slot(h uint32) uint32 { return le32(c.slots, h) }

// tokens is how many tokens the vocabulary holds.
func (c *tableCodec) tokens() uint32 { return uint32(len(c.offs) / 8) }

func (c *tableCodec) token(r uint32) string { return c.vocab[le32(c.offs, 2*r):le32(c.offs, 2*r+1)] }

// le32 is the i-th little-endian uint32 of s.
func le32(s string, i uint32) uint32 {
	s = s[4*i : 4*i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// rank returns the rank of the token s, if s is one.
func (c *tableCodec) rank(s string) (uint32, bool) {
	for h := fnv(s) & c.mask; ; h = (h + 1) & c.mask {
		v := c.slot(h)
		if v == 0 {
			return 0, false
		}
		if c.token(v-1) == s {
			return v - 1, true
		}
	}
}

// fnv is 32-bit FNV-1a.
func fnv(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// Count returns the number of tokens of input: each piece of the split is
// one token when it is in the vocabulary, else as many as its byte-pair
// merges leave (tiktoken-go's Codec.tokenize with the default error mode).
func (c *tableCodec) Count(input string) (int, error) {
	n := 0
	for i := 0; ; {
		start, end := o200kNext(input, i)
		if start == end {
			break
		}
		piece := input[start:end]
		if !utf8.ValidString(piece) {
			piece = string([]rune(piece)) // as regexp2 reads it: U+FFFD per invalid byte
		}
		if _, ok := c.rank(piece); ok {
			n++
		} else {
			n += c.mergedParts(piece)
		}
		i = end
	}
	return n, nil
}

// mergedParts returns how many tokens byte-pair encoding leaves of piece:
// the pair of adjacent parts whose union has the lowest rank merges first
// (the leftmost among equal ranks), until no union is a token. This is
// tiktoken-go's mergePairs (its heap variant, which gives the same parts as
// its scan), reduced to counting: the parts are a linked list of
// boundaries and a min-heap of (rank, offset) holds the candidate merges,
// so a long piece costs O(n log n).
func (c *tableCodec) mergedParts(piece string) int {
	n := int32(len(piece))
	next := make([]int32, n+1)
	prev := make([]int32, n+1)
	rank := make([]uint32, n+1)
	for i := range next {
		next[i], prev[i], rank[i] = int32(i)+1, int32(i)-1, math.MaxUint32
	}
	next[n] = -1
	rankAt := func(i int32) uint32 {
		j := next[i]
		if j < 0 || next[j] < 0 {
			return math.MaxUint32
		}
		if r, ok := c.rank(piece[i:next[j]]); ok {
			return r
		}
		return math.MaxUint32
	}
	h := make(mergeHeap, 0, n)
	for i := int32(0); i+2 <= n; i++ {
		if rank[i] = rankAt(i); rank[i] != math.MaxUint32 {
			h = append(h, merge{rank[i], i})
		}
	}
	h.init()
	parts := int(n)
	for len(h) > 0 {
		top := h.pop()
		i := top.at
		if rank[i] != top.rank {
			continue // stale: this boundary's pair changed since
		}
		j := next[i]
		k := next[j]
		rank[j] = math.MaxUint32
		next[i] = k
		if k >= 0 {
			prev[k] = i
		}
		parts--
		for _, b := range [2]int32{i, prev[i]} {
			if b < 0 {
				continue
			}
			if rank[b] = rankAt(b); rank[b] != math.MaxUint32 {
				h.push(merge{rank[b], b})
			}
		}
	}
	return parts
}

// merge is a candidate merge: the pair starting at boundary at.
type merge struct {
	rank uint32
	at   int32
}

// mergeHeap is a min-heap of merges by rank, then offset.
type mergeHeap []merge

func (h mergeHeap) less(a, b int) bool {
	if h[a].rank != h[b].rank {
		return h[a].rank < h[b].rank
	}
	return h[a].at < h[b].at
}

func (h mergeHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *mergeHeap) push(m merge) {
	*h = append(*h, m)
	h.up(len(*h) - 1)
}

func (h *mergeHeap) pop() merge {
	old := *h
	top := old[0]
	last := len(old) - 1
	old[0] = old[last]
	*h = old[:last]
	h.down(0)
	return top
}

func (h mergeHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (h mergeHeap) down(i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && h.less(r, l) {
			m = r
		}
		if !h.less(m, i) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// WriteO200k writes o200k.vocab, o200k.slots and o200k.offs into dir from tiktoken-go's
// o200k vocabulary (for go generate: see internal/gen).
func WriteO200k(dir string) error {
	lib, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		return err
	}
	var vocab []byte
	for id := uint(0); ; id++ {
		tok, err := lib.Decode([]uint{id})
		if err != nil {
			break // ranks are dense: the first gap is the end
		}
		vocab = binary.AppendUvarint(vocab, uint64(len(tok)))
		vocab = append(vocab, tok...)
	}
	c, err := newTableCodec(string(vocab), "", "")
	if err != nil {
		return err
	}
	for name, data := range map[string]string{"o200k.vocab": string(vocab), "o200k.slots": c.slots, "o200k.offs": c.offs} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}
