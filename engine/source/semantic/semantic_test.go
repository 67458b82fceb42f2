package semantic

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// memIndex is an index of files of blocks, each block's text its name.
type memIndex struct {
	dir   string
	files map[string][]index.Block
}

func (m *memIndex) Dir() string { return m.dir }
func (m *memIndex) FileHashes() map[string]string {
	out := map[string]string{}
	for p, bs := range m.files {
		h := ""
		for _, b := range bs {
			h += b.Hash
		}
		out[p] = h
	}
	return out
}
func (m *memIndex) FileBlocks(p string) ([]index.Block, error) { return m.files[p], nil }
func (m *memIndex) Read(b index.Block) (index.BlockText, error) {
	return index.BlockText{Block: b, Text: b.Name + "\n"}, nil
}
func (m *memIndex) BlockByID(id string) (index.Block, bool) {
	for _, bs := range m.files {
		for _, b := range bs {
			if b.ID == id {
				return b, true
			}
		}
	}
	return index.Block{}, false
}

func block(path, name, hash string) index.Block {
	return index.Block{ID: path + "#" + name, Path: path, Name: name, Kind: index.KindFunction, Lang: "go", Hash: hash}
}

// wordEmbedder embeds a bag of hashed words; it counts inputs, and fails
// after failAfter inputs when set.
type wordEmbedder struct {
	inputs    int
	failAfter int
}

func (e *wordEmbedder) Embed(_ context.Context, _ string, input []string) ([][]float32, error) {
	if e.failAfter > 0 && e.inputs+len(input) > e.failAfter {
		return nil, errors.New("connection refused")
	}
	e.inputs += len(input)
	out := make([][]float32, len(input))
	for i, s := range input {
		v := make([]float32, 16)
		for _, w := range strings.Fields(strings.ToLower(s)) {
			h := fnv.New32a()
			h.Write([]byte(w))
			v[h.Sum32()%16]++
		}
		out[i] = v
	}
	return out, nil
}

func newTestIndex(t *testing.T) *memIndex {
	return &memIndex{dir: t.TempDir(), files: map[string][]index.Block{
		"a.go": {block("a.go", "refund", "h1"), block("a.go", "charge", "h2")},
		"b.go": {block("b.go", "ledger", "h3"), block("b.go", "refund", "h1")}, // same content as a.go's
	}}
}

// TestSyncIsIncremental: the first sync embeds each distinct content once;
// a second embeds nothing; an edit embeds the changed block only; a new
// Source reads the saved store; Nearest finds by meaning.
func TestSyncIsIncremental(t *testing.T) {
	ix := newTestIndex(t)
	emb := &wordEmbedder{}
	s := New(ix, emb, Options{Model: "m", Batch: 2})
	st, err := s.Sync(context.Background(), nil)
	if err != nil || emb.inputs != 3 || st.Embedded != 3 || st.Reused != 1 {
		t.Fatalf("first sync: %+v %v, %d inputs", st, err, emb.inputs)
	}
	if st, _ := s.Sync(context.Background(), nil); st.Embedded != 0 || emb.inputs != 3 {
		t.Fatalf("second sync embedded %d", st.Embedded)
	}
	ix.files["b.go"][0] = block("b.go", "journal", "h4")
	if st, _ := s.Sync(context.Background(), nil); st.Embedded != 1 || emb.inputs != 4 {
		t.Fatalf("an edit embedded %d", st.Embedded)
	}
	again := New(ix, emb, Options{Model: "m"})
	if again.Size() != 4 {
		t.Fatalf("the saved store has %d blocks, want 4", again.Size())
	}
	hits, err := again.Nearest(context.Background(), "journal", 2, false)
	if err != nil || len(hits) == 0 || hits[0].Block.Name != "journal" {
		t.Fatalf("nearest: %+v %v", hits, err)
	}
	if hits, _ := again.Nearest(context.Background(), "journal", 2, true); len(hits) != 0 {
		t.Fatalf("prose search found code: %+v", hits)
	}
}

