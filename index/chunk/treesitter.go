//go:build cgo

package chunk

import (
	"sync"
	"time"
	"unsafe"

	tskotlin "github.com/tree-sitter-grammars/tree-sitter-kotlin/bindings/go"
	tslua "github.com/tree-sitter-grammars/tree-sitter-lua/bindings/go"
	ts "github.com/tree-sitter/go-tree-sitter"
	tsbash "github.com/tree-sitter/tree-sitter-bash/bindings/go"
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"
	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"
	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tsphp "github.com/tree-sitter/tree-sitter-php/bindings/go"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
	tsruby "github.com/tree-sitter/tree-sitter-ruby/bindings/go"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// HasTreeSitter reports whether this build chunks Python, JavaScript,
// TypeScript, Rust, Java, C, C++, C#, Ruby, PHP, Kotlin, Bash and Lua into
// symbols (it needs cgo); without it those files are cut into windows.
func HasTreeSitter() bool { return true }

// grammar is one tree-sitter language, compiled on first use and then
// shared: queries are read-only and safe for concurrent cursors. Parsers
// are not, so each call takes one from a small free list; parsers beyond
// the list's capacity are closed, never left to the garbage collector
// (which cannot free their C memory).
type grammar struct {
	ptr  func() unsafe.Pointer
	once sync.Once
	c    *compiled
}

// compiled holds a grammar's language, queries and parser free list.
type compiled struct {
	spec    tsLang
	lang    *ts.Language
	query   *ts.Query // definitions and references, one pass over the tree
	nameIdx uint32
	refIdx  uint32
	what    map[uint32]string // capture index of @def.<what> → what
	parsers chan *ts.Parser
}

// grammars is the fixed set of tree-sitter languages; it is built once and
// never modified (each entry compiles itself on first use).
var grammars = map[string]*grammar{
	"python":     {ptr: tspython.Language},
	"javascript": {ptr: tsjs.Language},
	"typescript": {ptr: tstypescript.LanguageTypescript},
	"tsx":        {ptr: tstypescript.LanguageTSX},
	"rust":       {ptr: tsrust.Language},
	"java":       {ptr: tsjava.Language},
	"c":          {ptr: tsc.Language},
	"cpp":        {ptr: tscpp.Language},
	"csharp":     {ptr: tscsharp.Language},
	"ruby":       {ptr: tsruby.Language},
	"php":        {ptr: tsphp.LanguagePHP},
	"kotlin":     {ptr: tskotlin.Language},
	"bash":       {ptr: tsbash.Language},
	"lua":        {ptr: tslua.Language},
}

const (
	parserPoolSize = 8
	noCapture      = ^uint32(0)
)

// get returns the compiled grammar of lang, or nil if lang has none or its
// queries do not compile (a bug caught by the tests, never a panic).
func getGrammar(lang string) *compiled {
	g := grammars[lang]
	if g == nil {
		return nil
	}
	g.once.Do(func() { g.c = compile(lang, g.ptr()) })
	return g.c
}

func compile(name string, ptr unsafe.Pointer) *compiled {
	spec, ok := tsLangSpec(name)
	if !ok {
		return nil
	}
	lang := ts.NewLanguage(ptr)
	q, err := ts.NewQuery(lang, spec.defs+spec.refs)
	if err != nil {
		return nil
	}
	c := &compiled{spec: spec, lang: lang, query: q, nameIdx: noCapture, refIdx: noCapture,
		what: map[uint32]string{}, parsers: make(chan *ts.Parser, parserPoolSize)}
	for i, n := range q.CaptureNames() {
		switch {
		case n == "name":
			c.nameIdx = uint32(i)
		case n == "ref":
			c.refIdx = uint32(i)
		case len(n) > 4 && n[:4] == "def.":
			c.what[uint32(i)] = n[4:]
		}
	}
	return c
}

// parse parses src with a parser from the free list, within parseBudget.
// The caller closes the tree; it is nil if the parse was cancelled.
func (c *compiled) parse(src []byte) *ts.Tree {
	var p *ts.Parser
	select {
	case p = <-c.parsers:
	default:
		p = ts.NewParser()
		if err := p.SetLanguage(c.lang); err != nil {
			p.Close()
			return nil
		}
	}
	tree := p.ParseWithOptions(func(i int, _ ts.Point) []byte {
		if i < len(src) {
			return src[i:]
		}
		return nil
	}, nil, &ts.ParseOptions{ProgressCallback: parseBudget(len(src))})
	if tree == nil {
		// A cancelled parser would resume this parse on its next call, and
		// Reset does not clear a cancellation during tree balancing (the
		// next parse then fails an assertion in ts_parser_parse and aborts
		// the process): never reuse it.
		p.Close()
		return nil
	}
	select {
	case c.parsers <- p:
	default:
		p.Close()
	}
	return tree
}

// parseBudget returns a progress callback that cancels a parse after about
// 50 parser operations per byte of input (and 100,000 at least). Real code
// takes under 2 per byte, adversarial input (deep nesting, garbage) under
// 5; the budget bounds pathological error recovery. It counts operations,
// not time, so the same file always gives the same blocks. A cancelled
// parse returns no tree and the file is windowed.
//
// Some grammars (tree-sitter-bash v0.25.0 on 30 KB of "x = f(1);" lines:
// 12 s within the operation budget) spend their time inside operations,
// which the count cannot bound, so the callback also cancels after
// parseDeadline of the parsing thread's CPU time (not wall time: a loaded
// machine must not window a file it would parse on an idle one). Real code
// parses at several MB/s, far inside it.
//
// The deadline is taken at the first callback, on the thread that parses:
// taken when the budget was made, it read the clock of whatever thread the
// goroutine was on then, and a goroutine that moved to a thread with more
// CPU time behind it had its parse cancelled at once. On a busy machine
// that windowed a few ordinary files per build, a different few each time,
// and two builds of one tree packed differently.
func parseBudget(size int) func(ts.ParseState) bool {
	// The parser calls back once per 100 operations.
	calls, limit := 0, (50*size+100_000)/100
	var deadline time.Duration
	late := false
	return func(ts.ParseState) bool {
		if calls == 0 {
			deadline = cpuNow() + parseDeadline(size)
		}
		calls++
		// Once cancelled, stay cancelled.
		late = late || (calls%64 == 0 && cpuNow() > deadline)
		return calls > limit || late
	}
}

// cpuNow is threadCPU (a test replaces it).
var cpuNow = threadCPU

// parseDeadline is 2 s plus 1 s per 100 KB: over 20 times what real code
// takes on a loaded machine.
func parseDeadline(size int) time.Duration {
	return 2*time.Second + time.Duration(size/100_000)*time.Second
}

// treeSitterFile finds the blocks of a file in a tree-sitter language:
// top-level blocks (header, functions, classes, types), the members of
// top-level containers, and the references with their lines. It returns
// nothing (so the file is windowed) when the grammar is unavailable.
func treeSitterFile(lang string, src []byte) (top, members []Block, refs []lineRef) {
	c := getGrammar(lang)
	if c == nil || len(src) == 0 {
		return nil, nil, nil
	}
	tree := c.parse(src)
	if tree == nil {
		return nil, nil, nil
	}
	defer tree.Close()
	root := tree.RootNode()
	f := &tsFile{c: c, src: src}
	if h, ok := f.header(root); ok {
		top = append(top, h)
	}
	defs, refs := f.scan(root)
	t, m := f.blocks(defs)
	return append(top, t...), m, refs
}
