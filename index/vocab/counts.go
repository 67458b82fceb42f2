package vocab

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A unit is a set of words that appear together: the parts of one
// distinct identifier of a file (doKeepAlives → keep, alive), or the name
// of a symbol with the words of its doc comment (unquote → converts,
// quoted, literal). Counts hold, over every unit of the repository, how
// many units hold each word and each pair of words: enough to compute
// pointwise mutual information, and to add or take away one file's units
// exactly, so an incremental update keeps the counts equal to a rebuild's.
const (
	minWordLen    = 3  // shorter parts (io, db, x) relate to everything
	maxUnitParts  = 5  // parts of one identifier paired, the first ones
	maxDocWords   = 12 // words of a doc comment paired with the name
	maxUnitsOfDoc = 8  // name parts paired with a doc comment
)

// Counts are the co-occurrence counts of a repository's vocabulary. Words
// are interned: a pair is two word IDs.
type Counts struct {
	Units int64
	ids   map[string]uint32
	words []string
	df    []int64 // units holding each word
	pairs map[uint64]int64
	// forms are the stems' display forms. They are only ever improved
	// (betterForm), never taken away: a cosmetic that may outlive the
	// last file that used it.
	forms map[string]string
}

// NewCounts returns empty counts.
func NewCounts() *Counts {
	return &Counts{ids: map[string]uint32{}, pairs: map[uint64]int64{}, forms: map[string]string{}}
}

// form is the display form of a stem.
func (c *Counts) form(stem string) string {
	if f, ok := c.forms[stem]; ok {
		return f
	}
	return stem
}

// FileUnits are the units of one file, as lists of words; a file's units
// are computed once (in parallel, by the index's workers) and added to or
// taken from the counts under the caller's lock.
type FileUnits struct {
	Idents [][]string        // parts of each distinct multi-part identifier
	Docs   []DocUnit         // named blocks with a doc comment
	Forms  map[string]string // each stem's display form in this file
}

// DocUnit is a symbol's name parts and its doc comment's words.
type DocUnit struct {
	Name, Doc []string
}

// Add adds (sign 1) or takes away (sign -1) one file's units.
func (c *Counts) Add(u FileUnits, sign int64) {
	if sign > 0 {
		for st, f := range u.Forms {
			if old, ok := c.forms[st]; !ok || betterForm(f, old) {
				c.forms[st] = f
			}
		}
	}
	for _, parts := range u.Idents {
		c.Units += sign
		ids := c.intern(parts, sign)
		for i := range ids {
			for j := i + 1; j < len(ids); j++ {
				c.addPair(ids[i], ids[j], sign)
			}
		}
	}
	for _, d := range u.Docs {
		c.Units += sign
		name := c.intern(d.Name, sign)
		doc := c.intern(d.Doc, sign)
		for _, a := range name {
			for _, b := range doc {
				c.addPair(a, b, sign)
			}
		}
	}
}

// intern returns the IDs of words (distinct, as units hold sets) and
// counts each once for the unit.
func (c *Counts) intern(words []string, sign int64) []uint32 {
	ids := make([]uint32, 0, len(words))
	for _, w := range words {
		id, ok := c.ids[w]
		if !ok {
			id = uint32(len(c.words))
			c.ids[w] = id
			c.words = append(c.words, w)
			c.df = append(c.df, 0)
		}
		if slices.Contains(ids, id) {
			continue
		}
		ids = append(ids, id)
		c.df[id] += sign
	}
	return ids
}

func (c *Counts) addPair(a, b uint32, sign int64) {
	if a == b {
		return
	}
	if a > b {
		a, b = b, a
	}
	k := uint64(a)<<32 | uint64(b)
	if n := c.pairs[k] + sign; n > 0 {
		c.pairs[k] = n
	} else {
		delete(c.pairs, k)
	}
}

// Words returns how many distinct words and pairs the counts hold.
func (c *Counts) Size() (words, pairs int) {
	for _, n := range c.df {
		if n > 0 {
			words++
		}
	}
	return words, len(c.pairs)
}

// countsMagic starts a counts file; a file without it is not read.
const countsMagic = "loupe-vocab-counts-1\n"

// ErrBadCounts is returned when a counts file cannot be read back.
var ErrBadCounts = errors.New("vocab: bad counts file")

// WriteTo writes the counts compactly: the words (those still counted),
// then the pairs as varints, in a deterministic order.
func (c *Counts) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	cw := &countWriter{w: bw}
	cw.str(countsMagic)
	cw.uvarint(uint64(c.Units))
	remap := make([]uint32, len(c.words))
	var live []uint32
	for id, n := range c.df {
		if n > 0 {
			remap[id] = uint32(len(live))
			live = append(live, uint32(id))
		}
	}
	cw.uvarint(uint64(len(live)))
	for _, id := range live {
		cw.uvarint(uint64(len(c.words[id])))
		cw.str(c.words[id])
		f := c.form(c.words[id])
		cw.uvarint(uint64(len(f)))
		cw.str(f)
		cw.uvarint(uint64(c.df[id]))
	}
	// The pairs with their counts, by the new ids: a second lookup per
	// pair, in key order, was most of the time this took.
	pairs := make([]pairCount, 0, len(c.pairs))
	for k, n := range c.pairs {
		pairs = append(pairs, pairCount{uint64(remap[k>>32])<<32 | uint64(remap[uint32(k)]), n})
	}
	sortPairs(pairs)
	cw.uvarint(uint64(len(pairs)))
	var prev uint64
	for _, p := range pairs {
		cw.uvarint(p.key - prev) // keys ascend: deltas are small
		prev = p.key
		cw.uvarint(uint64(p.n))
	}
	if cw.err == nil {
		cw.err = bw.Flush()
	}
	return cw.n, cw.err
}

