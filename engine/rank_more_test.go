package engine

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

func TestWithCandidatesLengthensTheList(t *testing.T) {
	var hits []index.Hit
	for i := range 30 {
		hits = append(hits, hit(fn(fmt.Sprintf("pkg/f%02d.go", i), fmt.Sprintf("alpha%02d", i), 1, 5), float64(30-i)))
	}
	s := &fakeSearcher{hits: hits}
	o := noGraph()
	o.MaxCandidates, o.SearchLimit = 10, 10
	p := NewCodeProvider(s, o)
	q := AnalyzeQuery("alpha beta")
	short, err := p.Candidates(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	long, err := p.Candidates(WithCandidates(context.Background(), 25), q)
	if err != nil {
		t.Fatal(err)
	}
	if len(short) != 10 || len(long) != 25 {
		t.Fatalf("got %d and %d candidates, want 10 and 25", len(short), len(long))
	}
	var last index.Query // the last text search (the header lookups come after it)
	for _, q := range s.queries {
		if len(q.Kinds) == 0 {
			last = q
		}
	}
	if last.Limit < 25 {
		t.Errorf("search limit %d under the candidates asked", last.Limit)
	}
}

// TestPlaceScalesAfterNormalization: a build file that is the best block
// of its source (the docs source, normalized on its own) no longer scores
// 1.0 beside the best code; its order within the source stays.
func TestPlaceScalesAfterNormalization(t *testing.T) {
	r := newRanker(AnalyzeQuery("serialize implementations"), DefaultRankOptions(), SourceDocs)
	c := []Candidate{
		{ID: "cargo", Score: 3, Block: index.Block{Path: "serde/Cargo.toml"}, Signals: []Signal{{Name: signalPlace, Value: -penaltyBuild}}},
		{ID: "guide", Score: 2, Block: index.Block{Path: "docs/ser.md"}},
	}
	got := r.settle(r.weigh(c))
	if got[0].ID != "guide" || got[1].Score != placeScale || got[1].Signals[0].Value >= -penaltyBuild {
		t.Errorf("after settle: %+v", got)
	}
}

// TestDeclarationsComeAfterTheirDefinitions: a C header whose .c file is
// also a candidate drops below it (declarationScale of its normalized
// score, with a signal saying why); a header without one, and a C++
// header beside its .cc, keep their scores.
func TestDeclarationsComeAfterTheirDefinitions(t *testing.T) {
	r := newRanker(AnalyzeQuery("how curl decides whether to retry a failed request"), DefaultRankOptions(), SourceCode)
	c := []Candidate{
		{ID: "request.h", Score: 10, Block: index.Block{Path: "lib/request.h"}},
		{ID: "transfer.h", Score: 9.5, Block: index.Block{Path: "lib/transfer.h"}},
		{ID: "transfer.c", Score: 9, Block: index.Block{Path: "lib/transfer.c"}},
		{ID: "urldata.h", Score: 8, Block: index.Block{Path: "lib/urldata.h"}},
		{ID: "table.h", Score: 7, Block: index.Block{Path: "absl/table.h"}},
		{ID: "table.cc", Score: 6, Block: index.Block{Path: "absl/table.cc"}},
	}
	got := r.settle(r.weigh(c))
	var order []string
	for _, x := range got {
		order = append(order, x.ID)
	}
	want := []string{"request.h", "transfer.c", "urldata.h", "transfer.h", "table.h", "table.cc"}
	if !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	for _, x := range got {
		demoted := slices.ContainsFunc(x.Signals, func(s Signal) bool { return s.Name == signalDeclaration })
		if demoted != (x.ID == "transfer.h") {
			t.Errorf("%s: declaration signal %v", x.ID, demoted)
		}
		if x.ID == "transfer.h" && math.Abs(x.Score-0.95*declarationScale) > 1e-9 {
			t.Errorf("transfer.h scores %v, want %v", x.Score, 0.95*declarationScale)
		}
	}
	off := DefaultRankOptions()
	off.Disabled = []string{signalDeclaration}
	r = newRanker(AnalyzeQuery("retry a failed request"), off, SourceCode)
	if got := r.settle(r.weigh([]Candidate{
		{ID: "h", Score: 2, Block: index.Block{Path: "lib/transfer.h"}},
		{ID: "c", Score: 1, Block: index.Block{Path: "lib/transfer.c"}},
	})); got[0].ID != "h" {
		t.Errorf("signal off, still demoted: %+v", got)
	}
}

// TestBenchmarksAreTests: a benchmark is test code (absl's
// hash_benchmark.cc came before hash.h for "the Abseil hashing
// framework"); it is pushed down unless the query is about tests or
// benchmarks.
func TestBenchmarksAreTests(t *testing.T) {
	for path, want := range map[string]bool{
		"absl/hash/hash_benchmark.cc":              true,
		"benches/bench.rs":                         true,
		"sympy/core/benchmarks/bench_basic.py":     true,
		"asv_bench/benchmarks/dataset_io.py":       true,
		"jmh/src/main/java/x/ParserBenchmark.java": true,
		"pkg/ledger/ledger_bench.go":               true,
		"absl/hash/hash.h":                         false,
		"src/benchmark.rs":                         false, // a file named benchmark is not one benchmark's
		"lib/workbench/view.ts":                    false,
	} {
		if got := IsTestBlock(index.Block{Path: path}); got != want {
			t.Errorf("%s: test %v, want %v", path, got, want)
		}
	}
	b := index.Block{Path: "absl/hash/hash_benchmark.cc"}
	if s := newRanker(AnalyzeQuery("the Abseil hashing framework"), DefaultRankOptions(), SourceCode).test(b); s.Value != -penaltyTest {
		t.Errorf("benchmark not pushed down: %+v", s)
	}
	if s := newRanker(AnalyzeQuery("why is the hash benchmark slow"), DefaultRankOptions(), SourceCode).test(b); s.Value != bonusTestAsked {
		t.Errorf("asked for benchmarks, still pushed down: %+v", s)
	}
}

func TestPlacePushesDownBuildVendoredAndTestData(t *testing.T) {
	for _, tc := range []struct {
		path string
		want *placeKind
	}{
		{"strings/CMakeLists.txt", &placeBuild},
		{"strings/BUILD.bazel", &placeBuild},
		{"lib/Makefile.inc", &placeBuild},
		{"Src/Newtonsoft.Json.csproj", &placeBuild},
		{"cmd/vendor/golang.org/x/text/language/parse.go", &placeVendored},
		{"cmd/api/testdata/src/pkg/p1/p1.go", &placeTestData},
		{"src/Illuminate/Support/Testing/Fakes/EventFake.php", &placeTestData},
		{"examples/basic/main.go", &placeExample},
		{"pydantic/v1/main.py", &placeLegacy},
		{"api/v1/types.pb.go", &placeGenerated},
		{"web/__generated__/schema.ts", &placeGenerated},
		{"third_party/zlib/inflate.c", &placeVendored},
		{"examples/vendor/lib/x.go", &placeExample}, // the outermost marked directory decides
		{"src/Illuminate/Routing/Console/stubs/controller.stub", &placeGenerated},
		{"test_suite/tests/ui/with/incorrect_type.stderr", &placeTestData},
		{"crypto/tls/bogo_config.json", &placeData},
		{"docs/screens/120x40.ansi", &placeData},
		{"crypto/x509/testdata/vectors.json", &placeTestData},
		{"testing/python/fixtures.py", &placeTestData}, // pytest keeps its tests there
		{"sympy/testing/pytest.py", &placeTestData},
		{"testing/testing.go", &placeTestData}, // Go's package: pushed down unless asked for
		{"testing/plugins_integration/pytest.ini", &placeData},
		{"net/url/url.go", nil},
		{"src/build.rs", nil},
		{"src/Main.hs", nil},
	} {
		if got := placeOf(tc.path); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.path, got, tc.want)
		}
	}
	r := newRanker(AnalyzeQuery("the bazel BUILD rules for strings"), DefaultRankOptions(), SourceCode)
	if s := r.place("strings/BUILD.bazel"); s.Value != 0 {
		t.Errorf("asked for bazel, still pushed down: %+v", s)
	}
	r = newRanker(AnalyzeQuery("string view"), DefaultRankOptions(), SourceCode)
	if s := r.place("strings/BUILD.bazel"); s.Value != -penaltyBuild {
		t.Errorf("build file not pushed down: %+v", s)
	}
	r = newRanker(AnalyzeQuery("retry settings in the yaml config"), DefaultRankOptions(), SourceCode)
	if s := r.place("deploy/retry.yaml"); s.Value != 0 {
		t.Errorf("asked for yaml, still pushed down: %+v", s)
	}
}

