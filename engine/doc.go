/*
Package engine turns a task description into ranked, explained candidates:
it analyses the query, asks every source for candidates and ranks them in
one list. It is a pure pipeline: it reads the index only through the
Searcher interface it declares, and the sources that do I/O (git,
diagnostics, notes) live in engine/source. Fitting the ranked list into a
token budget is package engine/packing (its budget.go is the packer's
essay); engine holds the types both halves share (Candidate, Source, Level,
Query). This essay covers the query analysis and the ranking of the code
and docs sources.

# Pipeline

	raw text ─AnalyzeQuery─▶ Query ─▶ providers, in parallel, under a deadline
	   code, docs: full-text search + symbol lookups ─▶ pool of blocks
	   ─base signals─▶ seeds ─callers and definitions─▶ reference graph
	   ─personalized PageRank─▶ thin wrappers' callees─▶ cut to MaxCandidates ─Read─▶ phrase bonus
	   ─coverage, file coverage─▶ central files─▶ spread over files─▶ normalize to [0,1]
	   ─▶ the headers of the best three files
	   ─▶ when nothing was cut: the rest of the best eight files, as fillers
	   ─▶ candidates of every source ─fuse─▶ one ranking
	candidates ─followers─▶ packing: dedup, budget, render ─▶ pack

# Query analysis

AnalyzeQuery makes one pass over the lines of the query. A line is first
tried as a stack-trace frame (Python `File "x.py", line 3, in foo`, Go
`pkg.(*T).M(…)` and `/abs/x.go:42 +0x1d` after a `goroutine N` line, JS
and Java `at fn (file.js:1:2)`, Rust `N: crate::m::f` and `panicked at`),
then as an error line (`ValueError: …`, `panic: …`, `error[E0308]: …`),
then as an import (`from a.b import C` gives the module path a/b and the
identifier C). Every line is then cut into tokens at spaces and
punctuation; backticks and code fences mark code. A token is a path when
it has a known extension or enough slashes (`pay/retry.go:42` gives
pay/retry.go); an identifier when it is shaped like code (snake_case,
camelCase, SCREAMING_CASE, `pkg.Func`, `Type.method`, `foo()`, or any word
typed in backticks); and its words, lowercased and without stop words,
are keywords either way. A query that is one capitalized word
("Serialize", "Router") is an identifier too: who types only that names a
type, and serde's trait Serialize then comes before the impls and derive
functions that say "serialize" more often (NL symbol questions .972 →
.992, two up and none down; the dev cases have no such query).

Each term carries a priority: 1 per occurrence, 2 in the first line (an
issue's title), 3 as code, capped at 24 so filler repeated a thousand times
cannot outrank the title; terms from a trace come before all others. The
caps (96 keywords, 64 identifiers, 32 paths, 16 phrases) keep a pasted
200 KB issue cheap to search. Intent is a vote of intent words ("fix",
"crash" → debug; "add", "support" → create; "rename" → refactor; "how",
"why" → explain; "find", "where" → search; "change", "update" → modify), a
trace counting as a strong vote for debug. Scope is codebase when the query
says so, symbol for a short query naming one to three identifiers, module
for paths or more identifiers. AboutTests is set when the title or a short
query mentions tests ("pytest" is a product name, not a test word); test
words in the body of a long issue are usually the reporter's own tests.

Cost: O(n) in the length of the query, plus sorting the bounded term sets.

# Candidates

The code source (NewCodeProvider) runs one full-text search over every
non-prose block: the top 32 keywords (the index stems them as it stems
what it holds, so "retries" meets retry; the stems weigh half the words
as typed) and the identifiers' words as text, weaker expansions of the
strongest keywords learned from the repository (expand_terms.go), the identifiers as exact names and the
paths as path fragments. The index boosts a word in a block's name four
times over one in its body (index/search.go), and scores with BM25
(index/scoring.go: k1 2.0, b 0.75, a block's length measured against the
average block of the repository; until 2026-11-26 it was bleve's default
TF-IDF, though this essay called it BM25). Then up
to 24 exact symbol lookups find the blocks named by the identifiers, as
typed and by their last one or two parts (`sy.Matrix.hstack` →
`Matrix.hstack`, `hstack`). A last search asks for the top 12 keywords
as path parts (60 hits), so a file the query names ("autodoc_typehints" →
sphinx/ext/autodoc/typehints.py) enters the pool even when the common
words of a long issue fill the text hits. Unless the query is about tests
or names a test file (a trace's frame), none of these searches, lookups
and graph steps admits a test block: tests are the tests source's, which
follows the code chosen here within its own share of the budget. Test
files that share the query's words (a table of cases spelling every
keyword) took a tenth of a pack's tokens from the code the task changes
(docs/bench/eval.md, seventh session). The docs source (NewDocsProvider)
searches prose blocks only and skips the lookups and the graph; beside the
code source it keeps 60 candidates (RankOptions.BesideCode): each one is
read, weighed and packed or left out, and 200 cost a resident answer on
the Go tree about 12 of its 75 CPU-ms for sections that its small share
of a pack seldom holds. A caller
that wants a longer ranked list asks for it per request (WithCandidates:
loupe pack --candidates N, MCP's candidates argument) in place of
MaxCandidates; the search then asks for as many hits.
After ranking, the header block (package clause and imports) of each of
the three files the query is most about joins the candidates at .1 of its
file's best score (signal "header", headers.go): search never returns it,
and a fix often adds an import. When the pool held fewer blocks than
MaxCandidates (the search ran out: a small repository, rare words), the
other blocks of the files of the candidates, best file first (at most
eight files and 200 blocks), join as fillers: no score, signal "rest"
(rest.go). The packer places them only with budget every ranked block
left, in the order of their files' packed blocks, so they never displace
one; a bubbletea query had packed 4,761 of 16,000 tokens while the
constructor its fix changed, beside the third block, was in no
candidate.

The index keeps the same hits whatever its segment layout: bleve breaks
ties between equal scores by internal document number, which depends on
how a build's batches landed in segments, and two fresh builds of one
tree kept different blocks at the cut of a search or a lookup, which
moved every signal computed over the pool (file relevance, coverage, name
counts) by about 1 %. Ties at the cut are ordered by block ID
(index.topHits), so the same request on the same tree gives the same
bytes.

# Signals

A block's raw score is the sum of its signals. Each is named, carries a
one-line detail, and appears in --explain and in JSON; the candidate's
Reason is the detail of its strongest positive signal.

	text     weightText × bm25 / best bm25 of the request
	symbol   weightSymbolQualified  a top-level name in the package the query names (url.Parse)
	         weightSymbolExact      name or Type.method is an identifier
	         weightSymbolPart       name is the last part of one (pay.Retry)
	         weightSymbolElsewhere  same, in another package than the one
	                                the qualifier names, once the pool holds
	                                that one (Float.Parse for url.Parse)
	         weightSymbolFold       same ignoring case and "_"
	         weightSymbolKeyword    name is a keyword (GlobSet ← "globset")
	         weightSymbolCompound   name is two adjacent words of the first
	                                line run together (parseDuration ←
	                                "parse durations"; looked up too)
	path     weightPathExact        the file is a query path, or its suffix
	                                (named with a line, as a traceback's
	                                frame: the block holding the line)
	         weightPathDir          the file is under a query directory, or
	                                is named with a line outside the block
	         weightPathKeyword      the file's stem is a keyword, or
	                                abbreviates one (impls ← implementations),
	                                or runs two adjacent words of the first
	                                line together (threadpool ← thread pool),
	                                or is their initials (fs ← file system)
	         weightPathDirKeyword   a directory of it is a keyword
	file     weightFile × (sum of the file's best 4 bm25) / best file's
	package  weightPackage × score / best score of a search of the rest of
	         the query inside the package a qualified identifier names
	graph    weightGraph × PageRank inflow / best inflow
	delegate the function a thin wrapper the query names hands its work
	         to scores delegateShare of the wrapper (see below)
	phrase   bonusPhrase            the text contains a phrase or error
	coverage weightCoverage × idf-weighted share of the query's 12 strongest
	         words found in the block's name, text and directory
	filecoverage weightFileCoverage × the same share over the union of the
	         words held by every candidate of the block's file
	central  weightCentral × ln(1+n)/ln(1+max n), n the files that import
	         the block's file, among the best centralFiles files
	         (central.go)
	test     −penaltyTest           a test or a benchmark, the query is not
	                                about tests or benchmarks
	         bonusTestAsked         a test, the query is about tests
	size     −penaltyTiny           at most 2 lines (a long block is not
	         pushed down: see Weights)
	kind     −penaltyHeader, −penaltyWindow  imports; lines outside symbols
	place    −penaltyVendored, −penaltyGenerated, −penaltyBuild,
	         −penaltyTestData, −penaltyExample, −penaltyLegacy,
	         −penaltyPlatform, −penaltyData (see below); then, after
	         each source is normalized, × placeScale (a build file that
	         is the best of its source no longer ties the best code at
	         1.0)
	declaration a C header whose .c file is a candidate too, or any
	         header when the candidates are C, keeps
	         declarationScale of its normalized score
	spread   the n-th best block of a file keeps (1−penaltySameFile)^n of its score
	source   a documentation block keeps docsPrior of its score, times its
	         source's best raw score over the code source's when lower
	         (see Fusion; the ratio applies when documentation is asked
	         for too); a commit, and a change already committed, keeps
	         historyPrior of its score unless the query asks for history
	         ("commit", "regression"), a test testsPrior unless the query
	         is about tests; a graph neighbour neighbourPrior, plus the
	         rest times the share of the query's strongest words it holds

Only the maximum applies within symbol and within path. A name that is
one plain word of the query ("token" names analyzer.token) is counted
twice: the index boosts a word in a name five times over the body, so its
text signal is near the top, and the keyword symbol signal adds to it.
BM25 sums per-word scores, so that one word in a short name outscores a
block whose body uses every word of the question. Coverage is the
counterweight: it counts how many of the query's strongest words (its
first 12 keywords, compared lightly stemmed: "enforced" ≈ "enforce") the
block holds, each weighted by its rarity among the candidates (ln(1 +
N/(1+df)) over the N read candidates: a word every candidate holds says
nothing). The block's directory counts as its words: the package a block
lives in is part of what it is about, and gzip's Reader.Read, which
checks the CRC-32, never says "gzip" where its readHeader does (Go task
5, "gzip reader CRC-32 check", now first). Not the file's own name: it
gave "budget" to every block of budget.go, and the packer's essay at
its head fell behind a struct beside it for this repository's "how is
the token budget enforced" (the path signal rewards a file named by
the query already). With the graph changes below, dev gold-line recall
.463/.635/.733/.813 → .450/.633/.733/.820, file recall
.930/.944/.953/.960 → .939/.946/.960/.960, NL strict NDCG@10 .8554 →
.8560: level on the evals (docs/bench/eval.md, "twenty-fourth
session"). It needs the text, so it is computed on the
candidates after they are read, before spread and normalization. File
coverage is the same count over a whole file's candidates: a file about
the question as a whole (one block says "keep-alive", another "timeout",
a third "server") wins over a file with one block that happens to name
one rare word. A keyword match
(symbol or file name) is divided by the square root of how many blocks of
the pool share that name or files that stem: "server" names a dozen blocks
of the Go tree and says little about each; "globset" names one. A block
found only through the graph (no text match) keeps half its graph signal
(penaltyGraphOnly).

A question about how something works is answered by the file the rest
of the code is built around: "how middleware is applied through the
pipeline" by Laravel's Pipeline.php, "how type adapter factories are
registered" by Gson.java. Their blocks share the question's words with
smaller files (a Middleware attribute, the TypeAdapterFactory interface)
whose short blocks BM25 favours; what sets them apart is how many files
import them. Once coverage is known, the files of the best eight
candidates are looked up (Importing, index.Index.Importers: Go by import
path, other languages by what their imports resolve to, a root that is
itself a package, fastapi/ or src/Illuminate/, taken as the first part
of its imports), and every candidate of a file that at least two files
import scores central: weightCentral × ln(1+n)/ln(1+max n). Not for a
query that is only names, which asks for their definitions (Laravel's
Container contract is imported more than the Container class). Dev gold-line
recall .458/.627/.728/.808 → .463/.635/.733/.813, NL strict NDCG@10
.852 → .855 (architecture .803 → .816; 13 answers up, 7 down); about 1
ms of a resident answer (docs/bench/eval.md, "Central files").

Code names files by truncating words: impls.rs holds the implementations,
utils.rb the utility methods, init.ts what initializes, config.ts the
configuration. A file name (its singular, or a word of it) of at least
minAbbrevLen letters that begins a keyword at least abbrevExtra letters
longer counts as that keyword for the path signal ("work" is a word of
its own, not worker's abbreviation). NL strict NDCG@10 .8443 → .8472 (four questions
up, two down: params.py and config.ts are true abbreviations of files
that were not the answer); dev gold-line recall at 16k .731 → .738 (one
case), the rest unchanged (docs/bench/eval.md, "Abbreviations").

A compound takes an acronym as one of its words ("JSON array" →
JsonArray, "HTTP response" → HTTPResponse): code runs acronyms together
with the next word as it does ordinary words (NL .8472 → .8474, gson's
JsonArray). A constructor named for its type (JsonArray's JsonArray)
takes no name signal unless the query names it as the constructor
(JsonArray.JsonArray): it matched the type's name as well as the type,
and packing's dedup keeps the finer of two blocks that score alike, so
the pack showed the constructor in place of the class (NL .8472 → .8476,
abseil's Status; both .8478; dev unchanged; eval.md, "Abbreviations").

A two-letter file name made of the initials of two adjacent words of the
first line stands for them: libuv's fs.c holds the "file system
operations", as io, os, gc and vm name modules elsewhere. A stem that
names a language is not read so (fzf's test/test_go.rb against "gap
option"). NL .8495 → .8510 (libuv .50 → 1.0; none down); dev the same.

Delegate follows a thin wrapper to the code that does its work. For
"context.WithTimeout cancel on deadline", WithTimeout is three lines that
return WithDeadline(…), which hands on to WithDeadlineCause, where the
timer and the cancellation are; the pack showed the wrapper and the
Context interface, and neither callee. When one of the best three blocks
is a function of at most 20 lines that the query names (a symbol signal
of at least weightSymbolPart), not a constructor, and calls at most two
functions of its own directory that are more than accessors (over 4
lines) and match the query's text, each callee scores delegateShare of
the wrapper (set after coverage, so it lands just below it and never
above), is read in full rather than at signature level, and is not
counted by spread; two hops at most (delegate.go). Dev gold-line recall
.401/.527/.633/.728 → .400/.534/.643/.731, file recall and NL unchanged
(docs/bench/eval.md, "Delegate"). A wrapper that only forwards (after its
signature, one line of code: the call) says nothing its callee does not:
its callee scores forwardLift above it instead, and the callee's own
callee above that when it forwards too, so WithDeadlineCause reads first,
then WithDeadline, then WithTimeout (Go task 4's first block).

A qualifier narrows a name: for "url.Parse", the function Parse of a
package, module or file named url (net/url/url.go) scores
weightSymbolQualified, above the method URL.Parse and the other Parse
functions of the tree (weightSymbolPart); "sort.Slice" is package sort's.
Once the pool holds the name where the qualifier puts it, the same name
in another package is another thing: Float.Parse and regexp's parse keep
weightSymbolElsewhere and no keyword match (the word "parse" is the
identifier's). Before, twenty Parse functions of the Go tree came next
after url.Parse as reference lines. Dev and NL: the same predictions.

Whoever names pkg.Func works in that package. Once the lookups place
the name there, the rest of the query is searched inside its directory
(PackageHits = 30 hits, two packages at most; retrieve.go,
searchPackages): "url.Parse accepts invalid port" searches "accepts
invalid port" in net/url/, where validOptionalPort is the best hit
(through "invalid" → valid). In the whole tree's search it ranked
below the cut among every file that says "port", and inside url.go below
every block that says "url" and "parse". Its hits score weightPackage ×
their share of that search's best (the package signal). Dev and NL: see
docs/bench/eval.md, "A qualifier's package is searched"; Go tasks 5/8 →
6/8 all needed code shown (go/7).

Place is a path prior. Vendored copies (vendor/, third_party/,
node_modules/, so cmd/vendor), generated files (*.pb.go, *_generated.*,
*.min.js), build and project files (CMakeLists.txt, BUILD.bazel,
Makefile*, *.csproj, pom.xml, configure inputs), test data and helpers
(testdata/, fixtures/, mocks/, fakes/, testing/), examples and legacy
copies (legacy/, deprecated/, compat/, v1/) share the words of the code
they surround (a CMakeLists names every source file of its directory) and
crowd it out.
Each is pushed down unless the query names its kind ("the bazel rules",
"in the examples", "v1"). Test files are recognized by one rule,
chunk.IsTestPath, in the usual names of each language (foo_test.cc,
FooTest.java, FooTests.cs, foo_spec.rb, test/, spec/): the chunker flags
their blocks, and the code source leaves them to the tests source unless
the query is about tests. The copies of one less common platform are
pushed down too (a win/ or sunos/ directory, sunos.c, crc32_ppc64le.go,
zsyscall_windows_386.go): libuv keeps win/tcp.c beside unix/tcp.c and
the Go tree crc32_ppc64le.go beside crc32.go, with the same words, and a
question that names no platform is about the common code (NL .828 →
.837, C .677 → .750; dev gold-line recall +.001/+.002 at 4k/8k;
docs/bench/eval.md). Benchmarks count as tests (foo_benchmark.cc,
FooBenchmark.java, bench/, benches/): abseil's benchmark files use the
API they measure as often as its definition does and stood in the top
ten of 15 of its 20 questions (NL .840 → .842, C++ .808 → .834; dev file
recall at 2k −.007, one reference line at the cut).

Declaration follows C's split of a module in two: foo.h declares what
foo.c defines, and the header's prototypes, struct fields and comments
hold a question's words as well as the code that answers it (curl's
request.h before transfer.c for "how curl decides whether to retry a
failed request"). When the .c file beside a header is a candidate too,
the header keeps declarationScale of its normalized score (NL .837 →
.840, C .750 → .774, five questions up and none down). C only: a C++
header holds the classes and inline code a question is about, and the
same rule over foo.h and foo.cc cost C++ .808 → .726. When the
candidates are C (.c files and no C++ source), every header takes it,
whatever its name: curl's urldata.h declares the structs a dozen .c
files use, and came before connect.c for "how curl resolves and connects
to a remote host" (NL .8478 → .8485, two questions up, none down; dev
unchanged).

Worked example: the query "fix retryPayment in pay/retry.go" against
three hits with BM25 4, 2 and 3:

	pay/retry.go        retryPayment      0.5 text + 1.2 symbol + 1.0 path + 0.6 file        = 3.30 → 1.00
	pay/retry_test.go   TestRetryPayment  0.375 text + 0.28 path + 0.45 file − 0.5 test        = 0.61 → 0.18
	pay/backoff.go      backoff           0.25 text + 0.3 file                               = 0.55 → 0.17

(before coverage and file coverage, which add up to 2.0 and 1.0 to each by
the query words it and its file hold).

Scores are divided by the best candidate's, or by normFloor (the raw score
of a plain good match) when the best is weaker, so each source's scores
lie in [0,1] and a source whose best match is weak keeps low scores;
ties break by path, then line, so equal inputs give equal output.

# Fusion

Every source's candidates share one scale: sorted by score, the list
means "best first" across sources. A docs section and a code block used
to both score 1.0 as the best of their sources and interleave; now a
documentation block keeps docsPrior of its score unless the query asks
for documentation ("readme", "docs", "guide"), and a source's weak best
stays weak (normFloor). When the docs source's best scored below the
code source's before normalization, docs keep that ratio too: serde's
README was the second answer to "standard library type Deserialize
implementations" at docsPrior, above the impls.rs that answers (NL
.8520 → .8525, three up, none down; dev the same). Commits are ranked
among themselves, so the best one took the whole text weight however
weakly it matched and, capped, tied the best code: a commit keeps
historyPrior of its score unless the query asks for the history
("commit", "regression", "introduced"). The evaluations' checkouts have
no history, so they cannot weigh it; on this repository three of four
queries lose one to five commit pointers to code pointers. A test keeps
testsPrior unless the query is about tests, and documentation asked for
("docs" in a commit message) keeps the ratio of its best match to the
code's. The lists are sorted by the fused score (the explorer's, and
the blocks of JSON and MCP); with the JSON's blocks in that order, dev
MRR is .702 (.709 in output order, code first), file recall
.944/.944/.953/.960 (.941/.944/.953/.953). docsPrior .5 → .35 then
gave MRR .705 and file recall .944/.944/.960/.960, the same gold lines
and NL .8514 (fuse.go).

A graph neighbour the follower offers (expand.go: a callee, a type, a
caller of one of the best hits) scores a share of its hit whatever it
holds, so unsafe.Pointer, a type the Pool struct uses, was the second
row for "sync.Pool per-P caches", above every other match. It keeps
neighbourPrior of that score, plus the rest in proportion to the share
of the query's strongest words its name and text hold. Dev file recall
.946/.953/.960/.960 → .946/.953/.967/.967, gold-line recall
.457/.630/.733/.827 → .457/.637/.733/.820 (one case each way), NL .856
either way (docs/bench/eval.md, thirty-third session).

The docs source holds prose only (Markdown, reST, AsciiDoc, Org, HTML,
plain text: chunk.Language). Code in a language the chunker only cuts
into windows (Haskell, Zig, Elixir) is code; so are manifests,
configuration and any file of an extension nobody listed (test vectors,
terminal captures), which the place prior marks as data (penaltyData,
unless the query names the format or asks for configuration). They used
to be filed as text under docs: on the Go tree the docs source answered
"fix json.Unmarshal panics on nil map" with 7,000 tokens of
crypto/tls/bogo_config.json and the FIPS test vectors, and on this
repository "how is the token budget enforced" with the terminal captures
of docs/screens.

# Weights

The constants, as score.go, coverage.go, score_place.go and fuse.go define
them (a test keeps this table and the code in step), and what switching
each signal off costs on the evaluations (docs/bench/eval.md, section
"Ranking for questions in words"). The last change: BM25 counts half
(weightText 1.0 → 0.5) and long blocks are no longer pushed down (a
penalty of up to 0.3 past 150 lines is gone). Text was normalized by the
best hit, which is usually a name match boosted in the index, so it
ranked blocks by one word in a name while a big class that holds the
question as a whole lost twice, to the text of a short name and to its
length. Together: NL strict NDCG@10 .806 → .829 (architecture .770 →
.806, semantic .788 → .809), dev gold-line recall .387/.512/.632/.721 →
.394/.519/.631/.728, file recall at 2k .916 → .928 (16k .958 → .954);
each alone gains less on both (docs/bench/eval.md, "Text and length"):

	weightText            0.5
	weightSymbolQualified 1.6
	weightSymbolExact     1.2
	weightSymbolPart      0.9
	weightSymbolElsewhere 0.3
	weightPackage         0.5
	weightSymbolFold      0.7
	weightSymbolKeyword   0.5
	weightSymbolCompound  0.9
	weightPathExact       1.0
	weightPathDir         0.5
	weightPathKeyword     0.4
	weightPathDirKeyword  0.2
	weightFile            0.6
	weightGraph           0.5
	delegateShare         0.8
	forwardLift           0.01
	weightCoverage        2.0
	weightFileCoverage    1.0
	weightCentral         0.3
	bonusPhrase           0.6
	bonusTestAsked        0.2
	penaltyGraphOnly      0.5
	penaltyTest           0.5
	penaltySameFile       0.4
	penaltyTiny           0.2
	penaltyHeader         0.15
	penaltyWindow         0.1
	penaltyVendored       0.6
	penaltyGenerated      0.6
	penaltyBuild          0.5
	penaltyTestData       0.5
	penaltyExample        0.3
	penaltyLegacy         0.25
	penaltyPlatform       0.3
	penaltyData           0.5
	declarationScale      0.8
	docsPrior             0.35
	historyPrior          0.5
	testsPrior            0.5
	neighbourPrior        0.5
	normFloor             2.0

# Reference graph

As aider's repository map does, the strongest hits decide what else
matters. The 8 best blocks so far are the seeds, at most two of one
file (seedsPerFile): the second block of the best file is often the
small function the question names beside the type that holds its words
(doKeepAlives after Server), and its callers are the code that does the
work. Blocks that call them (Searcher.Callers, 6 per seed) and the
definitions of names they use (Searcher.Symbol, 16 lookups, 3
definitions each) join the pool. Every
block links to the definitions of the names in its Refs (weight 1, split
among a name's definitions; names defined more than 8 times are too
ambiguous to link), and each definition links back to its users at half
weight. A name links only to definitions its block can see (CanSee,
graph_scope.go): in Go, its own package, or an exported name of a
package the block names through an import; other languages, which carry
no per-block import data, link by name as before. PageRank runs 20 iterations with damping 0.85, teleporting to the
seeds in proportion to their scores. The graph signal is the rank that
flowed in along edges, not the teleport share, so an isolated hit gains
nothing from being a seed. Its detail names the neighbour that sent the
most rank: "used by processPayment", "calls retryPayment". A block that
entered only through a lookup is suggested at signature level: it is a
neighbour, not a match, and its signature is what the reader needs;
unless, once read, its text holds at least half of the question's words
(coverage, neighbourMatch), and then it is a match the search ranked
below its cut: conn.serve, the 228-line connection loop that calls
doKeepAlives and idleTimeout, ranks 295th by BM25 for "http server
keep-alive timeouts" and holds every word of it. A neighbour is kept at
the cut (below) even when its file has had its share: neighbours are
few, and chosen by what calls what, not by the file's words; the 40
blocks of net/http/server.go that say "server" ranked ahead of
conn.serve before its text was read. The three together put conn.serve
in Go task 1's pack (all needed code shown 6/8 → 7/8); with the path
words of the file too (an earlier variant of coverage's), dev gold-line
recall .459/.628/.733/.820 → .450/.633/.734/.820, NL .8551 → .8555
(five answers up, two down); the level alone changes two dev packs and
no gold line.

Example: the query "retry payment" finds retryPayment by text;
computeBackoff, which it calls, and process, which calls it, enter
through the lookups and rank above an unrelated text hit.

# Freshness

Text is read through Searcher.Read, the index's freshness read: a block
whose file changed is found again by name (its lines may move) or marked
Stale; a deleted file gives the stored text, marked Deleted. A block that
cannot be read at all is left out.

# Cost

One full-text search (bounded by SearchLimit = 200 hits; run again for
4 × as many when its hits come from fewer than 20 files, so that a few
large files whose every function matches do not make the whole pool),
one path-word search (60 hits), at most 24 symbol lookups, two searches
inside a qualifier's package (30 hits each), 8 caller lookups and 16
definition lookups, 8 importer lookups (central.go), then a graph
of at most a few hundred nodes: E ≤ nodes × 48 refs × 8 definitions, and
PageRank is O(20 × E). The pool is cut to MaxCandidates = 200 before any
file is read, one file holding at most a fifth of them (graph neighbours
apart) while other files wait. RankOptions holds these bounds; the
weights are constants, tuned on the dev split of the retrieval evaluation (docs/bench/eval.md),
where each signal's worth is measured by switching it off.
*/
package engine
