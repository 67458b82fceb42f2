package engine

import (
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/chunk"
)

// Ranking signals. A candidate's raw score is the sum of the values of its
// signals; doc.go explains each one with a worked example. Tuned on the
// dev split of the retrieval evaluation (docs/bench/eval.md).
const (
	weightText = 0.5 // BM25 from the index, divided by the best hit's

	weightSymbolQualified = 1.6 // a top-level name in the package the query qualifies it with (url.Parse)
	weightSymbolExact     = 1.2 // name or qualified name is an identifier of the query
	weightSymbolPart      = 0.9 // name is the last part of a qualified identifier
	weightSymbolElsewhere = 0.3 // same, when the pool holds the name where the qualifier puts it
	weightPackage         = 0.5 // × share of the best hit of the rest of the query in the qualifier's package
	weightSymbolFold      = 0.7 // same, ignoring case and underscores
	weightSymbolKeyword   = 0.5 // name (≥ minNameLen) is a keyword ("globset" → GlobSet)
	weightSymbolCompound  = 0.9 // name is two adjacent words of the first line ("parse durations" → parseDuration)

	weightPathExact      = 1.0 // the file is a path of the query (or its suffix)
	weightPathDir        = 0.5 // the file is inside a directory or module of the query
	weightPathKeyword    = 0.4 // the file's stem is a keyword ("response" → lib/response.js)
	weightPathDirKeyword = 0.2 // a directory of the file is a keyword

	weightFile  = 0.6 // the file's summed text relevance, divided by the best file's
	weightGraph = 0.5 // PageRank inflow from the strongest hits, divided by the best

	penaltyGraphOnly = 0.5 // share of the graph signal lost by a block with no text match

	bonusPhrase    = 0.6 // the text contains a quoted phrase or error message
	bonusTestAsked = 0.2 // a test block when the query is about tests

	penaltyTest     = 0.5  // a test block when the query is not about tests
	penaltySameFile = 0.4  // share taken off per better block of the same file
	penaltyTiny     = 0.2  // a block of at most tinyLines lines
	penaltyHeader   = 0.15 // package clause and imports
	penaltyWindow   = 0.1  // a window of lines outside any symbol

	// normFloor is the raw score of a plain good match (full text, half
	// the coverage, file evidence): scores are divided by the best
	// candidate's or by this, whichever is larger, so a source whose best
	// is weak keeps low scores beside a source with a strong match.
	normFloor = 2.0
)

const (
	minNameLen     = 4 // shorter names never match a mere keyword
	tinyLines      = 2 // "very small" blocks
	fileTopHits    = 4 // hits summed for the file signal
	maxShareOfFile = 5 // one file holds at most 1/5 of the candidates while others wait
	signalsPerCan  = 8
)

// Signal names, as shown by --explain and in JSON.
const (
	signalText         = "text"
	signalSymbol       = "symbol"
	signalPath         = "path"
	signalFile         = "file"
	signalGraph        = "graph"
	signalPhrase       = "phrase"
	signalTest         = "test"
	signalSize         = "size"
	signalKind         = "kind"
	signalSpread       = "spread"
	signalCoverage     = "coverage"
	signalPlace        = "place"
	signalDeclaration  = "declaration"
	signalFileCoverage = "filecoverage"
	signalSource       = "source"
	signalPackage      = "package"
)

// ranker scores the blocks of one request.
type ranker struct {
	q        Query
	opts     RankOptions
	src      Source
	keywords map[string]bool
	// compounds are the query's compounds folded ("parseduration").
	compounds map[string]bool
	// initials maps the first letters of each compound's two words to
	// the compound ("fs" → "file system"): code names a module by them.
	initials map[string]string
	// identNames are the identifiers' last parts folded: "LogQL" names
	// the directory logql as "logql" the keyword would.
	identNames map[string]bool
	idents     []identForm
	phrases    []string
	fileRel    map[string]float64 // path → file signal in [0,1]
	// nameCount and stemCount count the pool's blocks per folded name and
	// files per folded stem: a keyword that names many ("server", "handle")
	// says less about each.
	nameCount, stemCount map[string]int
	maxBM25              float64
	// frames are the file:line pairs the query names (frames.go).
	frames []Frame
	// wrapperOf maps a callee raised by the delegate signal to its
	// wrapper (delegate.go).
	wrapperOf map[string]string
}