func TestFusePutsDocsBelowCodeOfEqualScore(t *testing.T) {
	code := Candidate{ID: "c", Source: SourceCode, Score: 1, Block: index.Block{Path: "pay/retry.go"}}
	doc := Candidate{ID: "d", Source: SourceDocs, Score: 1, Block: index.Block{Path: "docs/retry.md"}}
	c := []Candidate{code, doc}
	fuse(AnalyzeQuery("how are payments retried"), c)
	if c[0].Score != 1 || c[1].Score != docsPrior {
		t.Errorf("scores %v %v, want 1, %v", c[0].Score, c[1].Score, docsPrior)
	}
	if !hasSignal(c[1], signalSource) {
		t.Errorf("the fused score has no signal: %+v", c[1].Signals)
	}
	c = []Candidate{code, doc}
	fuse(AnalyzeQuery("where is retrying documented in the readme"), c)
	if c[1].Score != 1 {
		t.Errorf("docs asked for, still pushed down: %v", c[1].Score)
	}
}

// TestFusePutsCommitsBelowCode: the best commit is ranked only among
// commits (its text weight is whole however weakly it matched), so it
// keeps historyPrior of its score, after the cap, unless the query asks
// for the history; the explanation adds up.
func TestFusePutsCommitsBelowCode(t *testing.T) {
	mk := func() []Candidate {
		return []Candidate{
			{ID: "code", Source: SourceCode, Score: 1},
			{ID: "commit", Source: SourceCommits, Score: 2, Signals: []Signal{{Name: "text", Value: 1}, {Name: "recency", Value: 1}}},
			{ID: "commit2", Source: SourceCommits, Score: 0.5, Signals: []Signal{{Name: "text", Value: 0.5}}},
		}
	}
	c := mk()
	fuse(AnalyzeQuery("retry failed payments with backoff"), c)
	for i, want := range []float64{1, historyPrior, historyPrior / 4} {
		if math.Abs(c[i].Score-want) > 1e-9 {
			t.Errorf("%s scores %v, want %v", c[i].ID, c[i].Score, want)
		}
	}
	sum := 0.0
	for _, s := range c[1].Signals {
		sum += s.Value
	}
	if math.Abs(sum-c[1].Score) > 1e-9 {
		t.Errorf("signals sum to %v, score %v: the explanation must add up", sum, c[1].Score)
	}
	c = mk()
	fuse(AnalyzeQuery("which commit introduced the retry regression"), c)
	if c[1].Score != 1 || c[2].Score != 0.25 {
		t.Errorf("history asked for, commits still pushed down: %v %v", c[1].Score, c[2].Score)
	}
}

