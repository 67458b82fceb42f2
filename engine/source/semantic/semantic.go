// Package semantic is loupe's optional semantic source: it embeds the code
// and docs blocks of the index through a local embedding model, keeps the
// vectors in the index directory keyed by the block's content hash, and
// finds the blocks nearest in meaning to a query by exact cosine
// similarity. engine fuses what it finds with the lexical ranking
// (engine.NewFusedProvider).
//
// Sync is incremental: it compares each indexed file's content hash with
// the one recorded at its last embedding, and embeds only the blocks of
// changed files whose content hash has no vector yet (a moved or copied
// block reuses its vector). A change of model drops every vector, with a
// message. Vectors computed before a failure or a cancel are kept.
//
// Nearest costs one embedding call for the query (shared by the code and
// docs sides) and one dot product per stored vector: O(n·d). The
// benchmark (BenchmarkNearest) measures it at 10^5 and 10^6 vectors.
package semantic

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/internal/textcut"
	"github.com/loupe-dev/loupe/index"
)

// Embedder computes embeddings (ollama.Client implements it).
type Embedder interface {
	Embed(ctx context.Context, model string, input []string) ([][]float32, error)
}

// Index is what the source needs from the index.
type Index interface {
	Dir() string
	FileHashes() map[string]string
	FileBlocks(path string) ([]index.Block, error)
	Read(b index.Block) (index.BlockText, error)
	BlockByID(id string) (index.Block, bool)
}

// Options configure the source.
type Options struct {
	Model string // the embedding model, e.g. "nomic-embed-text"
	Batch int    // inputs per /api/embed call; 0 means 32
	// BodyChars bounds the body text of a block's input; 0 means 1500.
	BodyChars int
	// QueryPrefix and DocumentPrefix are put before queries and blocks
	// (nomic-embed-text wants "search_query: " and "search_document: ").
	QueryPrefix, DocumentPrefix string
	// Logf reports a model change; may be nil.
	Logf func(format string, args ...any)
}

// Progress is how far a Sync is: blocks embedded of those to embed.
type Progress struct {
	Done, Total int
}

// SyncStats says what a Sync did.
type SyncStats struct {
	Files    int // files whose blocks were (re)considered
	Embedded int // blocks sent to the model
	Reused   int // blocks of changed files whose vector already existed
	Removed  int // files dropped
	Rebuilt  string
}

// Source embeds and searches the blocks of one index.
type Source struct {
	ix     Index
	emb    Embedder
	opts   Options
	snap   atomic.Pointer[snapshot]
	sync   sync.Mutex // one Sync at a time
	load   sync.Once
	loaded chan struct{} // closed when the store is read
	lerr   error

	qmu    sync.Mutex
	qcache map[string]*queryCall

	// The similarities of the last query, shared by the code and docs
	// sides (one scan per query, not two).
	smu     sync.Mutex
	simSnap *snapshot
	simText string
	sims    []float32
}

// New returns the source over ix; it reads nothing until first used.
func New(ix Index, emb Embedder, opts Options) *Source {
	opts.Batch = cmp.Or(opts.Batch, 32)
	opts.BodyChars = cmp.Or(opts.BodyChars, 1500)
	return &Source{ix: ix, emb: emb, opts: opts, qcache: map[string]*queryCall{}, loaded: make(chan struct{})}
}

// Preload starts reading the store in the background, so that a query
// finds it ready (reading the vectors of the Go tree takes a while).
func (s *Source) Preload() {
	s.load.Do(func() { go s.readStore() })
}

func (s *Source) readStore() {
	defer close(s.loaded)
	snap, err := loadStore(s.ix.Dir())
	if err != nil && s.opts.Logf != nil {
		s.opts.Logf("%v: re-embedding every block", err)
	}
	if snap == nil {
		snap = emptySnapshot(s.opts.Model)
	}
	s.snap.Store(snap)
}

// current returns the published snapshot, reading the store first.
func (s *Source) current() (*snapshot, error) { return s.currentCtx(context.Background()) }

