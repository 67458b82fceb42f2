package index

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/loupe-dev/loupe/index/secrets"
)

// The content store keeps every indexed file's text, compressed, in one
// append-only file. It is only a fallback: Read serves text from the file
// on disk and turns to the store when the file is gone or changed beyond
// recognition. Each record is the 8-byte prefix of the file's SHA-256 then
// a raw DEFLATE stream; the manifest holds each file's offset and length.
const storeName = "content.pack"

// ErrStoreMismatch is returned when a stored record is not the one the
// manifest expects (the store was compacted by another process since).
var ErrStoreMismatch = errors.New("index: content store changed")

var flateWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(io.Discard, flate.BestSpeed)
	return w
}}

// compressRecord returns the store record of data.
func compressRecord(data []byte) []byte {
	sum := sha256.Sum256(data)
	var buf bytes.Buffer
	buf.Grow(len(data)/3 + 16)
	buf.Write(sum[:8])
	w := flateWriters.Get().(*flate.Writer)
	w.Reset(&buf)
	w.Write(data)
	w.Close()
	flateWriters.Put(w)
	return buf.Bytes()
}

// readRecord reads and inflates the record at off.
func readRecord(dir string, off, n int64) ([]byte, error) {
	f, err := os.Open(filepath.Join(dir, storeName))
	if err != nil {
		return nil, fmt.Errorf("index: open content store: %w", err)
	}
	defer f.Close()
	rec := make([]byte, n)
	if _, err := f.ReadAt(rec, off); err != nil || n < 8 {
		return nil, fmt.Errorf("%w: read at %d: %v", ErrStoreMismatch, off, err)
	}
	data, err := io.ReadAll(flate.NewReader(bytes.NewReader(rec[8:])))
	if err != nil {
		return nil, fmt.Errorf("%w: inflate: %v", ErrStoreMismatch, err)
	}
	if sum := sha256.Sum256(data); !bytes.Equal(sum[:8], rec[:8]) {
		return nil, fmt.Errorf("%w: checksum", ErrStoreMismatch)
	}
	return data, nil
}

// storeWriter appends records during an Update.
type storeWriter struct {
	f   *os.File
	off int64
}

// openStoreWriter opens the store for appending at size (what the manifest
// knows of; a torn tail from a crashed Update is cut off).
func openStoreWriter(dir string, size int64) (*storeWriter, error) {
	f, err := os.OpenFile(filepath.Join(dir, storeName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("index: open content store: %w", err)
	}
	if err := f.Truncate(size); err != nil {
		f.Close()
		return nil, fmt.Errorf("index: truncate content store: %w", err)
	}
	return &storeWriter{f: f, off: size}, nil
}

func (s *storeWriter) append(rec []byte) (off int64, err error) {
	off = s.off
	if _, err := s.f.WriteAt(rec, off); err != nil {
		return 0, fmt.Errorf("index: write content store: %w", err)
	}
	s.off += int64(len(rec))
	return off, nil
}

func (s *storeWriter) close() error {
	err := s.f.Sync()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("index: close content store: %w", err)
	}
	return nil
}

// compactStore rewrites the store with only the live records when more
// than half of it is garbage, updating the entries' offsets.
func compactStore(dir string, files map[string]*fileEntry, size int64) (int64, error) {
	var live int64
	for _, e := range files {
		live += e.Len
	}
	if size < 1<<20 || live*2 > size {
		return size, nil
	}
	src, err := os.Open(filepath.Join(dir, storeName))
	if err != nil {
		return size, fmt.Errorf("index: compact content store: %w", err)
	}
	defer src.Close()
	tmp := filepath.Join(dir, storeName+".tmp")
	dst, err := os.Create(tmp)
	if err != nil {
		return size, fmt.Errorf("index: compact content store: %w", err)
	}
	var off int64
	for k, e := range files {
		if e.Len == 0 {
			continue
		}
		if _, err := io.Copy(dst, io.NewSectionReader(src, e.Off, e.Len)); err != nil {
			dst.Close()
			return size, fmt.Errorf("index: compact content store: %w", err)
		}
		c := *e // entries are shared with readers' manifests: copy, never change
		c.Off, off = off, off+e.Len
		files[k] = &c
	}
	if err := dst.Close(); err != nil {
		return size, fmt.Errorf("index: compact content store: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, storeName)); err != nil {
		return size, fmt.Errorf("index: compact content store: %w", err)
	}
	return off, nil
}

// storable is what the content store keeps of a file: its text with the
// secrets the detector finds replaced by markers (lines kept), so that the
// cache directory never holds a raw secret. Blocks and hashes are of the
// file as it is; only the fallback text, used for a deleted or changed
// file, is redacted, and it goes out redacted anyway.
func storable(rel string, data []byte) []byte {
	out, _ := scanStorable(rel, data)
	return out
}

// scanStorable is storable that also says whether data held no secret: the
// rules' fingerprint when the scan found none, 0 when it found one (or the
// rules could not be loaded).
func scanStorable(rel string, data []byte) ([]byte, uint64) {
	d, err := secrets.Default()
	if err != nil {
		return data, 0
	}
	out, found := d.Redact(rel, string(data))
	if len(found) == 0 {
		return data, secrets.Fingerprint()
	}
	return []byte(out), 0
}