// TestFusePutsCommittedChangesBelowCode: a committed change is history
// (Candidate.History): after the cap it keeps historyPrior of its score;
// uncommitted work keeps its whole score.
func TestFusePutsCommittedChangesBelowCode(t *testing.T) {
	c := []Candidate{
		{ID: "code", Source: SourceCode, Score: 1},
		{ID: "committed", Source: SourceChanges, Score: 2, History: true},
		{ID: "uncommitted", Source: SourceChanges, Score: 1},
	}
	fuse(AnalyzeQuery("retry failed payments with backoff"), c)
	for i, want := range []float64{1, historyPrior, 0.5} {
		if math.Abs(c[i].Score-want) > 1e-9 {
			t.Errorf("%s scores %v, want %v", c[i].ID, c[i].Score, want)
		}
	}
	if !slices.ContainsFunc(c[1].Signals, func(s Signal) bool { return strings.Contains(s.Detail, "history ranks below code") }) {
		t.Errorf("the committed change's signals %+v do not explain the prior", c[1].Signals)
	}
}

// TestFusePutsTestsBelowCode: a test scores a share of the hit it tests;
// on the one scale it keeps testsPrior of it unless the query is about
// tests.
func TestFusePutsTestsBelowCode(t *testing.T) {
	mk := func() []Candidate {
		return []Candidate{{ID: "code", Source: SourceCode, Score: 1}, {ID: "test", Source: SourceTests, Score: 0.75}}
	}
	c := mk()
	fuse(AnalyzeQuery("retry failed payments with backoff"), c)
	if math.Abs(c[1].Score-0.75*testsPrior) > 1e-9 || !hasSignal(c[1], signalSource) {
		t.Errorf("test scores %v with signals %+v, want %v, explained", c[1].Score, c[1].Signals, 0.75*testsPrior)
	}
	c = mk()
	fuse(AnalyzeQuery("the retry test is flaky"), c)
	if c[1].Score != 0.75 {
		t.Errorf("a query about tests: the test scores %v, want 0.75", c[1].Score)
	}
}

