// Package gitindex reads git's index file (.git/index) without running git.
//
// For every `loupe pack` loupe walks the tree and lstat's every file for
// its own freshness check. Finding the uncommitted changes by running
// `git diff` (which lstat's every tracked file again) and `git ls-files
// --others` (which reads every directory again) doubles that work. The
// index records the stat data git saw when it last looked at each file, so
// loupe can compare it with the stat results its own walk already has and
// ask git to diff only the few paths whose stat data differ.
//
// This package only parses the file. The file comes from repositories
// cloned from strangers, so it is hostile data: nothing here panics,
// allocates from a length field without checking it against the bytes
// there are, or trusts a path; anything malformed is an error.
package gitindex

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/loupe-dev/loupe/index/inroot"
)

// Entry is one entry of git's index (stage 0).
type Entry struct {
	Path                string // slash-separated, relative to the top of the work tree
	Mode                uint32 // as git stores it: 0o100644, 0o100755, 0o120000 (symlink), 0o160000 (gitlink)
	Size                uint32 // the file size truncated to 32 bits, as git stores it
	MtimeSec, MtimeNsec uint32
	CtimeSec, CtimeNsec uint32
	Ino                 uint32
	AssumeValid         bool // the CE_VALID flag ("assume unchanged")
	SkipWorktree        bool // extended flag
	IntentToAdd         bool // extended flag (git add -N)
}

// Index is a parsed index file.
type Index struct {
	Version  int      // 2, 3 or 4
	Entries  []Entry  // stage-0 entries, in file order (git keeps them sorted by path)
	Unmerged []string // paths that have entries at a stage > 0 (a conflict), each once, in file order
	// Tree is the id (hex) of the tree git would write from the whole
	// index, as its cache-tree extension records it: git keeps it when it
	// writes a tree or a commit, or checks one out, and forgets it when an
	// entry changes. "" when the index has none, or git has forgotten it.
	Tree string
}

// ErrUnsupported is returned for a structurally valid index this package
// does not read: a split index (the "link" extension), a sparse index (a
// directory entry, or the "sdir" extension), or any other extension git
// calls required (its signature starts with a byte outside 'A'..'Z').
var ErrUnsupported = errors.New("gitindex: unsupported index")

// ErrMalformed is wrapped by every error about the structure of the file.
var ErrMalformed = errors.New("gitindex: malformed index")

// MaxFileSize is the largest index ReadFile reads, and the most bytes the
// prefix-compressed paths of a version-4 index may expand to.
const MaxFileSize = 256 << 20

const (
	headerSize = 12
	statSize   = 40    // ctime, mtime, dev, ino, mode, uid, gid, size: ten 32-bit fields
	nameMask   = 0xFFF // the name-length bits of the flags; all set means "look for the NUL"
	modeDir    = 0o040000
)

var be = binary.BigEndian

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMalformed}, args...)...)
}

// parser holds the position in one index file.
type parser struct {
	data      []byte
	text      string // data as a string, for the paths of versions 2 and 3
	end       int    // where the trailing checksum starts
	off       int
	hashSize  int
	idx       *Index
	prev      string // the previous entry's path: the base of a version-4 name
	last      string // the last named entry's path and stage, for the order check
	lastStage int
	pathBytes int // bytes of version-4 paths so far

	// An index this package does not read is reported only once the whole
	// file has checked out: a split index has entries with empty names,
	// which would otherwise be malformed.
	unsupported string
	stripped    bool // an entry with an empty name: only a split index writes those
	split       bool
}

// Parse reads an index file's bytes. hashSize is 20 (SHA-1) or 32 (SHA-256).
func Parse(data []byte, hashSize int) (*Index, error) { return parse(data, "", hashSize) }

// parse is Parse given text, data as a string, when the caller has one
// ("": parse copies data once). The paths of versions 2 and 3 are pieces
// of it.
func parse(data []byte, text string, hashSize int) (*Index, error) {
	if hashSize != 20 && hashSize != 32 {
		return nil, fmt.Errorf("gitindex: hash size %d is neither 20 nor 32", hashSize)
	}
	p := &parser{data: data, hashSize: hashSize}
	count, err := p.header()
	if err != nil {
		return nil, err
	}
	if p.idx.Version < 4 {
		if text == "" {
			text = string(data) // one copy: every path is a piece of it
		}
		p.text = text
	}
	for i := range count {
		at := p.off
		if err := p.entry(); err != nil {
			return nil, fmt.Errorf("%w (entry %d at byte %d)", err, i, at)
		}
	}
	if err := p.extensions(); err != nil {
		return nil, err
	}
	if p.stripped && !p.split {
		return nil, malformed("an entry has an empty path")
	}
	if p.unsupported != "" {
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, p.unsupported)
	}
	return p.idx, nil
}