// identForm is an identifier with the forms it may match.
type identForm struct {
	typed, last, lastTwo, folded string
	// qualifier is the part before the name, folded: "url" of url.Parse,
	// "sort" of sort.Slice. It narrows a name shared by many blocks to
	// the one in that package, module or file.
	qualifier string
	// narrowed: the pool holds the name where the qualifier puts it, so
	// the same name elsewhere is another thing (Float.Parse for url.Parse).
	narrowed bool
}

func newRanker(q Query, opts RankOptions, src Source) *ranker {
	r := &ranker{q: q, opts: opts, src: src, keywords: map[string]bool{}, compounds: map[string]bool{}, initials: map[string]string{}, identNames: map[string]bool{}}
	for _, c := range q.Compounds {
		r.compounds[strings.ReplaceAll(c, " ", "")] = true
		if w1, w2, ok := strings.Cut(c, " "); ok {
			r.initials[w1[:1]+w2[:1]] = c
		}
	}
	for _, k := range q.Keywords {
		r.keywords[k] = true
		r.keywords[stem(k)] = true
	}
	r.idents = identForms(q.Identifiers)
	for _, f := range r.idents {
		r.identNames[f.folded] = true
	}
	for _, p := range q.Phrases {
		r.phrases = append(r.phrases, strings.ToLower(p))
	}
	r.frames = TraceFrames(q.Raw)
	return r
}

// identForms derives each identifier's forms.
func identForms(ids []string) []identForm {
	var out []identForm
	for _, id := range ids {
		parts := splitQualified(id)
		if parts == nil {
			continue
		}
		f := identForm{typed: strings.ReplaceAll(id, "::", "."), last: parts[len(parts)-1]}
		if len(parts) > 1 {
			f.lastTwo = strings.Join(parts[len(parts)-2:], ".")
			f.qualifier = fold(parts[len(parts)-2])
		}
		f.folded = fold(f.last)
		out = append(out, f)
	}
	return out
}

// narrow marks the qualified identifiers the pool holds where their
// qualifier puts them (placed).
func (r *ranker) narrow(pl *pool) {
	for i := range r.idents {
		id := &r.idents[i]
		id.narrowed = slices.ContainsFunc(pl.list, func(f *found) bool { return id.placed(f.block) })
	}
}

// placed reports whether b is the identifier's name where its qualifier
// puts it: the qualified name itself (Pool.Get), or a top-level name in
// the package, module or file the qualifier names (url.Parse).
func (id identForm) placed(b index.Block) bool {
	return id.qualifier != "" && b.Name == id.last &&
		(b.QualName == id.lastTwo || topLevel(b) && inPackage(b.Path, id.qualifier))
}