// pairCount is one pair of words, as the key WriteTo writes, and its count.
type pairCount struct {
	key uint64
	n   int64
}

// sortPairs sorts pairs by key: a radix sort, 16 bits a pass from the
// lowest, skipping a pass whose digit is zero in every key. A key is two
// word ids of some ten thousand each, so two passes do (pdqsort took two
// thirds of WriteTo on the Go tree's 400k pairs).
func sortPairs(pairs []pairCount) {
	var any uint64
	for _, p := range pairs {
		any |= p.key
	}
	src, dst := pairs, make([]pairCount, len(pairs))
	count := make([]int, 1<<16)
	for shift := 0; shift < 64; shift += 16 {
		if (any>>shift)&0xffff == 0 {
			continue
		}
		clear(count)
		for _, p := range src {
			count[(p.key>>shift)&0xffff]++
		}
		sum := 0
		for i, n := range count {
			count[i], sum = sum, sum+n
		}
		for _, p := range src {
			d := (p.key >> shift) & 0xffff
			dst[count[d]] = p
			count[d]++
		}
		src, dst = dst, src
	}
	copy(pairs, src) // a no-op when the passes ended where they began
}

type countWriter struct {
	w   *bufio.Writer
	n   int64
	err error
	buf [binary.MaxVarintLen64]byte
}

func (w *countWriter) uvarint(v uint64) {
	n := binary.PutUvarint(w.buf[:], v)
	w.write(w.buf[:n])
}

func (w *countWriter) str(s string) {
	if w.err == nil {
		var n int
		n, w.err = w.w.WriteString(s)
		w.n += int64(n)
	}
}

func (w *countWriter) write(b []byte) {
	if w.err == nil {
		var n int
		n, w.err = w.w.Write(b)
		w.n += int64(n)
	}
}

// ReadCounts reads counts written by WriteTo.
func ReadCounts(r io.Reader) (*Counts, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	magic := make([]byte, len(countsMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != countsMagic {
		return nil, fmt.Errorf("%w: header", ErrBadCounts)
	}
	c := NewCounts()
	units, err := binary.ReadUvarint(br)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadCounts, err)
	}
	c.Units = int64(units)
	if err := c.readWords(br); err != nil {
		return nil, err
	}
	if err := c.readPairs(br); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Counts) readWords(br *bufio.Reader) error {
	n, err := binary.ReadUvarint(br)
	if err != nil || n > 1<<28 {
		return fmt.Errorf("%w: words", ErrBadCounts)
	}
	for range n {
		w, err := readString(br)
		if err != nil {
			return err
		}
		f, err := readString(br)
		if err != nil {
			return err
		}
		df, err := binary.ReadUvarint(br)
		if err != nil {
			return fmt.Errorf("%w: df", ErrBadCounts)
		}
		c.forms[w] = f
		c.ids[w] = uint32(len(c.words))
		c.words = append(c.words, w)
		c.df = append(c.df, int64(df))
	}
	return nil
}

func readString(br *bufio.Reader) (string, error) {
	l, err := binary.ReadUvarint(br)
	if err != nil || l > 1<<16 {
		return "", fmt.Errorf("%w: word", ErrBadCounts)
	}
	var sb strings.Builder
	if _, err := io.CopyN(&sb, br, int64(l)); err != nil {
		return "", fmt.Errorf("%w: word: %v", ErrBadCounts, err)
	}
	return sb.String(), nil
}

func (c *Counts) readPairs(br *bufio.Reader) error {
	n, err := binary.ReadUvarint(br)
	if err != nil || n > 1<<32 {
		return fmt.Errorf("%w: pairs", ErrBadCounts)
	}
	// Room for them at once (growing the map was a third of the read), up
	// to a bound a damaged count cannot pass.
	c.pairs = make(map[uint64]int64, min(n, 1<<20))
	var k uint64
	for range n {
		d, err := binary.ReadUvarint(br)
		if err != nil {
			return fmt.Errorf("%w: pair", ErrBadCounts)
		}
		v, err := binary.ReadUvarint(br)
		if err != nil {
			return fmt.Errorf("%w: pair count", ErrBadCounts)
		}
		k += d
		if uint32(k>>32) >= uint32(len(c.words)) || uint32(k) >= uint32(len(c.words)) {
			return fmt.Errorf("%w: pair out of range", ErrBadCounts)
		}
		c.pairs[k] = int64(v)
	}
	return nil
}
