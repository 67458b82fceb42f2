package index

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/loupe-dev/loupe/index/gitrun"
)

// Git history is indexed in a second bleve index next to the blocks, one
// document per commit, incrementally: each Update reads only the commits
// after the newest one indexed (git log with NUL-separated fields and
// --numstat, through the git CLI, which is far faster than a Go
// implementation on large histories).
const (
	commitsDir  = "commits"
	commitsHead = "head" // "<sha> <count> <newest unix time> <generation>"
	// headTree is "<sha> <tree>": a commit the head record named and its
	// tree (HeadTree). A file of its own, so that a loupe from before it
	// reads the head record as it always did.
	headTree = "head-tree"
	// commitsFormat names what a commit record holds. An index without the
	// file, or with another format, is rebuilt from the history at the next
	// update (a loupe from before writes the head record only and reads no
	// format). 2: First and Cut; 3: records in encodeCommit's layout
	// (JSON before).
	commitsFormatFile = "format"
	commitsFormat     = "3"
	// commitsShallow holds shallowStamp as of the last update: a shallow
	// clone deepened or unshallowed since (HEAD unchanged) has its history
	// read again, since its cuts moved and older commits appeared.
	commitsShallow = "shallow"
	// MaxCommits bounds how much history is indexed (newest first).
	MaxCommits = 20000
)

// Commit document fields.
const (
	cSubject = "subject"
	cBody    = "body"
	cAuthor  = "author"
	cFiles   = "files"
	cSHA     = "sha"
)

// Commit search boosts and the recency half-life: a commit's text score is
// multiplied by 1 + recencyWeight·2^(−age/halfLife), age counted back from
// the newest indexed commit (not the clock, so results are reproducible).
const (
	boostSubject   = 3
	boostFiles     = 1.5
	recencyWeight  = 1.0
	recencyHalfDay = 90.0
)

// commitIndex is the open commits index and its head record.
type commitIndex struct {
	mu   sync.Mutex
	bi   bleve.Index
	head string
	tree string // head's tree; "" when git could not say, or no head-tree file names head
	// shallow is shallowStamp when the history was last read.
	shallow string
	count   int
	newest  int64
	gen     int64 // snapshot generation
	// record is head and tree for readers that must not wait for an
	// update (which holds mu while git reads the history): HeadTree.
	record atomic.Pointer[[2]string]
	// decoded keeps the commits searches returned, by SHA (a commit's
	// record changes only when the history is read again, which clears
	// it): a resident process answers query after query from the same few
	// commits, and decoding a large commit's stored record (the one commit
	// of a snapshot lists every file) cost 4 ms an answer as JSON.
	decoded map[string]Commit
}

// maxDecoded bounds commitIndex.decoded; the map starts over when full.
const maxDecoded = 512

func commitMapping() *mapping.IndexMappingImpl {
	m := mapping.NewIndexMapping()
	m.DefaultAnalyzer = identAnalyzer
	m.StoreDynamic, m.IndexDynamic, m.DocValuesDynamic = false, false, false
	dm := mapping.NewDocumentStaticMapping()
	for _, f := range []struct{ name, an string }{
		{cSubject, identAnalyzer}, {cBody, identAnalyzer}, {cAuthor, identAnalyzer},
		{cFiles, identAnalyzer}, {cSHA, keyword.Name},
	} {
		fm := mapping.NewTextFieldMapping()
		fm.Analyzer = f.an
		fm.Store, fm.IncludeTermVectors, fm.IncludeInAll, fm.DocValues = false, false, false, false
		dm.AddFieldMappingsAt(f.name, fm)
	}
	blob := mapping.NewTextFieldMapping()
	blob.Index, blob.Store, blob.IncludeInAll, blob.DocValues, blob.IncludeTermVectors = false, true, false, false, false
	dm.AddFieldMappingsAt(fBlob, blob)
	m.DefaultMapping = dm
	return m
}

// commitDoc is what bleve maps for one commit.
type commitDoc struct {
	Subject string `json:"subject"`
	Body    string `json:"body"`
	Author  string `json:"author"`
	Files   string `json:"files"`
	SHA     string `json:"sha"`
	Blob    string `json:"blob"`
}

// openCommitIndex opens the commits snapshot read-only if there is one; a
// failure leaves commits unsearchable until the next Update rebuilds them.
func openCommitIndex(dir string, opts Options) *commitIndex {
	ci := &commitIndex{}
	ci.readHead(dir)
	if ci.head == "" {
		return ci
	}
	err := checkStamps(ci.snapshot(dir))
	var bi bleve.Index
	if err == nil {
		bi, err = openSafe(ci.snapshot(dir), map[string]any{"read_only": true, "bolt_timeout": boltTimeout})
	}
	if err == nil {
		if err = checkCount(bi, uint64(ci.count)); err != nil {
			bi.Close()
		}
	}
	if err != nil {
		opts.logf("index: commits index unusable, rebuilt on next update: %v", err)
		ci.setHead("", "")
		return ci
	}
	ci.bi = bi
	return ci
}

func (ci *commitIndex) snapshot(dir string) string {
	return filepath.Join(dir, commitsDir, snapshotsDir, strconv.FormatInt(ci.gen, 10))
}