// fold lowercases and drops underscores: "retry_payment" ≈ "RetryPayment".
func fold(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

// base computes every signal that needs no graph and no text.
func (r *ranker) base(pl *pool) {
	r.fileRel = fileRelevance(pl)
	r.countNames(pl)
	r.narrow(pl)
	for _, f := range pl.list {
		r.maxBM25 = max(r.maxBM25, f.bm25)
	}
	for _, f := range pl.list {
		f.signals, f.score = f.signals[:0], 0
		r.add(f, signalText, r.text(f))
		r.add(f, signalSymbol, r.symbol(f.block))
		r.add(f, signalPath, r.blockPath(f.block))
		r.add(f, signalFile, r.file(f.block.Path))
		r.add(f, signalTest, r.test(f.block))
		r.add(f, signalSize, sizePrior(f.block))
		r.add(f, signalKind, kindPrior(f.block))
		r.add(f, signalPlace, r.place(f.block.Path))
		r.add(f, signalPackage, packageSignal(f))
	}
}

// add appends a non-zero, enabled signal and adds it to the score.
func (r *ranker) add(f *found, name string, s Signal) {
	if s.Value == 0 || r.opts.disabled(name) {
		return
	}
	s.Name = name
	f.signals = append(f.signals, s)
	f.score += s.Value
}

func (r *ranker) text(f *found) Signal {
	if f.bm25 <= 0 || r.maxBM25 <= 0 {
		return Signal{}
	}
	n := f.bm25 / r.maxBM25
	return Signal{Value: weightText * n, Detail: fmt.Sprintf("text matches the query (%.0f%% of the best hit)", 100*n)}
}

// countNames fills nameCount and stemCount from the pool.
func (r *ranker) countNames(pl *pool) {
	r.nameCount, r.stemCount = map[string]int{}, map[string]int{}
	files := map[string]bool{}
	for _, f := range pl.list {
		if f.block.Name != "" {
			r.nameCount[fold(f.block.Name)]++
		}
		if p := f.block.Path; !files[p] {
			files[p] = true
			r.stemCount[fold(testStem(strings.TrimSuffix(path.Base(p), path.Ext(p))))]++
		}
	}
}

// commonness is the square root of how many pool entries share key (at
// least 1): the divisor of a keyword match.
func (r *ranker) commonness(counts map[string]int, key string) float64 {
	return math.Sqrt(float64(max(1, counts[key])))
}

// symbol scores the block's name against the query's identifiers, then
// against its keywords.
func (r *ranker) symbol(b index.Block) Signal {
	if b.Name == "" {
		return Signal{}
	}
	if typeConstructor(b) {
		return r.constructorSymbol(b)
	}
	best := Signal{}
	try := func(v float64, detail string) {
		if v > best.Value {
			best = Signal{Value: v, Detail: detail}
		}
	}
	elsewhere := false // the name is a qualified identifier's, in another package
	for _, id := range r.idents {
		switch {
		case id.typed == b.QualName || id.typed == b.Name || (id.lastTwo != "" && id.lastTwo == b.QualName):
			try(weightSymbolExact, "name matches "+id.typed)
		case id.placed(b): // the exact case above took Pool.Get
			try(weightSymbolQualified, "name matches "+id.typed+" (in package "+id.qualifier+")")
		case id.narrowed && id.folded == fold(b.Name) && !inPackage(b.Path, id.qualifier):
			try(weightSymbolElsewhere, "name matches "+id.typed+", but not in package "+id.qualifier)
			elsewhere = true
		case id.last == b.Name:
			try(weightSymbolPart, "name matches "+id.typed)
		case id.folded == fold(b.Name):
			try(weightSymbolFold, "name matches "+id.typed+" (ignoring case)")
		}
	}
	if elsewhere {
		return best // its words are the identifier's: no keyword match either
	}
	if r.compounds[fold(b.Name)] {
		try(weightSymbolCompound/r.commonness(r.nameCount, fold(b.Name)), "name "+b.Name+" is two words of the query run together")
	}
	if len(b.Name) >= minNameLen && r.keywords[fold(b.Name)] {
		try(weightSymbolKeyword/r.commonness(r.nameCount, fold(b.Name)), "name "+b.Name+" is a word of the query")
	}
	return best
}

// path scores the block's file against the query's paths and keywords.
func (r *ranker) path(p string) Signal {
	best := Signal{}
	try := func(v float64, detail string) {
		if v > best.Value {
			best = Signal{Value: v, Detail: detail}
		}
	}
	noExt := strings.TrimSuffix(p, path.Ext(p))
	for _, qp := range r.q.Paths {
		switch {
		case p == qp || strings.HasSuffix(p, "/"+qp) || strings.HasSuffix(qp, "/"+p) ||
			noExt == qp || strings.HasSuffix(noExt, "/"+qp):
			try(weightPathExact, "path matches "+qp)
		case strings.HasPrefix(p, qp+"/") || strings.Contains(p, "/"+qp+"/"):
			try(weightPathDir, "inside "+qp)
		}
	}
	dir, file := path.Split(noExt)
	file = testStem(file)
	stem := fold(file)
	if how := r.stemStandsForWord(file, stem); how != "" {
		try(weightPathKeyword/r.commonness(r.stemCount, stem), "file name "+path.Base(p)+how)
	} else if share := r.wordShare(file); share > 0 {
		try(weightPathKeyword*share, "file name "+path.Base(p)+" has words of the query")
	}
	for _, seg := range strings.Split(strings.Trim(dir, "/"), "/") {
		if len(seg) >= minNameLen && (r.keywords[fold(seg)] || r.identNames[fold(seg)]) {
			try(weightPathDirKeyword, "directory "+seg+" is a word of the query")
		}
	}
	return best
}

// blockPath is the path signal of b's file, narrowed by the query's
// frames: a file named with a line ("args_test.go:37: unexpected output",
// a traceback's `File "x.py", line 3`) points at the block holding that
// line, which keeps weightPathExact; the file's other blocks get
// weightPathDir, so the pack's budget goes to the frames' code before the
// rest of those files (two pasted tracebacks of the dev cases, requests
// 2148 and pvlib 1606, show more of the lines their fixes changed:
// docs/bench/eval.md, fourteenth session).
func (r *ranker) blockPath(b index.Block) Signal {
	s := r.path(b.Path)
	if s.Value != weightPathExact {
		return s
	}
	named := false
	for _, f := range r.frames {
		if FramePathMatches(f.Path, b.Path) {
			if f.Line >= b.StartLine && f.Line <= b.EndLine {
				return s
			}
			named = true
		}
	}
	if !named {
		return s
	}
	return Signal{Value: weightPathDir, Detail: s.Detail + ", at a line outside this block"}
}

// stemStandsForWord says how a file's whole stem (and its fold) stands
// for the query's words: it is one, it runs two adjacent ones together
// (threadpool ← "thread pool"), it is their initials (fs ← "file
// system"; a language's name is not), or it abbreviates one (impls ←
// implementations); "" when it does not.
func (r *ranker) stemStandsForWord(file, stem string) string {
	switch {
	case len(file) >= minNameLen-1 && r.keywords[stem]:
		return " is a word of the query"
	case r.compounds[stem]:
		return " is two words of the query run together"
	case len(stem) == 2 && r.initials[stem] != "" && !languageStems[stem]:
		return " stands for " + r.initials[stem]
	}
	if k := r.abbreviated(stem); k != "" {
		return " abbreviates " + k
	}
	return ""
}

// wordShare is the share of a name's words (≥ 3 letters) that are
// keywords: "license_gpl_2" with keyword "gpl" → 1/2.
func (r *ranker) wordShare(name string) float64 {
	n, hit := 0, 0
	for _, w := range splitWords(name) {
		if len(w) < 3 || isNumber(w) {
			continue
		}
		n++
		if r.keywords[strings.ToLower(w)] || r.abbreviated(strings.ToLower(w)) != "" {
			hit++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(hit) / float64(n)
}

// fileRelevance sums the best fileTopHits BM25 scores of each file and
// divides by the best file's sum: whole-file relevance, which is what a
// file-level BM25 ranks by, given to each of the file's blocks.
func fileRelevance(pl *pool) map[string]float64 {
	per := map[string][]float64{}
	for _, f := range pl.list {
		if f.bm25 > 0 {
			per[f.block.Path] = append(per[f.block.Path], f.bm25)
		}
	}
	out := make(map[string]float64, len(per))
	best := 0.0
	for p, s := range per {
		sort.Sort(sort.Reverse(sort.Float64Slice(s)))
		sum := 0.0
		for i := 0; i < len(s) && i < fileTopHits; i++ {
			sum += s[i]
		}
		out[p] = sum
		best = max(best, sum)
	}
	for p := range out {
		out[p] /= best
	}
	return out
}

// packageSignal: the block matches the rest of the query inside the
// package a qualified identifier names (searchPackages).
func packageSignal(f *found) Signal {
	if f.pkg == 0 {
		return Signal{}
	}
	return Signal{Value: weightPackage * f.pkg, Detail: fmt.Sprintf("matches the rest of the query in the package it names (%.0f%% of the best)", 100*f.pkg)}
}

func (r *ranker) file(p string) Signal {
	v := r.fileRel[p]
	if v == 0 {
		return Signal{}
	}
	return Signal{Value: weightFile * v, Detail: fmt.Sprintf("in %s, a file that matches as a whole (%.0f%%)", p, 100*v)}
}

// testStem strips test affixes from a file stem: "retry_test" → "retry".
func testStem(s string) string {
	for _, affix := range []string{"_test", ".test", ".spec", "_spec"} {
		s = strings.TrimSuffix(s, affix)
	}
	return strings.TrimPrefix(s, "test_")
}

func (r *ranker) test(b index.Block) Signal {
	if !IsTestBlock(b) {
		return Signal{}
	}
	if r.q.AboutTests {
		return Signal{Value: bonusTestAsked, Detail: "a test, and the query is about tests"}
	}
	return Signal{Value: -penaltyTest, Detail: "a test; the query is not about tests"}
}

// IsTestBlock reports a test: it trusts the chunker's flag and also
// applies its rule, for blocks of other indexes and of uncommitted changes.
func IsTestBlock(b index.Block) bool {
	return b.Test || chunk.IsTestPath(b.Path)
}

// sizePrior pushes down blocks of a line or two. Long blocks keep their
// score: a big central class or function is often what a question is
// about (doc.go, Weights).
func sizePrior(b index.Block) Signal {
	if n := b.Lines(); n <= tinyLines {
		return Signal{Value: -penaltyTiny, Detail: fmt.Sprintf("tiny (%d lines)", n)}
	}
	return Signal{}
}

func kindPrior(b index.Block) Signal {
	switch b.Kind {
	case index.KindHeader:
		return Signal{Value: -penaltyHeader, Detail: "package clause and imports"}
	case index.KindWindow:
		return Signal{Value: -penaltyWindow, Detail: "lines outside any symbol"}
	}
	return Signal{}
}

// phrase adds the phrase bonus once the text is known.
func (r *ranker) phrase(f *found, text string) {
	if len(r.phrases) == 0 || r.opts.disabled(signalPhrase) {
		return
	}
	low := strings.ToLower(text)
	for _, p := range r.phrases {
		if strings.Contains(low, p) {
			r.add(f, signalPhrase, Signal{Value: bonusPhrase, Detail: fmt.Sprintf("contains %q", p)})
			return
		}
	}
}

// cut sorts the pool best first and keeps n, at most n/maxShareOfFile
// of them from one file while others wait: a large file whose every
// function matches must not fill the candidates alone. A graph
// neighbour is kept even when its file has had its share (it still
// counts toward it, for the file's later blocks): neighbours are few (the
// seeds' callers and definitions) and chosen by what calls what, not by
// the file's words. conn.serve, which calls doKeepAlives, ranked 50th of
// net/http/server.go's blocks before its text was read, behind every
// block that says "server", and is what "http server keep-alive
// timeouts" asks for.
func (r *ranker) cut(pl *pool, n int) []*found {
	return r.cutPerFile(pl, n, max(1, n/maxShareOfFile))
}

// cutPerFile is cut with perFile as a file's share.
func (r *ranker) cutPerFile(pl *pool, n, perFile int) []*found {
	list := append([]*found(nil), pl.list...)
	sort.SliceStable(list, func(i, j int) bool {
		return better(list[i].score, list[j].score, list[i].block, list[j].block)
	})
	if len(list) <= n {
		return list
	}
	kept, rest := make([]*found, 0, n), make([]*found, 0, len(list))
	count := map[string]int{}
	for _, f := range list {
		if (count[f.block.Path] < perFile || f.lookup) && len(kept) < n {
			count[f.block.Path]++
			kept = append(kept, f)
		} else {
			rest = append(rest, f)
		}
	}
	kept = append(kept, rest[:n-len(kept)]...)
	sort.SliceStable(kept, func(i, j int) bool {
		return better(kept[i].score, kept[j].score, kept[i].block, kept[j].block)
	})
	return kept
}

// better orders by score, then path, then line, then ID: deterministic.
func better(si, sj float64, a, b index.Block) bool {
	if si != sj {
		return si > sj
	}
	if a.Path != b.Path {
		return a.Path < b.Path
	}
	if a.StartLine != b.StartLine {
		return a.StartLine < b.StartLine
	}
	return a.ID < b.ID
}

// weigh adds coverage (the candidates' text is known by now) and the
// delegates' places, and sorts the candidates, raw scores best first.
func (r *ranker) weigh(c []Candidate) []Candidate {
	terms, ts, has := r.matchTerms(c)
	r.relatedNotes(c, ts, has)
	r.coverage(c, terms, has)
	r.settleDelegates(c)
	sortCandidates(c)
	return c
}

// settle spreads c (sorted best first) over files and normalizes the
// scores to [0,1]: the best gets 1, a non-positive sum gets 0.
func (r *ranker) settle(c []Candidate) []Candidate {
	if !r.opts.disabled(signalSpread) {
		spread(c, r.delegated)
		sortCandidates(c)
	}
	if len(c) == 0 || c[0].Score <= 0 {
		for i := range c {
			c[i].Score = 0
		}
		return c
	}
	top := max(c[0].Score, normFloor)
	for i := range c {
		c[i].Score = max(0, c[i].Score/top)
		c[i].norm = top
	}
	if !r.opts.disabled(signalPlace) {
		placeAfterNorm(c)
	}
	if !r.opts.disabled(signalDeclaration) {
		declarationsAfterNorm(c)
	}
	sortCandidates(c) // better is a total order: one sort after both scalings
	return c
}

// placeAfterNorm scales down, after normalization, the blocks a path prior
// marked (build files, generated, vendored, test data, examples, legacy
// copies): the additive penalty moves a block within its source, but each
// source is normalized on its own, so a build file that is the best of the
// docs source still scored 1.0, level with the best code (Cargo.toml and
// BUILD.bazel in the top 3 of natural-language questions). Scaling by
// placeScale keeps their order and puts them below the code they build.
func placeAfterNorm(c []Candidate) {
	for i := range c {
		for j, s := range c[i].Signals {
			if s.Name != signalPlace {
				continue
			}
			d := c[i].Score * (placeScale - 1)
			c[i].Score += d
			c[i].Signals[j].Value += d
			break
		}
	}
}

func sortCandidates(c []Candidate) {
	sort.SliceStable(c, func(i, j int) bool { return better(c[i].Score, c[j].Score, c[i].Block, c[j].Block) })
}

// spread discounts the n-th best block of a file by (1-penaltySameFile)^n:
// a second block of one file tells less that is new than the best block
// of another, and a budget should reach the files that matter first.
// c must be sorted best first. A callee the delegate signal raised reads
// as the rest of its wrapper: skip(ID) leaves it out of the count.
func spread(c []Candidate, skip func(id string) bool) {
	seen := map[string]int{}
	for i := range c {
		if skip(c[i].ID) {
			continue
		}
		n := seen[c[i].Block.Path]
		seen[c[i].Block.Path] = n + 1
		if n == 0 || c[i].Score <= 0 {
			continue
		}
		v := c[i].Score * (math.Pow(1-penaltySameFile, float64(n)) - 1)
		c[i].Signals = append(c[i].Signals, Signal{Name: signalSpread, Value: v,
			Detail: fmt.Sprintf("block %d of %s", n+1, c[i].Block.Path)})
		c[i].Score += v
	}
}

// reasonOf is the detail of the strongest positive signal.
func reasonOf(sig []Signal) string {
	best := -1
	for i, s := range sig {
		if s.Value > 0 && (best < 0 || s.Value > sig[best].Value) {
			best = i
		}
	}
	if best < 0 {
		return "weak match"
	}
	return sig[best].Detail
}

// inPackage reports whether a file is in the package or module q names
// (folded): its directory ("url" → net/url/url.go) or its file stem
// ("utils" → pkg/utils.py).
func inPackage(p, q string) bool {
	dir, file := path.Split(p)
	return fold(path.Base(strings.TrimSuffix(dir, "/"))) == q ||
		fold(strings.TrimSuffix(file, path.Ext(file))) == q
}

// topLevel reports a block that is not a member of a type: for url.Parse,
// the function Parse of package url, not the method URL.Parse.
func topLevel(b index.Block) bool { return b.QualName == "" || b.QualName == b.Name }

// abbreviated returns the query keyword that the name word w (lowercased)
// abbreviates by truncation, as code names files: impls ← implementations,
// utils ← utility, init ← initializes, config ← configuration; "" when
// none (args of "arguments" is not caught: its singular, arg, is too short).
func (r *ranker) abbreviated(w string) string {
	for _, a := range []string{w, singular(w)} {
		if len(a) < minAbbrevLen || isNumber(a) {
			continue
		}
		for _, k := range r.q.Keywords {
			if len(k) >= len(a)+abbrevExtra && strings.HasPrefix(k, a) {
				return k
			}
		}
	}
	return ""
}

// An abbreviation is at least minAbbrevLen letters, and the keyword it
// shortens at least abbrevExtra letters longer: "work" does not abbreviate
// "worker" (a word of its own), "util" does abbreviate "utility".
const (
	minAbbrevLen = 4
	abbrevExtra  = 3
)

// typeConstructor reports a constructor named for its type (JsonArray's
// JsonArray): its name is the type's, and a query that names the type
// is about the type.
func typeConstructor(b index.Block) bool {
	return b.Name != "constructor" && b.Name != "__init__" && constructor(b)
}

// constructorSymbol is the symbol signal of a type's constructor: only an
// identifier that names it as the constructor (JsonArray.JsonArray)
// matches. A name match would rank it level with its type, and the
// finer block wins a tie against the type that contains it (packing's
// dedup): the pack showed the constructor in place of the class.
func (r *ranker) constructorSymbol(b index.Block) Signal {
	for _, id := range r.idents {
		if id.typed == b.QualName {
			return Signal{Value: weightSymbolExact, Detail: "name matches " + id.typed}
		}
	}
	return Signal{}
}

// languageStems are two-letter file stems that name a language or its
// extension: fzf's test/test_go.rb tests the Go side, it does not stand
// for "gap option" (initials).
var languageStems = map[string]bool{"go": true, "js": true, "ts": true, "py": true, "rb": true, "rs": true,
	"cs": true, "kt": true, "sh": true, "pl": true, "hs": true, "ex": true, "ml": true, "cc": true, "md": true}