// ParseAny tries SHA-1 then SHA-256 and returns the first parse that
// accounts for every byte exactly (header, entries, extensions, trailing
// checksum of hashSize bytes).
func ParseAny(data []byte) (*Index, error) { return parseAny(data, "") }

func parseAny(data []byte, text string) (*Index, error) {
	idx, err := parse(data, text, 20)
	if err == nil {
		return idx, nil
	}
	idx, err256 := parse(data, text, 32)
	switch {
	case err256 == nil:
		return idx, nil
	case errors.Is(err, ErrUnsupported):
		return nil, err
	case errors.Is(err256, ErrUnsupported):
		return nil, err256
	}
	return nil, fmt.Errorf("as SHA-1: %w; as SHA-256: %w", err, err256)
}

// ReadFile reads and parses the index file at path (at most MaxFileSize
// bytes: larger gives ErrUnsupported, without reading it whole) and
// returns it with the file's modification time (git's "racily clean" check
// needs it).
func ReadFile(path string) (*Index, time.Time, error) {
	// Not through a link; and a FIFO planted at .git/index (or swapped in
	// after this) must not block the open, a device never ends: inroot
	// opens without blocking and asks the open file what it is.
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	if !fi.Mode().IsRegular() {
		return nil, time.Time{}, fmt.Errorf("gitindex: %s is not a regular file", path)
	}
	// The mtime comes from the file opened: git may rename a new index
	// into place at any moment, and the data read is this file's.
	f, st, err := inroot.OpenPath(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	if st.Size() > MaxFileSize {
		return nil, time.Time{}, fmt.Errorf("%w: %s is %d bytes", ErrUnsupported, path, st.Size())
	}
	// One byte more than the size: a file that grew since is not read
	// whole, and is not taken for an index (git renames a new one in).
	buf := make([]byte, st.Size()+1)
	n, err := io.ReadFull(f, buf)
	switch {
	case err == nil:
		return nil, time.Time{}, fmt.Errorf("%w: %s grew while it was read", ErrMalformed, path)
	case !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF):
		return nil, time.Time{}, err
	}
	// buf is never written again: the paths can be pieces of it as it is,
	// not of a copy (1.2 MB on the Go tree, in every pack in a repository).
	idx, err := parseAny(buf[:n], unsafe.String(unsafe.SliceData(buf), n))
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("%s: %w", path, err)
	}
	return idx, st.ModTime(), nil
}

// header checks the signature and version and returns the entry count,
// refused when that many entries could not fit in the file.
func (p *parser) header() (int, error) {
	d := p.data
	if len(d) < headerSize+p.hashSize {
		return 0, malformed("%d bytes is too short", len(d))
	}
	if string(d[:4]) != "DIRC" {
		return 0, malformed("no DIRC signature")
	}
	version := be.Uint32(d[4:])
	if version < 2 || version > 4 {
		return 0, malformed("version %d", version)
	}
	p.end = len(d) - p.hashSize
	count := uint64(be.Uint32(d[8:]))
	// The smallest entry: stat data, object name, flags, and at least a
	// one-byte name and its NUL (or a varint and a NUL in version 4).
	minEntry := uint64(statSize + p.hashSize + 2 + 2)
	if count > uint64(p.end-headerSize)/minEntry {
		return 0, malformed("%d entries cannot fit in %d bytes", count, len(d))
	}
	p.idx = &Index{Version: int(version), Entries: make([]Entry, 0, count)}
	p.off = headerSize
	return int(count), nil
}