// currentCtx is current, giving up when ctx is done (the read goes on).
func (s *Source) currentCtx(ctx context.Context) (*snapshot, error) {
	s.Preload()
	select {
	case <-s.loaded:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if s.lerr != nil {
		return nil, s.lerr
	}
	return s.snap.Load(), nil
}

// Size returns how many blocks have a vector now.
func (s *Source) Size() int {
	snap, err := s.current()
	if err != nil || snap.model != s.opts.Model {
		return 0
	}
	n := 0
	for _, f := range snap.files {
		n += len(f.Blocks)
	}
	return n
}

// embedInput is the text a block is embedded from: its kind and name, its
// path, signature and doc, and the start of its body.
func (s *Source) embedInput(b index.Block, text string) string {
	var sb strings.Builder
	sb.WriteString(s.opts.DocumentPrefix)
	fmt.Fprintf(&sb, "%s %s in %s\n", b.Kind, cmp.Or(b.QualName, b.Name), b.Path)
	if b.Signature != "" {
		sb.WriteString(b.Signature + "\n")
	}
	if b.Doc != "" {
		sb.WriteString(b.Doc + "\n")
	}
	sb.WriteString(textcut.Prefix(text, s.opts.BodyChars))
	return sb.String()
}

// blockKey is the key of a block's vector: its content hash (the ID when
// the index gave none).
func blockKey(b index.Block) string { return cmp.Or(b.Hash, "id:"+b.ID) }

// errNoVectors is returned by Nearest when nothing is embedded yet.
var errNoVectors = errors.New("semantic: no vectors yet")

// Ready reports whether Nearest has vectors to search.
func (s *Source) Ready() bool { return s.Size() > 0 }

// Nearest returns the k blocks nearest to text in meaning, among prose
// blocks or among the others, best first. With nothing embedded yet it
// returns no hits and no error: the lexical side answers alone.
func (s *Source) Nearest(ctx context.Context, text string, k int, prose bool) ([]engine.SemanticHit, error) {
	snap, err := s.currentCtx(ctx)
	if err != nil {
		return nil, err
	}
	if snap.model != s.opts.Model || len(snap.keys) == 0 {
		return nil, nil
	}
	q, err := s.queryVector(ctx, text)
	if err != nil {
		return nil, err
	}
	if len(q) != snap.dim {
		return nil, fmt.Errorf("semantic: the query vector has %d dimensions, the store %d", len(q), snap.dim)
	}
	var hits []engine.SemanticHit
	for _, sc := range topOf(snap, s.similarities(snap, text, q), k, prose) {
		if b, ok := s.ix.BlockByID(sc.id); ok {
			hits = append(hits, engine.SemanticHit{Block: b, Similarity: float64(sc.sim)})
		}
	}
	return hits, nil
}

// similarities scans snap once per query text; a concurrent caller with
// the same text waits and reuses the scan.
func (s *Source) similarities(snap *snapshot, text string, q []float32) []float32 {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.simSnap != snap || s.simText != text {
		s.simSnap, s.simText, s.sims = snap, text, similarities(snap, q)
	}
	return s.sims
}

// queryCall is one query embedding, shared by concurrent callers.
type queryCall struct {
	done chan struct{}
	vec  []float32
	err  error
}

// queryVector embeds text once for all concurrent callers (the code and
// docs sides ask together); the last few answers are kept.
func (s *Source) queryVector(ctx context.Context, text string) ([]float32, error) {
	s.qmu.Lock()
	c, ok := s.qcache[text]
	if !ok {
		if len(s.qcache) >= 8 {
			clear(s.qcache)
		}
		c = &queryCall{done: make(chan struct{})}
		s.qcache[text] = c
		go s.embedQuery(ctx, text, c)
	}
	s.qmu.Unlock()
	select {
	case <-c.done:
		return c.vec, c.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *Source) embedQuery(ctx context.Context, text string, c *queryCall) {
	defer close(c.done)
	vs, err := s.emb.Embed(context.WithoutCancel(ctx), s.opts.Model, []string{s.opts.QueryPrefix + text})
	if err != nil {
		c.err = err
		s.qmu.Lock()
		delete(s.qcache, text) // a failure is not remembered
		s.qmu.Unlock()
		return
	}
	c.vec = slices.Clone(vs[0])
	normalize(c.vec)
}