// TestSyncKeepsWorkOnFailure: a model that fails half way leaves the
// vectors it gave saved; the next sync embeds only the rest.
func TestSyncKeepsWorkOnFailure(t *testing.T) {
	ix := newTestIndex(t)
	s := New(ix, &wordEmbedder{failAfter: 2}, Options{Model: "m", Batch: 2})
	if _, err := s.Sync(context.Background(), nil); err == nil {
		t.Fatal("no error from a failing model")
	}
	emb := &wordEmbedder{}
	st, err := New(ix, emb, Options{Model: "m", Batch: 2}).Sync(context.Background(), nil)
	if err != nil || emb.inputs != 1 {
		t.Fatalf("after a failure: %+v %v, %d inputs, want 1", st, err, emb.inputs)
	}
}

// TestModelChangeRebuilds: another model drops the vectors with a message.
func TestModelChangeRebuilds(t *testing.T) {
	ix := newTestIndex(t)
	New(ix, &wordEmbedder{}, Options{Model: "m"}).Sync(context.Background(), nil)
	var said string
	emb := &wordEmbedder{}
	st, _ := New(ix, emb, Options{Model: "n", Logf: func(f string, a ...any) { said = fmt.Sprintf(f, a...) }}).Sync(context.Background(), nil)
	if emb.inputs != 3 || !strings.Contains(st.Rebuilt, "from m to n") || !strings.Contains(said, "re-embedding") {
		t.Fatalf("model change: %+v, said %q, %d inputs", st, said, emb.inputs)
	}
}

// TestStoreNeverLeavesTheIndexDir: a store file that is a link to a file
// outside the index directory is not followed.
func TestStoreNeverLeavesTheIndexDir(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "elsewhere.bin")
	ix := newTestIndex(t)
	other := &memIndex{dir: t.TempDir(), files: ix.files}
	New(other, &wordEmbedder{}, Options{Model: "m"}).Sync(context.Background(), nil)
	b, _ := os.ReadFile(filepath.Join(other.dir, StoreFile))
	os.WriteFile(outside, b, 0o644)
	if err := os.Symlink(outside, filepath.Join(ix.dir, StoreFile)); err != nil {
		t.Skip(err)
	}
	if _, err := loadStore(ix.dir); err == nil {
		t.Fatal("loadStore followed a link out of the index directory")
	}
}

// TestCorruptStoreIsAnError: a truncated store is reported, not trusted.
func TestCorruptStoreIsAnError(t *testing.T) {
	ix := newTestIndex(t)
	New(ix, &wordEmbedder{}, Options{Model: "m"}).Sync(context.Background(), nil)
	p := filepath.Join(ix.dir, StoreFile)
	b, _ := os.ReadFile(p)
	os.WriteFile(p, b[:len(b)-5], 0o644)
	if _, err := loadStore(ix.dir); err == nil {
		t.Fatal("a truncated store loaded")
	}
}

// TestQuantizedRanking: the int8 store ranks like exact float cosine: on
// random unit vectors, the top 10 by quantized similarity are the top 10
// by exact similarity (allowing one swap at the boundary).
func TestQuantizedRanking(t *testing.T) {
	snap, q := randomSnapshot(20_000, 128)
	got := topEntries(snap, q, 10, false)
	// exact similarities from the same random stream
	exact, _ := randomFloat(20_000, 128)
	type sc struct {
		id  int
		sim float32
	}
	var all []sc
	for i, v := range exact {
		var d float32
		for j := range v {
			d += v[j] * q[j]
		}
		all = append(all, sc{i, d})
	}
	slices.SortFunc(all, func(a, b sc) int { return cmp.Compare(b.sim, a.sim) })
	want := map[string]bool{}
	for _, s := range all[:10] {
		want[fmt.Sprint(s.id)] = true
	}
	miss := 0
	for _, g := range got {
		if !want[g.id] {
			miss++
		}
	}
	if miss > 1 || got[0].id != "7" {
		t.Fatalf("quantized top 10 misses %d of the exact top 10 (first %s)", miss, got[0].id)
	}
}

// randomFloat regenerates randomSnapshot's vectors as floats.
func randomFloat(n, dim int) ([][]float32, error) {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dim)
		for d := range v {
			v[d] = r.Float32() - .5
		}
		normalize(v)
		out[i] = v
	}
	return out, nil
}