// TestFuseScalesDocsByTheirBestAgainstTheCodes: the docs source's best
// scored a quarter of the code source's before normalization, so its
// blocks keep a quarter of docsPrior; docs that matched as well as the
// code keep docsPrior.
func TestFuseScalesDocsByTheirBestAgainstTheCodes(t *testing.T) {
	c := []Candidate{
		{ID: "c", Source: SourceCode, Score: 1, norm: 4},
		{ID: "c2", Source: SourceCode, Score: 0.3, norm: 4},
		{ID: "d", Source: SourceDocs, Score: 1, norm: 1},
		{ID: "d2", Source: SourceDocs, Score: 0.5, norm: 1},
	}
	fuse(AnalyzeQuery("standard library type Deserialize implementations"), c)
	for i, want := range []float64{1, 0.3, docsPrior / 4, docsPrior / 8} {
		if math.Abs(c[i].Score-want) > 1e-9 {
			t.Errorf("%s scores %v, want %v", c[i].ID, c[i].Score, want)
		}
	}
	c = []Candidate{{ID: "c", Source: SourceCode, Score: 1, norm: 2}, {ID: "d", Source: SourceDocs, Score: 1, norm: 3}}
	fuse(AnalyzeQuery("how are payments retried"), c)
	if c[1].Score != docsPrior {
		t.Errorf("docs that matched better than the code: %v, want %v", c[1].Score, docsPrior)
	}
	// Asked for ("docs" in a commit message), documentation keeps the
	// ratio but not the prior.
	c = []Candidate{{ID: "c", Source: SourceCode, Score: 1, norm: 4}, {ID: "d", Source: SourceDocs, Score: 1, norm: 1}}
	fuse(AnalyzeQuery("docs: retry payments with backoff"), c)
	if math.Abs(c[1].Score-0.25) > 1e-9 {
		t.Errorf("docs asked for, a quarter of the code's best match: %v, want .25", c[1].Score)
	}
}

func TestLoneShortNameIsAnIdentifier(t *testing.T) {
	if got := AnalyzeQuery("g").Identifiers; len(got) != 1 || got[0] != "g" {
		t.Errorf(`"g" → identifiers %v, want [g]`, got)
	}
	if got := AnalyzeQuery("a b").Identifiers; len(got) != 0 {
		t.Errorf(`"a b" → identifiers %v, want none`, got)
	}
}