// entry parses the entry at p.off and moves past it.
func (p *parser) entry() error {
	d, off := p.data, p.off
	nameAt := off + statSize + p.hashSize + 2
	if nameAt > p.end {
		return malformed("entry runs into the checksum")
	}
	e := Entry{
		CtimeSec: be.Uint32(d[off:]), CtimeNsec: be.Uint32(d[off+4:]),
		MtimeSec: be.Uint32(d[off+8:]), MtimeNsec: be.Uint32(d[off+12:]),
		Ino: be.Uint32(d[off+20:]), Mode: be.Uint32(d[off+24:]), Size: be.Uint32(d[off+36:]),
	}
	flags := be.Uint16(d[nameAt-2:])
	e.AssumeValid = flags&0x8000 != 0
	stage := int(flags>>12) & 3
	if flags&0x4000 != 0 {
		if p.idx.Version < 3 {
			return malformed("extended flags in a version-2 index")
		}
		if nameAt+2 > p.end {
			return malformed("entry runs into the checksum")
		}
		ext := be.Uint16(d[nameAt:])
		if ext&^0x6000 != 0 { // git refuses the bits it does not know
			return malformed("unknown extended flags %#04x", ext)
		}
		e.SkipWorktree = ext&0x4000 != 0
		e.IntentToAdd = ext&0x2000 != 0
		nameAt += 2
	}
	var path string
	var err error
	if p.idx.Version == 4 {
		path, p.off, err = p.nameV4(nameAt, int(flags&nameMask))
	} else {
		path, p.off, err = p.namePadded(off, nameAt, int(flags&nameMask))
	}
	if err != nil {
		return err
	}
	p.prev = path
	return p.add(e, path, stage)
}

// namePadded reads a version 2 or 3 name: NUL-terminated, the entry
// padded with NULs to a multiple of 8 bytes from its start.
func (p *parser) namePadded(start, nameAt, nameLen int) (string, int, error) {
	d := p.data[nameAt:p.end]
	n := nameLen
	if nameLen == nameMask {
		// Git writes the mask for any name of 0xFFF bytes or more.
		if n = bytes.IndexByte(d, 0); n < nameMask {
			return "", 0, malformed("long-name marker on a short or unterminated name")
		}
	} else if n >= len(d) || d[n] != 0 || bytes.IndexByte(d[:n], 0) >= 0 {
		return "", 0, malformed("name is not %d bytes and a NUL", nameLen)
	}
	size := (nameAt - start + n + 8) &^ 7
	if size > p.end-start {
		return "", 0, malformed("padding runs into the checksum")
	}
	for _, c := range p.data[nameAt+n : start+size] {
		if c != 0 {
			return "", 0, malformed("padding is not NUL")
		}
	}
	return p.text[nameAt : nameAt+n], start + size, nil
}

// nameV4 reads a version 4 name: how many bytes to drop from the end of
// the previous path, then a NUL-terminated string to append.
func (p *parser) nameV4(at, nameLen int) (string, int, error) {
	drop, at, err := p.varint(at, len(p.prev))
	if err != nil {
		return "", 0, err
	}
	n := bytes.IndexByte(p.data[at:p.end], 0)
	if n < 0 {
		return "", 0, malformed("name is not NUL-terminated")
	}
	keep := len(p.prev) - drop
	if full := keep + n; nameLen < nameMask && full != nameLen || nameLen == nameMask && full < nameMask {
		return "", 0, malformed("name is %d bytes, its flags say %d", full, nameLen)
	}
	// An entry may repeat a long prefix for a few bytes of input: bound
	// what the paths add up to. A path git can lstat is under 4096 bytes
	// (PATH_MAX) and an entry takes at least 64, so real paths expand less
	// than 64-fold.
	if p.pathBytes += keep + n; p.pathBytes > MaxFileSize || p.pathBytes/64 > len(p.data) {
		return "", 0, fmt.Errorf("%w: version-4 paths expand to %d bytes", ErrUnsupported, p.pathBytes)
	}
	return p.prev[:keep] + string(p.data[at:at+n]), at + n + 1, nil
}

// varint decodes git's offset varint at i (not LEB128: each continuation
// adds one before shifting). A value above max is malformed; checking it
// at every step also keeps the value from overflowing.
func (p *parser) varint(i, max int) (int, int, error) {
	var val uint64
	for first := true; ; first = false {
		if i >= p.end {
			return 0, 0, malformed("name prefix runs into the checksum")
		}
		c := p.data[i]
		i++
		if !first {
			val++
		}
		if val = val<<7 | uint64(c&127); val > uint64(max) {
			return 0, 0, malformed("drops %d+ bytes of a %d-byte path", val, max)
		}
		if c&128 == 0 {
			return int(val), i, nil
		}
	}
}

