package index

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"strings"

	"github.com/loupe-dev/loupe/index/chunk"
)

// The stored blob is the one stored field of a block document: a compact
// binary record of everything that rebuilds the Block except its text.
// JSON cost about 370 bytes a block (keys, the path three times, a hex
// hash); this costs about half. Layout, after a version byte: start and end
// line and a flag byte as uvarints, then length-prefixed strings: the ID
// with the path prefix cut, path, language if the path does not imply it,
// kind, name, qualified name if it differs from the name, signature, doc
// (capped), hash (binary when it is hex), then counted refs and imports,
// and for Go blocks the package name and counted uses.
const blobVersion = 1

// storedDocMax caps the doc comment kept in the stored block; longer ones
// are cut with "…" (Read returns the full text from the file).
const storedDocMax = 240

const (
	flagTest = 1 << iota
	flagHexHash
	flagQualSame
	flagLangImplied
	flagIDPrefixed
)

var errBadBlob = errors.New("index: malformed stored block")

func encodeBlob(b Block) ([]byte, error) {
	out := make([]byte, 0, 128)
	out = append(out, blobVersion)
	out = binary.AppendUvarint(out, uint64(max(b.StartLine, 0)))
	out = binary.AppendUvarint(out, uint64(max(b.EndLine, 0)))
	hash, hexOK := []byte(b.Hash), false
	if raw, err := hex.DecodeString(b.Hash); err == nil && hex.EncodeToString(raw) == b.Hash {
		hash, hexOK = raw, true
	}
	var flags uint64
	setIf := func(c bool, f uint64) {
		if c {
			flags |= f
		}
	}
	setIf(b.Test, flagTest)
	setIf(hexOK, flagHexHash)
	setIf(b.QualName == b.Name, flagQualSame)
	setIf(b.Lang == chunk.Language(b.Path), flagLangImplied)
	setIf(b.Path != "" && strings.HasPrefix(b.ID, b.Path), flagIDPrefixed)
	out = binary.AppendUvarint(out, flags)
	str := func(s string) { out = appendString(out, s) }
	if flags&flagIDPrefixed != 0 {
		str(b.ID[len(b.Path):])
	} else {
		str(b.ID)
	}
	str(b.Path)
	if flags&flagLangImplied == 0 {
		str(b.Lang)
	}
	str(string(b.Kind))
	str(b.Name)
	if flags&flagQualSame == 0 {
		str(b.QualName)
	}
	str(string(storable(b.Path, []byte(b.Signature)))) // the index never keeps a raw secret
	str(string(storable(b.Path, []byte(capDoc(b.Doc)))))
	str(string(hash))
	list := func(l []string) {
		out = binary.AppendUvarint(out, uint64(len(l)))
		for _, s := range l {
			str(s)
		}
	}
	list(b.Refs)
	list(b.Imports)
	if b.Package != "" || len(b.Uses) > 0 { // Go only: other blocks end here
		str(b.Package)
		list(b.Uses)
	}
	return out, nil
}

func capDoc(doc string) string {
	if len(doc) <= storedDocMax {
		return doc
	}
	cut := storedDocMax
	for cut > 0 && !utf8Start(doc[cut]) {
		cut--
	}
	return doc[:cut] + "…"
}

func utf8Start(c byte) bool { return c&0xC0 != 0x80 }

// blobReader decodes a blob, remembering the first error. It reads from
// one string copy of the blob, so every string field is a substring of it:
// one allocation per block instead of one per field.
type blobReader struct {
	data string
	err  error
}

func (r *blobReader) fail() {
	r.err = errBadBlob
	r.data = ""
}

// uvarint decodes what binary.AppendUvarint wrote.
func (r *blobReader) uvarint() uint64 {
	var v uint64
	for i := 0; i < len(r.data) && i < binary.MaxVarintLen64; i++ {
		c := r.data[i]
		if i == binary.MaxVarintLen64-1 && c > 1 {
			break // overflows 64 bits
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			r.data = r.data[i+1:]
			return v
		}
	}
	r.fail()
	return 0
}

func (r *blobReader) str() string {
	n := r.uvarint()
	if n > uint64(len(r.data)) {
		r.fail()
		return ""
	}
	s := r.data[:n]
	r.data = r.data[n:]
	return s
}

// varint decodes what binary.AppendVarint wrote (zigzag).
func (r *blobReader) varint() int64 {
	u := r.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// count decodes a uvarint that must fit an int32.
func (r *blobReader) count() int {
	u := r.uvarint()
	if u > math.MaxInt32 {
		r.fail()
		return 0
	}
	return int(u)
}

// appendString appends s as str reads it: its length, then its bytes.
func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func (r *blobReader) list() []string {
	n := r.uvarint()
	if n > uint64(len(r.data)) {
		r.err = errBadBlob
		return nil
	}
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	for range n {
		out = append(out, r.str())
	}
	return out
}

// decodeBlob decodes a blob held in a string; the block's strings share
// its memory.
func decodeBlob(data string) (Block, error) {
	if len(data) == 0 || data[0] != blobVersion {
		return Block{}, errBadBlob
	}
	r := &blobReader{data: data[1:]}
	var b Block
	b.StartLine, b.EndLine = int(r.uvarint()), int(r.uvarint())
	flags := r.uvarint()
	idSuffix := r.str()
	b.Path = r.str()
	if b.ID = idSuffix; flags&flagIDPrefixed != 0 {
		b.ID = b.Path + idSuffix
	}
	if flags&flagLangImplied != 0 {
		b.Lang = chunk.Language(b.Path)
	} else {
		b.Lang = r.str()
	}
	b.Kind = Kind(r.str())
	b.Name = r.str()
	if b.QualName = b.Name; flags&flagQualSame == 0 {
		b.QualName = r.str()
	}
	b.Signature, b.Doc, b.Hash = r.str(), r.str(), r.str()
	if flags&flagHexHash != 0 {
		b.Hash = hex.EncodeToString([]byte(b.Hash))
	}
	b.Refs, b.Imports = r.list(), r.list()
	if r.err == nil && r.data != "" {
		b.Package, b.Uses = r.str(), r.list()
	}
	b.Test = flags&flagTest != 0
	return b, r.err
}
