package chunk

// Kind says what a block is. Code kinds come from the chunker; the other
// sources of loupe (commits, changes, diagnostics, notes) use their own kinds
// with the same type so every stage shares one vocabulary.
type Kind string

// Block kinds produced by the chunker.
const (
	KindFunction  Kind = "function"
	KindMethod    Kind = "method"
	KindType      Kind = "type"
	KindClass     Kind = "class"
	KindInterface Kind = "interface"
	KindHeader    Kind = "header"  // package clause and imports
	KindSection   Kind = "section" // a document section, split at headings
	KindWindow    Kind = "window"  // about 60 lines of anything else
	// KindVariable is a top-level var or const declaration (a Go group is
	// one block, named after its first name), a Rust const or static, or a
	// module-level assignment in Python, JavaScript or TypeScript (a run of
	// them separated only by blank lines is one block); the signature lists
	// every name or statement.
	KindVariable Kind = "variable"
)

// Block kinds produced by the non-index sources.
const (
	KindCommit     Kind = "commit"
	KindHunk       Kind = "hunk"
	KindDiagnostic Kind = "diagnostic"
	KindNote       Kind = "note"
)

// Block is one retrievable unit of a file: a function, a type, a header, a
// document section or a window of lines. Lines are 1-based and inclusive.
type Block struct {
	// ID is stable across edits that do not rename the symbol:
	// "path#QualName" for named blocks, "path:start" for windows; a
	// duplicate name in one file gets a "~N" suffix.
	ID        string `json:"id"`
	Path      string `json:"path"` // relative to the root, forward slashes
	Lang      string `json:"lang"` // "go", "python", "markdown", "text", …
	Kind      Kind   `json:"kind"`
	Name      string `json:"name,omitempty"`
	QualName  string `json:"qualified_name,omitempty"` // Type.method for methods
	Signature string `json:"signature,omitempty"`
	Doc       string `json:"doc,omitempty"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	// Hash is a hex content hash of the block's text (lines StartLine..EndLine).
	Hash string `json:"hash,omitempty"`
	// Refs are identifiers the block uses that may be defined elsewhere
	// (calls, type names, selector names), deduplicated, in first-use order.
	Refs []string `json:"refs,omitempty"`
	// Imports are the import paths of a header block.
	Imports []string `json:"imports,omitempty"`
	// Test is set for blocks of test files and for test functions.
	Test bool `json:"test,omitempty"`
	// Package is a Go block's package name (its file's package clause);
	// empty in other languages.
	Package string `json:"package,omitempty"`
	// Uses are the import paths of the packages a Go block names (pkg.Foo,
	// through the import's name or alias): where its refs may be defined
	// outside its own package.
	Uses []string `json:"uses,omitempty"`
}

// Lines returns the number of lines the block spans.
func (b Block) Lines() int { return b.EndLine - b.StartLine + 1 }
