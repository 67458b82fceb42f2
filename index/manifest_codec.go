package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
)

// The manifest's encoding. Every process that opens an index decodes the
// whole manifest first, one entry per file of the tree; gob decoded the
// Go tree's 11.5k entries in 9 ms and 44,000 allocations, a twentieth of
// a one-shot pack. This encoding is read in one pass over one string
// that every decoded string shares, with all entries in one slice: about
// a tenth of that.
//
// Layout: manifestMagic, then uvarints and length-prefixed strings:
// Version, Root, Gen, StoreSize, CommitsHead, CommitsCount, the number of
// files, then per file in path order: path, Size, Mtime, Hash, Skip,
// NBlocks, Off, Len, Lang, Clean. Signed numbers are zigzag varints.
const manifestMagic = "loupe manifest\n"

// errManifest is a manifest whose bytes do not decode.
var errManifest = errors.New("malformed manifest")

// encodeManifest appends m's encoding to b.
func encodeManifest(b []byte, m *manifest) []byte {
	b = append(b, manifestMagic...)
	b = binary.AppendUvarint(b, uint64(m.Version))
	b = appendString(b, m.Root)
	b = binary.AppendVarint(b, m.Gen)
	b = binary.AppendVarint(b, m.StoreSize)
	b = appendString(b, m.CommitsHead)
	b = binary.AppendUvarint(b, uint64(m.CommitsCount))
	b = binary.AppendUvarint(b, uint64(len(m.Files)))
	paths := make([]string, 0, len(m.Files))
	for p := range m.Files {
		paths = append(paths, p)
	}
	slices.Sort(paths) // the same manifest, the same bytes
	for _, p := range paths {
		e := m.Files[p]
		b = appendString(b, p)
		b = binary.AppendVarint(b, e.Size)
		b = binary.AppendVarint(b, e.Mtime)
		b = appendString(b, e.Hash)
		b = appendString(b, e.Skip)
		b = binary.AppendUvarint(b, uint64(e.NBlocks))
		b = binary.AppendVarint(b, e.Off)
		b = binary.AppendVarint(b, e.Len)
		b = appendString(b, e.Lang)
		b = binary.AppendUvarint(b, e.Clean)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// decodeManifestString decodes data, which every string of the result
// shares.
func decodeManifestString(data string) (*manifest, error) {
	d := manifestDecoder{s: data}
	if len(data) < len(manifestMagic) || data[:len(manifestMagic)] != manifestMagic {
		return nil, fmt.Errorf("%w: not a loupe manifest", errManifest)
	}
	d.i = len(manifestMagic)
	m := &manifest{
		Version:      d.count(),
		Root:         d.str(),
		Gen:          d.varint(),
		StoreSize:    d.varint(),
		CommitsHead:  d.str(),
		CommitsCount: d.count(),
	}
	n := d.count()
	if d.err != nil {
		return nil, d.err
	}
	// An entry takes at least 10 bytes: n larger than that can hold is a
	// lie, not a reason to allocate.
	if n > (len(data)-d.i)/10 {
		return nil, fmt.Errorf("%w: %d files in %d bytes", errManifest, n, len(data)-d.i)
	}
	entries := make([]fileEntry, n)
	m.Files = make(map[string]*fileEntry, n)
	for i := range entries {
		e := &entries[i]
		p := d.str()
		e.Size, e.Mtime = d.varint(), d.varint()
		e.Hash, e.Skip = d.str(), d.str()
		e.NBlocks = d.count()
		e.Off, e.Len = d.varint(), d.varint()
		e.Lang = d.str()
		e.Clean = d.uvarint()
		if d.err != nil {
			return nil, d.err
		}
		m.Files[p] = e
	}
	if d.i != len(data) {
		return nil, fmt.Errorf("%w: %d bytes after the last file", errManifest, len(data)-d.i)
	}
	if len(m.Files) != n {
		return nil, fmt.Errorf("%w: a path listed twice", errManifest)
	}
	return m, nil
}

// manifestDecoder reads s from i; the first error stops it (every read
// after returns zero).
type manifestDecoder struct {
	s   string
	i   int
	err error
}

func (d *manifestDecoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if d.i >= len(d.s) {
			break
		}
		c := d.s[d.i]
		d.i++
		if c < 0x80 {
			return v | uint64(c)<<shift
		}
		v |= uint64(c&0x7f) << shift
	}
	d.err = fmt.Errorf("%w: bad number at byte %d", errManifest, d.i)
	return 0
}

func (d *manifestDecoder) varint() int64 {
	u := d.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// count is a uvarint that must fit an int.
func (d *manifestDecoder) count() int {
	u := d.uvarint()
	if u > math.MaxInt32 {
		d.fail("count too large")
		return 0
	}
	return int(u)
}

func (d *manifestDecoder) str() string {
	n := d.count()
	if d.err != nil {
		return ""
	}
	if n > len(d.s)-d.i {
		d.fail("string past the end")
		return ""
	}
	s := d.s[d.i : d.i+n]
	d.i += n
	return s
}

func (d *manifestDecoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: %s at byte %d", errManifest, what, d.i)
	}
}