// add checks an entry and files it under Entries or Unmerged.
func (p *parser) add(e Entry, path string, stage int) error {
	switch {
	case e.Mode == modeDir: // its path ends in '/': no path rule applies
		p.unsupportedBecause("sparse index (directory entry)")
		return nil
	case path == "":
		p.stripped = true
		return nil
	}
	if err := checkPath(path); err != nil {
		return err
	}
	switch e.Mode {
	case 0o100644, 0o100755, 0o120000, 0o160000:
	default:
		return malformed("mode %#o at %.80q", e.Mode, path)
	}
	// Git refuses an unsorted index; keeping to its order also means no
	// path is listed twice.
	if c := strings.Compare(p.last, path); c > 0 || c == 0 && (p.lastStage == 0 || stage <= p.lastStage) {
		return malformed("entries out of order at %.80q", path)
	}
	p.last, p.lastStage = path, stage
	e.Path = path
	if stage == 0 {
		p.idx.Entries = append(p.idx.Entries, e)
	} else if u := p.idx.Unmerged; len(u) == 0 || u[len(u)-1] != path {
		p.idx.Unmerged = append(u, path)
	}
	return nil
}

// extensions skips the extensions, which must end exactly where the
// checksum starts, noting any that makes the index unsupported.
func (p *parser) extensions() error {
	for p.off < p.end {
		if p.end-p.off < 8 {
			return malformed("%d stray bytes before the checksum", p.end-p.off)
		}
		sig := string(p.data[p.off : p.off+4])
		size := uint64(be.Uint32(p.data[p.off+4:]))
		if size > uint64(p.end-p.off-8) {
			return malformed("extension %q runs into the checksum", sig)
		}
		body := p.data[p.off+8 : p.off+8+int(size)]
		p.off += 8 + int(size)
		switch {
		case sig == "TREE":
			p.idx.Tree = rootTree(body, p.hashSize, len(p.idx.Entries))
		case sig == "link":
			p.split = true
			p.unsupportedBecause("split index")
		case sig == "sdir":
			p.unsupportedBecause("sparse index")
		case sig[0] < 'A' || sig[0] > 'Z':
			p.unsupportedBecause(fmt.Sprintf("required extension %q", sig))
		}
	}
	return nil
}

// rootTree reads the first entry of a cache-tree extension, the root's:
// an empty path, NUL, "<entries> <subtrees>\n", then the tree's id when
// entries is not negative (negative: forgotten). It returns "" for an
// invalid root, for one that covers another number of entries than the
// index holds, and for anything malformed: the tree is then unknown, which
// costs only the shortcut it allows.
func rootTree(b []byte, hashSize, entries int) string {
	if len(b) == 0 || b[0] != 0 {
		return ""
	}
	line, rest, ok := bytes.Cut(b[1:], []byte{'\n'})
	if !ok {
		return ""
	}
	count, subtrees, ok := bytes.Cut(line, []byte{' '})
	if !ok {
		return ""
	}
	n, err := strconv.Atoi(string(count))
	if err != nil || n != entries {
		return ""
	}
	if _, err := strconv.Atoi(string(subtrees)); err != nil || len(rest) < hashSize {
		return ""
	}
	return hex.EncodeToString(rest[:hashSize])
}

func (p *parser) unsupportedBecause(why string) {
	if p.unsupported == "" {
		p.unsupported = why
	}
}

// checkPath refuses what git itself refuses to put in an index and what
// would leave the work tree once joined to it: an empty component (a
// leading or trailing '/', "//"), "." or "..", and ".git" in any case.
func checkPath(path string) error {
	if strings.IndexByte(path, 0) >= 0 {
		return malformed("path %.80q has a NUL", path)
	}
	for rest := path; ; {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			if !safeComponent(rest) {
				return malformed("unsafe path %.80q", path)
			}
			return nil
		}
		if !safeComponent(rest[:i]) {
			return malformed("unsafe path %.80q", path)
		}
		rest = rest[i+1:]
	}
}

// safeComponent reports whether one element of a path is neither empty,
// "." nor "..", nor ".git" in any case.
func safeComponent(c string) bool {
	switch len(c) {
	case 0:
		return false
	case 1:
		return c != "."
	case 2:
		return c != ".."
	case 4:
		return !strings.EqualFold(c, ".git")
	}
	return true
}
