package index

import (
	"strings"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	bindex "github.com/blevesearch/bleve_index_api"

	"github.com/loupe-dev/loupe/index/chunk"
)

// Field names of a block document. The whole schema is declared here: the
// mapping (used by queries and saved with the index) and the documents
// (built directly, skipping bleve's reflection) both come from blockFields.
const (
	// The name and the doc comment have no field of their own: a block's
	// qualified name holds its name's tokens, and its text holds its doc
	// comment; fields cost about 50 bytes a block each, and the Go tree has
	// 100k blocks.
	fQName    = "qname"   // qualified name (Type.method), identifier analyzer
	fSig      = "sig"     // signature
	fContent  = "content" // the block's text with its doc comment: indexed, never stored
	fPathP    = "pathp"   // path parts ("src/authLogin.ts" → src, authlogin, auth, login, ts)
	fPath     = "path"    // exact path, for prefix filters and FileBlocks
	fLang     = "lang"
	fKind     = "kind"
	fSym      = "sym"     // exact name and qualified name, case kept: Symbol
	fRefs     = "refs"    // exact identifiers used: Callers
	fImports  = "imports" // exact import paths of header blocks: Importers
	fImpTail  = "imptail" // last element of each import, extension dropped
	fTest     = "test"    // bool
	fProse    = "prose"   // bool: a document section or a prose file
	fBlob     = "blob"    // stored only: JSON of the Block without its text
	fieldsAll = ""
)

// fieldSpec says how one field is analysed.
type fieldSpec struct {
	name     string
	analyzer string // identAnalyzer, or keyword.Name for exact fields
}

// blockFields are the indexed text fields. None is stored, none has term
// vectors or doc values: the index stays small and the one stored field
// (fBlob) is enough to rebuild a Block.
var blockFields = []fieldSpec{
	{fQName, identAnalyzer}, {fSig, identAnalyzer},
	{fContent, identAnalyzer}, {fPathP, identAnalyzer},
	{fPath, keyword.Name}, {fLang, keyword.Name}, {fKind, keyword.Name},
	{fSym, keyword.Name}, {fRefs, keyword.Name}, {fImports, keyword.Name},
	{fImpTail, keyword.Name},
}

// boolFields are the indexed flags (blockDoc adds them as booleans).
var boolFields = []string{fTest, fProse}

// buildMapping returns the index mapping for block documents.
func buildMapping() *mapping.IndexMappingImpl {
	m := mapping.NewIndexMapping()
	m.DefaultAnalyzer = identAnalyzer
	m.StoreDynamic, m.IndexDynamic, m.DocValuesDynamic = false, false, false
	dm := mapping.NewDocumentStaticMapping()
	for _, f := range blockFields {
		fm := mapping.NewTextFieldMapping()
		fm.Analyzer = f.analyzer
		fm.Store, fm.IncludeTermVectors, fm.IncludeInAll, fm.DocValues = false, false, false, false
		dm.AddFieldMappingsAt(f.name, fm)
	}
	for _, name := range boolFields {
		fm := mapping.NewBooleanFieldMapping()
		fm.Store, fm.IncludeInAll, fm.DocValues = false, false, false
		dm.AddFieldMappingsAt(name, fm)
	}
	blob := mapping.NewTextFieldMapping()
	blob.Index, blob.Store, blob.IncludeTermVectors, blob.IncludeInAll, blob.DocValues = false, true, false, false, false
	dm.AddFieldMappingsAt(fBlob, blob)
	m.DefaultMapping = dm
	return m
}

// analyzers resolves the analyzers a document needs once per build.
type analyzers struct {
	byName map[string]analysis.Analyzer
}

func newAnalyzers(m *mapping.IndexMappingImpl) analyzers {
	a := analyzers{byName: map[string]analysis.Analyzer{}}
	for _, f := range blockFields {
		a.byName[f.analyzer] = m.AnalyzerNamed(f.analyzer)
	}
	return a
}

// IsProse reports whether a block is documentation, which the docs source
// serves and the code source never does: a section, or a block of a prose
// language (chunk.Language sorts files into prose, code and data).
func IsProse(b Block) bool { return b.Kind == KindSection || chunk.IsProse(b.Lang) }

// blockDoc builds the bleve document of one block; text is its content.
func (a analyzers) blockDoc(b Block, text []byte) (*document.Document, error) {
	d := document.NewDocument(b.ID)
	add := func(name string, value string) {
		if value != "" {
			a.addText(d, name, []byte(value))
		}
	}
	if b.QualName == "" {
		add(fQName, b.Name)
	}
	add(fQName, b.QualName)
	add(fSig, b.Signature)
	a.addText(d, fContent, text)
	add(fPathP, b.Path)
	add(fPath, b.Path)
	add(fLang, b.Lang)
	add(fKind, string(b.Kind))
	add(fSym, b.Name)
	if b.QualName != b.Name {
		add(fSym, b.QualName)
	}
	for _, r := range b.Refs {
		add(fRefs, r)
	}
	for _, imp := range b.Imports {
		add(fImports, imp)
		add(fImpTail, importTail(imp))
	}
	// Flags are indexed only when true: filters ask for "true" (or "not
	// true"), and a "false" posting for every block would cost space.
	// Every indexed block comes from chunk.File, which applies the one
	// test-path rule (chunk.IsTestPath) to Test.
	if b.Test {
		d.AddField(document.NewBooleanFieldWithIndexingOptions(fTest, nil, true, bindex.IndexField))
	}
	if IsProse(b) {
		d.AddField(document.NewBooleanFieldWithIndexingOptions(fProse, nil, true, bindex.IndexField))
	}
	blob, err := encodeBlob(b)
	if err != nil {
		return nil, err
	}
	d.AddField(document.NewTextFieldWithIndexingOptions(fBlob, nil, blob, bindex.StoreField))
	return d, nil
}

func (a analyzers) addText(d *document.Document, name string, value []byte) {
	an := a.byName[analyzerOf(name)]
	d.AddField(document.NewTextFieldCustom(name, nil, value, bindex.IndexField, an))
}

func analyzerOf(field string) string {
	for _, f := range blockFields {
		if f.name == field {
			return f.analyzer
		}
	}
	return identAnalyzer
}

// importTail is the last element of an import path without extension and
// quotes: "./auth/login.js" → "login", "a.b.c" → "c", "net/http" → "http".
func importTail(imp string) string {
	imp = strings.Trim(imp, `"'<> `)
	imp = strings.TrimRight(imp, "/")
	if i := strings.LastIndexAny(imp, "/\\:"); i >= 0 {
		imp = imp[i+1:]
	}
	for _, ext := range []string{".js", ".ts", ".jsx", ".tsx", ".mjs", ".cjs", ".py", ".h", ".hpp", ".rs"} {
		imp = strings.TrimSuffix(imp, ext)
	}
	if i := strings.LastIndexByte(imp, '.'); i >= 0 && i < len(imp)-1 {
		imp = imp[i+1:]
	}
	return imp
}