func (ci *commitIndex) readHead(dir string) {
	if readCommitsFile(dir, commitsFormatFile) != commitsFormat {
		return // another format: rebuilt at the next update
	}
	f := strings.Fields(readCommitsFile(dir, commitsHead))
	if len(f) != 4 {
		return
	}
	ci.count, _ = strconv.Atoi(f[1])
	ci.newest, _ = strconv.ParseInt(f[2], 10, 64)
	ci.gen, _ = strconv.ParseInt(f[3], 10, 64)
	tree := ""
	if t := strings.Fields(readCommitsFile(dir, headTree)); len(t) == 2 && t[0] == f[0] {
		tree = t[1]
	}
	ci.shallow = readCommitsFile(dir, commitsShallow)
	ci.setHead(f[0], tree)
}

// readCommitsFile is one of the commits index's small files (replaceFile
// writes them), trimmed; "" when it cannot be read.
func readCommitsFile(dir, name string) string {
	b, err := os.ReadFile(filepath.Join(dir, commitsDir, name))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// setHead sets head and its tree, and the copy HeadTree reads.
func (ci *commitIndex) setHead(head, tree string) {
	ci.head, ci.tree = head, tree
	ci.record.Store(&[2]string{head, tree})
}

// HeadTree returns the commit the commits index was last brought up to
// (HEAD at that update) and that commit's tree (a commit's tree never
// changes), or "" for the tree when git could not say, and for both before
// any update. It never waits for an update running now: the caller
// compares the commit with HEAD and asks git when they differ.
func (ix *Index) HeadTree() (commit, tree string) {
	ix.mu.RLock()
	ci := ix.commits
	ix.mu.RUnlock()
	if ci == nil {
		return "", ""
	}
	if r := ci.record.Load(); r != nil {
		return r[0], r[1]
	}
	return "", ""
}

func (ci *commitIndex) close() error {
	if ci == nil {
		return nil
	}
	ci.mu.Lock()
	defer ci.mu.Unlock()
	if ci.bi == nil {
		return nil
	}
	err := ci.bi.Close()
	ci.bi = nil
	return err
}

// maxLogOutput bounds the commit log the index reads (MaxCommits commits
// with their numstat fit many times over).
const maxLogOutput = 256 << 20

// git runs hardened git in dir (gitrun.RunLimit) and returns its stdout.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	out, err := gitrun.RunLimit(ctx, dir, maxLogOutput, args...)
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	return out, nil
}

// SearchCommits finds commits whose subject, body, author or changed
// paths match text, with a recency boost. limit ≤ 0 means 20.
func (ix *Index) SearchCommits(ctx context.Context, text string, limit int) ([]CommitHit, error) {
	if limit <= 0 {
		limit = 20
	}
	ix.mu.RLock()
	ci := ix.commits
	ix.mu.RUnlock()
	if ci == nil || strings.TrimSpace(text) == "" {
		return nil, nil
	}
	ci.mu.Lock()
	defer ci.mu.Unlock()
	if ci.bi == nil {
		return nil, nil
	}
	bq := bleve.NewBooleanQuery()
	bq.AddShould(match(text, cSubject, identAnalyzer, boostSubject, false), match(text, cBody, identAnalyzer, 1, false),
		match(text, cFiles, identAnalyzer, boostFiles, false), match(text, cAuthor, identAnalyzer, 1, false),
		term(text, cSHA, boostSubject))
	bq.SetMinShould(1)
	return ci.search(ctx, bq, limit)
}

// commit returns the stored commit with the document ID sha, decoded once;
// ci.mu is held. Its Files are shared with later calls: read them only.
func (ci *commitIndex) commit(sha string) (Commit, error) {
	if c, ok := ci.decoded[sha]; ok {
		return c, nil
	}
	doc, err := ci.bi.Document(sha)
	if err != nil || doc == nil {
		return Commit{}, fmt.Errorf("index: load commit %s: %v", sha, cmp.Or(err, errNoDocument))
	}
	c, err := decodeCommit(fieldValue(doc, fBlob))
	if err != nil {
		return Commit{}, fmt.Errorf("index: decode commit %s: %w", sha, err)
	}
	if ci.decoded == nil || len(ci.decoded) >= maxDecoded {
		ci.decoded = map[string]Commit{}
	}
	ci.decoded[sha] = c
	return c, nil
}

var errNoDocument = errors.New("no such document")

func (ci *commitIndex) search(ctx context.Context, q query.Query, limit int) ([]CommitHit, error) {
	req := bleve.NewSearchRequestOptions(q, max(limit*4, 50), 0, false)
	res, err := ci.bi.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("index: search commits: %w", err)
	}
	hits := make([]CommitHit, 0, len(res.Hits))
	for _, dm := range res.Hits {
		c, err := ci.commit(dm.ID)
		if err != nil {
			return nil, err
		}
		age := math.Max(0, float64(ci.newest-c.Time)/86400)
		hits = append(hits, CommitHit{Commit: c, Score: quantize(dm.Score) * (1 + recencyWeight*math.Exp2(-age/recencyHalfDay))})
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].Commit.SHA < hits[j].Commit.SHA
	})
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits, nil
}

// openSafe opens a bleve index, turning a panic on a damaged one into
// ErrCorrupt.
func openSafe(path string, cfg map[string]any) (bi bleve.Index, err error) {
	defer recoverInto(&err, "open "+path)
	return bleve.OpenUsing(path, cfg)
}