func TestQualifierNarrowsToThePackage(t *testing.T) {
	fn := index.Block{ID: "net/url/url.go#Parse", Path: "net/url/url.go", Name: "Parse", QualName: "Parse"}
	method := index.Block{ID: "net/url/url.go#URL.Parse", Path: "net/url/url.go", Name: "Parse", QualName: "URL.Parse"}
	other := index.Block{ID: "text/template/parse/parse.go#Parse", Path: "text/template/parse/parse.go", Name: "Parse", QualName: "Parse"}
	r := newRanker(AnalyzeQuery("url.Parse accepts invalid port"), DefaultRankOptions(), SourceCode)
	f, m, o := r.symbol(fn).Value, r.symbol(method).Value, r.symbol(other).Value
	if f != weightSymbolQualified || m >= f || o >= f {
		t.Errorf("func Parse %v, method URL.Parse %v, template Parse %v: the package's function must win", f, m, o)
	}
}

// Once the pool holds url.Parse where the qualifier puts it, a Parse of
// another package is another thing: it keeps only weightSymbolElsewhere,
// while the method URL.Parse of package url keeps the part match.
func TestQualifierPushesDownTheNameElsewhere(t *testing.T) {
	fn := index.Block{ID: "net/url/url.go#Parse", Path: "net/url/url.go", Name: "Parse", QualName: "Parse"}
	method := index.Block{ID: "net/url/url.go#URL.Parse", Path: "net/url/url.go", Name: "Parse", QualName: "URL.Parse"}
	float := index.Block{ID: "math/big/floatconv.go#Float.Parse", Path: "math/big/floatconv.go", Name: "Parse", QualName: "Float.Parse"}
	lower := index.Block{ID: "regexp/syntax/parse.go#parse", Path: "regexp/syntax/parse.go", Name: "parse", QualName: "parse"}
	r := newRanker(AnalyzeQuery("url.Parse accepts invalid port"), DefaultRankOptions(), SourceCode)
	pl := newPool()
	for _, b := range []index.Block{method, float, lower} {
		pl.add(b)
	}
	r.narrow(pl)
	if got := r.symbol(float).Value; got != weightSymbolPart {
		t.Fatalf("without url's Parse in the pool, Float.Parse = %v, want the part match %v", got, weightSymbolPart)
	}
	pl.add(fn)
	r.narrow(pl)
	for _, c := range []struct {
		b    index.Block
		want float64
	}{{fn, weightSymbolQualified}, {method, weightSymbolPart}, {float, weightSymbolElsewhere}, {lower, weightSymbolElsewhere}} {
		if got := r.symbol(c.b).Value; got != c.want {
			t.Errorf("%s: symbol %v, want %v", c.b.ID, got, c.want)
		}
	}
}

