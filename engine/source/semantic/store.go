package semantic

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"unsafe"

	"github.com/loupe-dev/loupe/index/safefile"
)

// StoreFile is the vector store's name inside the index directory.
const StoreFile = "vectors.bin"

// storeMagic opens every store file; the digit is the format version.
const storeMagic = "LOUPEVEC2\n"

// maxMeta bounds the JSON part of a store file (a million blocks of
// metadata is about 100 MB).
const maxMeta = 256 << 20

// entry is one block whose vector is stored: its ID, whether it is prose,
// and the key of its vector.
type entry struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Prose bool   `json:"prose,omitempty"`
}

// fileEntries are the blocks of one file as they were embedded, with the
// file's content hash at that time.
type fileEntries struct {
	Hash   string  `json:"hash"`
	Blocks []entry `json:"blocks"`
}

// meta is the JSON head of a store file.
type meta struct {
	Model string                 `json:"model"`
	Dim   int                    `json:"dim"`
	Files map[string]fileEntries `json:"files"`
	Keys  []string               `json:"keys"` // the vectors that follow, in order
}

// snapshot is one immutable state of the store: what Nearest searches.
// Vectors are unit length, quantized to int8 with one scale each (a
// quarter of the memory of float32; cosine changes by less than 1 %):
// vector i is vecs[i*dim:(i+1)*dim] × scales[i], in the order of keys.
type snapshot struct {
	model  string
	dim    int
	files  map[string]fileEntries
	keys   []string
	pos    map[string]int // key to vector number
	vecs   []int8
	scales []float32

	expect int // vectors a Sync expects to hold (to size vecs once)

	flatOnce sync.Once
	flat     []flatEntry // every block with a vector, in path order
}

// flatEntry is a block of the snapshot as the scan reads it.
type flatEntry struct {
	id    string
	vec   int32
	prose bool
}

// entries returns the blocks with a vector as a flat list, built once
// per snapshot (a snapshot never changes once published).
func (s *snapshot) entries() []flatEntry {
	s.flatOnce.Do(func() {
		for _, p := range slices.Sorted(maps.Keys(s.files)) {
			for _, e := range s.files[p].Blocks {
				if i, ok := s.pos[e.Key]; ok {
					s.flat = append(s.flat, flatEntry{id: e.ID, vec: int32(i), prose: e.Prose})
				}
			}
		}
	})
	return s.flat
}

func emptySnapshot(model string) *snapshot {
	return &snapshot{model: model, files: map[string]fileEntries{}, pos: map[string]int{}}
}

func (s *snapshot) vector(i int) []int8 { return s.vecs[i*s.dim : (i+1)*s.dim] }

// add appends the unit vector v, quantized.
func (s *snapshot) add(key string, v []float32) {
	var m float32
	for _, x := range v {
		m = max(m, x, -x)
	}
	scale := m / 127
	s.pos[key] = len(s.keys)
	s.keys = append(s.keys, key)
	s.scales = append(s.scales, scale)
	for _, x := range v {
		q := float32(0)
		if scale > 0 {
			q = x / scale
		}
		s.vecs = append(s.vecs, int8(max(-127, min(127, math.Round(float64(q))))))
	}
}

// copyVector appends vector i of from.
func (s *snapshot) copyVector(key string, from *snapshot, i int) {
	s.pos[key] = len(s.keys)
	s.keys = append(s.keys, key)
	s.scales = append(s.scales, from.scales[i])
	s.vecs = append(s.vecs, from.vector(i)...)
}

// loadStore reads the store in dir. The file is opened through an os.Root
// of dir, so neither a link nor a name can lead the read outside the
// index directory. A missing file is an empty store.
func loadStore(dir string) (*snapshot, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("semantic: %w", err)
	}
	defer root.Close()
	f, err := root.Open(StoreFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("semantic: %w", err)
	}
	defer f.Close()
	s, err := decodeStore(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("semantic: %s: %w", filepath.Join(dir, StoreFile), err)
	}
	return s, nil
}

func decodeStore(r io.Reader) (*snapshot, error) {
	head := make([]byte, len(storeMagic))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != storeMagic {
		return nil, errors.New("not a vector store of this version")
	}
	var n uint64
	if err := binary.Read(r, binary.LittleEndian, &n); err != nil || n > maxMeta {
		return nil, errors.New("bad header")
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	var m meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	if m.Dim <= 0 && len(m.Keys) > 0 {
		return nil, errors.New("bad dimension")
	}
	s := &snapshot{model: m.Model, dim: m.Dim, files: m.Files, keys: m.Keys, pos: make(map[string]int, len(m.Keys))}
	if s.files == nil {
		s.files = map[string]fileEntries{}
	}
	for i, k := range m.Keys {
		s.pos[k] = i
	}
	s.scales = make([]float32, len(m.Keys))
	if err := readFloats(r, s.scales); err != nil {
		return nil, fmt.Errorf("scales: %w", err)
	}
	b = make([]byte, len(m.Keys)*m.Dim)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("vectors: %w", err)
	}
	if len(b) > 0 {
		s.vecs = unsafe.Slice((*int8)(unsafe.Pointer(&b[0])), len(b)) // same size and layout: no copy
	}
	return s, nil
}

// readFloats fills dst with little-endian float32s from r through a
// small buffer: binary.Read would first allocate the whole store again
// as bytes.
func readFloats(r io.Reader, dst []float32) error {
	buf := make([]byte, 1<<16)
	for len(dst) > 0 {
		n := min(len(dst), len(buf)/4)
		if _, err := io.ReadFull(r, buf[:n*4]); err != nil {
			return err
		}
		for i := range n {
			dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(buf[i*4:]))
		}
		dst = dst[n:]
	}
	return nil
}

// saveStore writes s to dir atomically (index/safefile).
func saveStore(dir string, s *snapshot) error {
	return safefile.WriteWith(filepath.Join(dir, StoreFile), func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		if err := encodeStore(bw, s); err != nil {
			return err
		}
		return bw.Flush()
	})
}

func encodeStore(w io.Writer, s *snapshot) error {
	b, err := json.Marshal(meta{Model: s.model, Dim: s.dim, Files: s.files, Keys: s.keys})
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, storeMagic); err != nil {
		return err
	}
	if err := binary.Write(w, binary.LittleEndian, uint64(len(b))); err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return err
	}
	if err := writeFloats(w, s.scales); err != nil {
		return err
	}
	buf := make([]byte, 1<<16)
	for v := s.vecs; len(v) > 0; {
		n := min(len(v), len(buf))
		for i, x := range v[:n] {
			buf[i] = byte(x)
		}
		if _, err := w.Write(buf[:n]); err != nil {
			return err
		}
		v = v[n:]
	}
	return nil
}

// writeFloats writes src as little-endian float32s through a small
// buffer (binary.Write would allocate the whole store again as bytes).
func writeFloats(w io.Writer, src []float32) error {
	buf := make([]byte, 1<<16)
	for len(src) > 0 {
		n := min(len(src), len(buf)/4)
		for i, f := range src[:n] {
			binary.LittleEndian.PutUint32(buf[i*4:], math.Float32bits(f))
		}
		if _, err := w.Write(buf[:n*4]); err != nil {
			return err
		}
		src = src[n:]
	}
	return nil
}

// normalize scales v to unit length in place (a zero vector stays zero),
// so that cosine similarity is a dot product.
func normalize(v []float32) {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	if sum == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(sum))
	for i := range v {
		v[i] *= inv
	}
}
