package index

import (
	"github.com/loupe-dev/loupe/index/chunk"
	"github.com/loupe-dev/loupe/index/vocab"
)

// Block and Kind are owned by the chunker, the lowest layer; index re-exports
// them so that engine needs to import only index.
type (
	Block = chunk.Block
	Kind  = chunk.Kind
)

// Re-exported kinds, so consumers need not import chunk.
const (
	KindFunction   = chunk.KindFunction
	KindMethod     = chunk.KindMethod
	KindType       = chunk.KindType
	KindClass      = chunk.KindClass
	KindInterface  = chunk.KindInterface
	KindHeader     = chunk.KindHeader
	KindSection    = chunk.KindSection
	KindWindow     = chunk.KindWindow
	KindCommit     = chunk.KindCommit
	KindHunk       = chunk.KindHunk
	KindDiagnostic = chunk.KindDiagnostic
	KindNote       = chunk.KindNote
)

// Query is a full-text search over blocks. Text is analysed with the
// identifier-aware analyzer; Identifiers are matched exactly against names,
// qualified names and refs with a boost; Paths are path fragments
// ("src/auth/login.ts", "login") matched against path parts.
type Query struct {
	Text         string
	Identifiers  []string
	Paths        []string
	Kinds        []Kind   // empty: any kind
	Langs        []string // empty: any language
	PathPrefix   string   // empty: anywhere
	ExcludeDocs  bool     // leave out prose (markdown, text) blocks
	OnlyDocs     bool     // only prose blocks
	ExcludeTests bool     // leave out test files and test functions
	Limit        int      // 0: a default (200)
	// Expand are weaker terms added to Text: each matches its stem in a
	// block's name and text, at its Weight times the field's boost.
	Expand []vocab.Related
	// NoStems leaves out the stems of Text's words: only the words as
	// typed match (for a long query, which holds the code's words).
	NoStems bool
}

// Hit is one block that matched a Query, with the index's relevance score.
type Hit struct {
	Block Block
	Score float64
}

// BlockText is the current text of a block, read from the file as it is now.
type BlockText struct {
	Block Block  // the block as found now (lines may have moved)
	Text  string // the lines StartLine..EndLine, newline-terminated
	// Stale: the file changed since indexing and the block could not be
	// found again by qualified name; Text is the stored text.
	Stale bool
	// Moved: the file changed since indexing and the block was found again
	// by qualified name at new lines (Block carries them).
	Moved bool
	// Deleted: the file is gone; Text is the stored text.
	Deleted bool
	// Clean: Text is lines of the file exactly as indexed (hash verified)
	// and the index's secret scan of that whole file, with the rules this
	// binary embeds, found nothing: Text need not be scanned again.
	Clean bool
}

// Commit is one indexed git commit.
type Commit struct {
	SHA     string
	Author  string
	Email   string
	Time    int64 // unix seconds, author time
	Subject string
	Body    string
	Files   []string // paths changed, relative to the root
	Added   int
	Deleted int
	// First is set on a commit without a parent, where the history
	// starts: it adds every file it has, and Files lists them all.
	First bool
	// Cut is set where a shallow clone's history stops. git shows such a
	// commit without its parent, as if it added every file, so what it
	// changed is unknown: Files is empty and Added and Deleted are 0.
	Cut bool
}

// CommitHit is a commit that matched a search, with its relevance score.
type CommitHit struct {
	Commit Commit
	Score  float64
}

// The phases an Update reports, in order. Walk and commits carry no
// file counts; index and done do.
const (
	PhaseWalk    = "walk"    // listing the files
	PhaseIndex   = "index"   // reading and indexing the changed files
	PhaseCommits = "commits" // reading the git history
	PhaseDone    = "done"
)

// Progress reports an index build as it goes.
type Progress struct {
	Phase      string // PhaseWalk, PhaseIndex, PhaseCommits, PhaseDone
	FilesDone  int
	FilesTotal int
	BytesDone  int64
	BytesTotal int64
}