func TestOneLargeFileDoesNotFillTheCandidates(t *testing.T) {
	var hits []index.Hit
	for i := range 30 {
		hits = append(hits, hit(fn("big.go", fmt.Sprintf("alpha%02d", i), 1+10*i, 5), 10))
	}
	for i := range 5 {
		hits = append(hits, hit(fn(fmt.Sprintf("small%d.go", i), "alphaSmall", 1, 5), 1))
	}
	s := &fakeSearcher{hits: hits}
	o := noGraph()
	o.MaxCandidates, o.SearchLimit = 10, 100
	got, err := NewCodeProvider(s, o).Candidates(context.Background(), AnalyzeQuery("alpha"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, c := range got {
		files[c.Block.Path] = true
	}
	if len(got) != 10 || len(files) != 6 {
		t.Errorf("%d candidates from %d files, want 10 from 6 (big.go and the 5 others)", len(got), len(files))
	}
}

func TestThinPoolAsksForMoreHits(t *testing.T) {
	var hits []index.Hit
	for i := range 8 {
		hits = append(hits, hit(fn("big.go", fmt.Sprintf("alpha%02d", i), 1+10*i, 5), 10))
	}
	s := &fakeSearcher{hits: hits}
	o := noGraph()
	o.SearchLimit = 8
	if _, err := NewCodeProvider(s, o).Candidates(context.Background(), AnalyzeQuery("alpha")); err != nil {
		t.Fatal(err)
	}
	if len(s.queries) < 2 || s.queries[1].Limit != 8*thinPoolFactor {
		t.Errorf("queries %+v: want the text search again for %d hits", s.queries, 8*thinPoolFactor)
	}
}

func TestFuseCapsASourceAboveOne(t *testing.T) {
	c := []Candidate{
		{ID: "code", Source: SourceCode, Score: 1},
		{ID: "hunk", Source: SourceChanges, Score: 3.96, Signals: []Signal{{Name: "text", Value: 2}, {Name: "recency", Value: 1.96}}},
		{ID: "hunk2", Source: SourceChanges, Score: 1.98},
		{ID: "note", Source: SourceNotes, Score: 0.4},
	}
	fuse(AnalyzeQuery("how is the token budget enforced"), c)
	want := []float64{1, 1, 0.5, 0.4}
	for i, w := range want {
		if math.Abs(c[i].Score-w) > 1e-9 {
			t.Errorf("%s scores %v, want %v", c[i].ID, c[i].Score, w)
		}
	}
	if !hasSignal(c[1], signalSource) || hasSignal(c[0], signalSource) || hasSignal(c[3], signalSource) {
		t.Errorf("only the capped source carries the signal: %+v / %+v / %+v", c[0].Signals, c[1].Signals, c[3].Signals)
	}
	sum := 0.0
	for _, s := range c[1].Signals {
		sum += s.Value
	}
	if math.Abs(sum-c[1].Score) > 1e-9 {
		t.Errorf("signals sum to %v, score %v: the explanation must add up", sum, c[1].Score)
	}
}

// TestFileNameStandsForQueryWords: a file named by truncating a query
// word (impls ← implementations, utils ← utility, init ← initializes)
// takes the path keyword signal, alone or as a word of its name; a short
// word, or one only two letters shorter than the keyword ("work" of
// "worker", a word of its own), does not. So does a name that runs two
// adjacent words of the query together without a separator
// (threadpool.c ← "thread pool"), as a symbol of that name takes the
// compound signal; split by case or "_" it already did.
func TestFileNameStandsForQueryWords(t *testing.T) {
	tests := []struct {
		query, path string
		want        float64
	}{
		{"standard library type Serialize implementations", "serde/src/ser/impls.rs", weightPathKeyword},
		{"utility methods for parameter parsing", "lib/rack/utils.rb", weightPathKeyword},
		{"how vitest initializes worker threads", "src/runtime/workers/init.ts", weightPathKeyword},
		{"vitest configuration options", "src/node/config_loader.ts", weightPathKeyword / 2},
		{"queue worker command execution", "src/Console/WorkCommand.php", weightPathKeyword / 2},
		{"queue worker command execution", "src/Console/Work.php", 0},
		{"applying the patches", "src/app.go", 0},
		{"resolving hostnames using the thread pool", "src/threadpool.c", weightPathKeyword},
		{"resolving hostnames using the thread pool", "src/threads.c", 0},
		{"file system operations like read write open stat", "src/unix/fs.c", weightPathKeyword},
		{"file system operations like read write open stat", "src/unix/fo.c", 0},
		{"Add --gap option to put empty lines between items", "test/test_go.rb", 0},
	}
	for _, tc := range tests {
		r := newRanker(AnalyzeQuery(tc.query), DefaultRankOptions(), SourceCode)
		r.stemCount = map[string]int{}
		if got := r.path(tc.path).Value; math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%q, %s: path signal %.3f, want %.3f", tc.query, tc.path, got, tc.want)
		}
	}
}

// TestAConstructorLeavesItsTypeTheName: a query naming a type (or its
// words run together) is about the type; the constructor that shares its
// name matches only when named as the constructor. Before, it matched
// alike and, being inside the class, took its place in the pack.
func TestAConstructorLeavesItsTypeTheName(t *testing.T) {
	class := index.Block{Path: "gson/JsonArray.java", Name: "JsonArray", QualName: "JsonArray", Kind: index.KindClass}
	ctor := index.Block{Path: "gson/JsonArray.java", Name: "JsonArray", QualName: "JsonArray.JsonArray", Kind: index.KindMethod}
	for _, query := range []string{"JsonArray", "JSON array operations"} {
		r := newRanker(AnalyzeQuery(query), DefaultRankOptions(), SourceCode)
		if s := r.symbol(class); s.Value <= 0 {
			t.Errorf("%q: the class scores no symbol signal", query)
		}
		if s := r.symbol(ctor); s.Value != 0 {
			t.Errorf("%q: the constructor scores %v, want 0", query, s)
		}
	}
	r := newRanker(AnalyzeQuery("JsonArray.JsonArray throws"), DefaultRankOptions(), SourceCode)
	if s := r.symbol(ctor); s.Value != weightSymbolExact {
		t.Errorf("named as the constructor: %v, want %v", s, weightSymbolExact)
	}
}

// TestEveryHeaderOfACPoolIsADeclaration: when the candidates are C (.c
// files, no C++ source), every header comes after the definitions, also
// one whose name no .c file shares (curl's urldata.h); one C++ source
// among them leaves such headers alone.
func TestEveryHeaderOfACPoolIsADeclaration(t *testing.T) {
	pool := func(extra ...Candidate) []Candidate {
		return append([]Candidate{
			{ID: "urldata.h", Score: 10, Block: index.Block{Path: "lib/urldata.h"}},
			{ID: "connect.c", Score: 9, Block: index.Block{Path: "lib/connect.c"}},
		}, extra...)
	}
	r := newRanker(AnalyzeQuery("how curl resolves and connects to a remote host"), DefaultRankOptions(), SourceCode)
	if got := r.settle(r.weigh(pool())); got[0].ID != "connect.c" || !slices.ContainsFunc(got[1].Signals, func(s Signal) bool { return s.Name == signalDeclaration }) {
		t.Errorf("C pool: %+v", got)
	}
	if got := r.settle(r.weigh(pool(Candidate{ID: "x.cc", Score: 1, Block: index.Block{Path: "lib/x.cc"}}))); got[0].ID != "urldata.h" {
		t.Errorf("with a C++ source: %+v", got)
	}
}

// hasSignal reports whether c carries the signal name (a signal is only
// recorded when it is non-zero).
func hasSignal(c Candidate, name string) bool {
	return slices.ContainsFunc(c.Signals, func(s Signal) bool { return s.Name == name })
}

// TestFuseWeighsNeighboursByTheQueryWordsTheyHold: a graph neighbour that
// holds none of the query's strongest words keeps neighbourPrior of its
// score, one that holds some of them a share in between, one that holds
// all of them its whole score; other candidates are not touched.
func TestFuseWeighsNeighboursByTheQueryWordsTheyHold(t *testing.T) {
	q := AnalyzeQuery("retry failed payments")
	n := len(coverageTermsOf(q))
	if n != 3 {
		t.Fatalf("coverage words of %q: %d, want 3", q.Raw, n)
	}
	c := []Candidate{
		{ID: "hit", Source: SourceCode, Score: 1, Text: "func retryPayment() // retry failed payments\n"},
		{ID: "none", Source: SourceCode, Score: 0.5, Neighbour: true, Text: "type Pointer *byte\n"},
		{ID: "one", Source: SourceCode, Score: 0.5, Neighbour: true, Text: "// Payment is one payment\ntype Payment struct{}\n"},
		{ID: "all", Source: SourceCode, Score: 0.5, Neighbour: true, Text: "func backoff() {} // retry the failed payments\n"},
		{ID: "plain", Source: SourceCode, Score: 0.4, Text: "type Pointer *byte\n"},
	}
	fuse(q, c)
	third := 1.0 / 3
	for i, want := range []float64{1, 0.5 * neighbourPrior, 0.5 * (neighbourPrior + (1-neighbourPrior)*third), 0.5, 0.4} {
		if math.Abs(c[i].Score-want) > 1e-9 {
			t.Errorf("%s scores %v, want %v (signals %+v)", c[i].ID, c[i].Score, want, c[i].Signals)
		}
	}
	if !hasSignal(c[1], signalSource) || hasSignal(c[3], signalSource) || hasSignal(c[4], signalSource) {
		t.Errorf("only a neighbour scaled down is explained: %+v", c)
	}
}
