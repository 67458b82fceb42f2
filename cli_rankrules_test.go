package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPackQualifierPushesDownTheSameNameElsewhere: through the binary, for
// "url.Parse accepts invalid port", once package url's Parse is found the
// Parse of another package (math/big's Float.Parse) is another thing: the
// port check of package url comes before it (engine/score.go, symbol).
func TestPackQualifierPushesDownTheSameNameElsewhere(t *testing.T) {
	p := packCodeOf(t, map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.22\n",
		"url/url.go": `package url

// Parse parses a raw URL into a URL structure.
func Parse(raw string) (string, error) {
	return raw, nil
}

// validPort reports whether port is a colon and digits.
func validPort(port string) bool {
	return len(port) > 1 && port[0] == ':'
}
`,
		"big/floatconv.go": `package big

// Parse parses s as a floating-point number in the given base.
func (z *Float) Parse(s string, base int) (*Float, error) {
	return z, nil
}
`,
	}, "url.Parse accepts invalid port", "2000")
	rank := map[string]int{}
	for i, b := range p.Blocks {
		if _, ok := rank[b.QualifiedName]; !ok {
			rank[b.QualifiedName] = i + 1
		}
	}
	if rank["Parse"] != 1 || rank["validPort"] == 0 || rank["Float.Parse"] != 0 && rank["Float.Parse"] < rank["validPort"] {
		t.Fatalf("blocks %v: want url's Parse first, then its validPort before Float.Parse", blockNames(p))
	}
}

// TestPackFindsTheCheckForANegatedWord: through the binary, "invalid"
// finds the check named for what should hold (validPort), not only the
// other code about ports (engine/expand_terms.go, negatedRoot).
func TestPackFindsTheCheckForANegatedWord(t *testing.T) {
	p := packCodeOf(t, map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.22\n",
		"net/listen.go": `package net

// listenPort opens the port and serves the server on it.
func listenPort(port string) error {
	return serve(port)
}
`,
		"net/verify.go": `package net

// validPort reports whether port is a colon and digits.
func validPort(port string) bool {
	return len(port) > 1 && port[0] == ':'
}
`,
	}, "server accepts an invalid port", "2000")
	if len(p.Blocks) == 0 || p.Blocks[0].Name != "validPort" {
		t.Fatalf("blocks %v: want validPort first", blockNames(p))
	}
}

// TestPackPutsTheNextFilesMatchBeforeHelpers: through the binary, the
// helpers of the file the query is about, which hold none of its words,
// wait behind the next file's block that holds them: delayFor goes in
// whole (engine/packing/budget.go, unmatchedAffinity). With the file's
// whole pull the helpers went in and delayFor got a reference line.
func TestPackPutsTheNextFilesMatchBeforeHelpers(t *testing.T) {
	helper := func(name string) string {
		s := "\n// " + name + " adds up the ledger columns.\nfunc " + name + "(values []int) int {\n\tsum := 0\n"
		for i := range 8 {
			s += fmt.Sprintf("\tsum += values[%d] * %d\n", i%4, i)
		}
		return s + "\treturn sum\n}\n"
	}
	p := packCodeOf(t, map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.22\n",
		"pay/retry.go": retryGo("retries a failed payment with exponential backoff", "\t\tsleepTurn(attempt)\n") +
			helper("checksum") + helper("tally") + helper("total"),
		"pay/backoff.go": `package pay

import "time"

// delayFor is how long to wait before a failed payment is tried again:
// the backoff doubles each time.
func delayFor(attempt int) time.Duration {
	return time.Duration(1<<attempt) * 100 * time.Millisecond
}
`,
	}, "retry failed payments with backoff", "430")
	level := map[string]string{}
	for _, b := range p.Blocks {
		level[b.Name] = b.Level
	}
	if level["RetryPayment"] != "full" || level["delayFor"] != "full" {
		t.Fatalf("RetryPayment %q, delayFor %q: want both whole; blocks %v", level["RetryPayment"], level["delayFor"], blockNames(p))
	}
}

// TestPackLeavesTestsToTheTestsSource: through the binary, a table of test
// cases that spells every word of the query is not code to change: the
// code source leaves it out and the tests source shows it as the test of
// RetryPayment; a query about tests gets it from the code source
// (engine/retrieve.go, wantsTests).
func TestPackLeavesTestsToTheTestsSource(t *testing.T) {
	cases := ""
	for i := range 12 {
		cases += fmt.Sprintf("\t{\"retry failed payment %d with backoff\", %d},\n", i, i)
	}
	files := map[string]string{
		"go.mod":            "module example.com/p\n\ngo 1.22\n",
		"pay/retry.go":      retryGo("tries a payment again after a failure, waiting longer each time", ""),
		"pay/retry_test.go": "package pay\n\nimport \"testing\"\n\n// TestRetryPayment retries failed payments with backoff.\nfunc TestRetryPayment(t *testing.T) {\n\tfor _, c := range []struct {\n\t\tname string\n\t\tn    int\n\t}{\n" + cases + "\t} {\n\t\tif RetryPayment(Payment{}) != nil {\n\t\t\tt.Error(c.name)\n\t\t}\n\t}\n}\n",
	}
	sourceOf := func(p packJSON, name string) string {
		for _, b := range p.Blocks {
			if b.Name == name {
				return b.Source
			}
		}
		return ""
	}
	p := packSourcesOf(t, files, "retry failed payments with backoff", "4000", "code,tests")
	if sourceOf(p, "RetryPayment") != "code" || sourceOf(p, "TestRetryPayment") != "tests" {
		t.Fatalf("RetryPayment from %q, TestRetryPayment from %q: want code and tests; blocks %v",
			sourceOf(p, "RetryPayment"), sourceOf(p, "TestRetryPayment"), blockNames(p))
	}
	p = packSourcesOf(t, files, "retry failed payments test with backoff is flaky", "4000", "code")
	if sourceOf(p, "TestRetryPayment") != "code" {
		t.Fatalf("a query about tests: blocks %v, want TestRetryPayment from code", blockNames(p))
	}
}

// TestPackSpecAndBenchFilesAreTests: through the binary, the one
// test-path rule (chunk.IsTestPath) holds in every layer. express kept a
// vendored test framework under spec/ that spelled the query's words and
// took six whole blocks of a 4k pack while its router got a reference
// line: a spec/ or benches/ file is a test, left to the tests source, and
// a query about tests gets it from the code source again.
func TestPackSpecAndBenchFilesAreTests(t *testing.T) {
	words := ""
	for i := range 10 {
		words += fmt.Sprintf("function routeMatch%d(route, path) { return route.match(path) } // match the route path\n", i)
	}
	files := map[string]string{
		"package.json":      `{"name": "r"}` + "\n",
		"lib/router.js":     "// Router matches a request path against each route in turn.\nfunction matchRoute(routes, path) {\n  for (const route of routes) {\n    if (route.match(path)) return route\n  }\n  return null\n}\nmodule.exports = { matchRoute }\n",
		"spec/lib/jspec.js": words,
		"benches/routes.js": words,
	}
	p := packSourcesOf(t, files, "match the route for a request path", "4000", "code")
	var seen []string
	for _, b := range p.Blocks {
		seen = append(seen, b.Path)
	}
	if !slices.Contains(seen, "lib/router.js") || slices.Contains(seen, "spec/lib/jspec.js") || slices.Contains(seen, "benches/routes.js") {
		t.Fatalf("code source: blocks %v, want lib/router.js and no spec/ or benches/ file", blockNames(p))
	}
	p = packSourcesOf(t, files, "the route match spec fails", "4000", "code")
	if !slices.ContainsFunc(p.Blocks, func(b packBlock) bool { return b.Path == "spec/lib/jspec.js" }) {
		t.Fatalf("a query about tests: blocks %v, want spec/lib/jspec.js", blockNames(p))
	}
}

// TestPackTracebackPointsAtTheFramesBlocks: through the binary, a file a
// traceback names with a line gives its exact-path weight to the block
// holding that line, and only the directory weight to its other blocks
// (engine/score.go, blockPath); its reasons say so.
func TestPackTracebackPointsAtTheFramesBlocks(t *testing.T) {
	src := "class Store:\n"
	for _, name := range []string{"open", "load", "save", "close"} {
		src += fmt.Sprintf("    def %s(self, record):\n        \"\"\"%s a record of the store.\"\"\"\n        self.log.append(record)\n        return record\n\n", name, name)
	}
	files := map[string]string{"app/store.py": src, "app/__init__.py": "\n"}
	// save is the third method: its def is line 12, and line 13 is inside it.
	query := "Traceback (most recent call last):\n  File \"/srv/app/store.py\", line 13, in save\nValueError: record rejected"
	p := packSourcesOf(t, files, query, "4000", "code")
	reasonsOf := func(name string) string {
		for _, b := range p.Blocks {
			if b.Name == name {
				return strings.Join(b.Reasons, "; ")
			}
		}
		return ""
	}
	save, load := reasonsOf("save"), reasonsOf("load")
	if !strings.Contains(save, "path +1.00") || strings.Contains(save, "outside this block") {
		t.Errorf("save, at the frame's line: reasons %q, want the exact path weight", save)
	}
	if !strings.Contains(load, "path +0.50") || !strings.Contains(load, "at a line outside this block") {
		t.Errorf("load, another block of the framed file: reasons %q, want the directory weight", load)
	}
}

// retryGo is package pay's retry.go: RetryPayment with the doc comment
// doc and wait between its attempts (lines of Go, or "").
func retryGo(doc, wait string) string {
	return "package pay\n\n// RetryPayment " + doc + ".\nfunc RetryPayment(p Payment) error {\n" +
		"\tfor attempt := 0; attempt < 5; attempt++ {\n\t\tif err := charge(p); err == nil {\n\t\t\treturn nil\n\t\t}\n" +
		wait + "\t}\n\treturn errFailed\n}\n"
}

// TestPackDocsAreProseOnly: through the binary, the docs source serves
// documentation only. A terminal capture and a JSON file that repeat the
// query's words, and code in a language the chunker only cuts into
// windows (Haskell), are the code source's; the data files under its
// path prior, below the code (chunk.Language, engine/score_place.go).
func TestPackDocsAreProseOnly(t *testing.T) {
	files := map[string]string{
		"README.md":         "# shop\n\nThe retry budget bounds how often a payment is retried.\n",
		"docs/screen.ansi":  strings.Repeat("retry budget payment retry budget payment\n", 20),
		"config/retry.json": `{"retry": {"budget": 3, "payment": "retry", "backoff": "budget"}}` + "\n",
		"src/Retry.hs": "module Retry where\n\n-- | retryPayment retries a payment within the retry budget.\n" +
			"retryPayment :: Int -> IO ()\nretryPayment budget = pure ()\n",
	}
	p := packSourcesOf(t, files, "retry budget for a payment", "4000", "code,docs")
	src := map[string]string{}
	score := map[string]float64{}
	for _, b := range p.Blocks {
		src[b.Path] = b.Source
		score[b.Path] = max(score[b.Path], b.Score)
	}
	want := map[string]string{"README.md": "docs", "docs/screen.ansi": "code", "config/retry.json": "code", "src/Retry.hs": "code"}
	for path, s := range want {
		if src[path] != s {
			t.Errorf("%s: source %q, want %q (blocks %v)", path, src[path], s, blockNames(p))
		}
	}
	// Without the prior the JSON file, which holds every word twice,
	// scores level with the code (.99 against 1).
	if code := score["src/Retry.hs"]; score["config/retry.json"] > 0.6*code || score["docs/screen.ansi"] > 0.6*code {
		t.Errorf("scores %v: want the data files well below the Haskell code", score)
	}
}

// TestPackDocsOfAWeakMatchRankLow: through the binary, when the code
// answers by name and the README only shares a word or two, the README's
// fused score is docsPrior times how its best match compares with the
// code's, and its explanation says so (engine/fuse.go).
func TestPackDocsOfAWeakMatchRankLow(t *testing.T) {
	p := packSourcesOf(t, map[string]string{
		"go.mod":      "module example.com/pay\n\ngo 1.22\n",
		"pay/pay.go":  retryGo("charges a payment again with exponential backoff", "\t\tsleep(attempt)\n"),
		"README.md":   "# pay\n\nPayments are charged once; see the code for how a failed one is handled.\n",
		"pay/util.go": "package pay\n\nfunc sleep(n int) {}\n",
	}, "RetryPayment exponential backoff", "4000", "code,docs")
	for _, b := range p.Blocks {
		if b.Path != "README.md" {
			continue
		}
		explained := slices.ContainsFunc(b.Reasons, func(r string) bool { return strings.Contains(r, "of the code's") })
		// docsPrior alone leaves it at .28 (its own best is below
		// normFloor); its best scored about a third of the code's.
		if b.Score >= 0.25 || !explained {
			t.Errorf("README scores %.3f with reasons %v: want below .25, explained", b.Score, b.Reasons)
		}
		return
	}
	t.Fatalf("blocks %v: want README.md among them", blockNames(p))
}

// TestPackCommitsRankBelowCode: through the binary, in a repository whose
// last commit matches the query as well as the code does, that commit and
// the change it committed (the changes source's) are the best of their
// sources but keep historyPrior (.5) of their scores on the one scale,
// explained, unless the query asks for the history.
func TestPackCommitsRankBelowCode(t *testing.T) {
	root := t.TempDir()
	gitRepo(t, root, map[string]string{
		"go.mod":     "module example.com/pay\n\ngo 1.22\n",
		"pay/pay.go": retryGo("charges a payment again with exponential backoff", "\t\tsleep(attempt)\n"),
	})
	// A README hunk: no code block of the same lines absorbs it.
	writeFiles(t, root, map[string]string{"README.md": "# pay\n\nA failed payment is retried with exponential backoff.\n"})
	gitIn(t, root, "add", "-A")
	// The changes source offers the person's own commits: their user.email.
	gitIn(t, root, "config", "user.email", "t@t")
	gitIn(t, root, "commit", "-q", "-m", "pay: retry a failed payment with exponential backoff")
	best := func(query string) map[string]packBlock {
		r := runBin(t, "", "pack", query, "--root", root, "--index-dir", filepath.Join(t.TempDir(), "ix"),
			"--budget", "4000", "--format", "json", "--sources", "code,commits,changes")
		if r.err != nil {
			t.Fatalf("pack: %v\n%s", r.err, r.stderr)
		}
		out := map[string]packBlock{}
		for _, b := range packJSONOf(t, r.stdout).Blocks {
			if old, ok := out[b.Source]; !ok || b.Score > old.Score {
				out[b.Source] = b
			}
		}
		return out
	}
	got := best("retry a failed payment with exponential backoff")
	for _, src := range []string{"commits", "changes"} {
		b, ok := got[src]
		if !ok {
			t.Fatalf("no %s block packed: %v", src, got)
		}
		if b.Score > 0.5 || !slices.ContainsFunc(b.Reasons, func(r string) bool { return strings.Contains(r, "history ranks below code") }) {
			t.Errorf("the best of %s scores %.2f with reasons %v: want at most .5, explained", src, b.Score, b.Reasons)
		}
	}
	got = best("which commit introduced retry with exponential backoff")
	if got["commits"].Score != 1 || got["changes"].Score != 1 {
		t.Errorf("asked for the history: commit %.2f, change %.2f, want 1 and 1", got["commits"].Score, got["changes"].Score)
	}
}

// TestPackTestsOfAnotherPackagesNameStayOut: through the binary, the tests
// source offers for gzip's Reader the test in gzip's package, not a test
// of package archive whose refs name its own Reader (a test helper, as in
// archive/tar's tests): it cannot see gzip's (engine.CanSee).
func TestPackTestsOfAnotherPackagesNameStayOut(t *testing.T) {
	files := map[string]string{
		"go.mod":               "module example.com/z\n\ngo 1.22\n",
		"gzip/gunzip.go":       "package gzip\n\n// Reader reads gzip data and checks its checksum.\ntype Reader struct{ sum uint32 }\n\n// Read reads and checks the checksum.\nfunc (r Reader) Read() int { return int(r.sum) }\n",
		"gzip/gunzip_test.go":  "package gzip\n\nimport \"testing\"\n\nfunc TestGzipReaderChecksum(t *testing.T) {\n\tvar r Reader\n\tif r.Read() != 0 {\n\t\tt.Fatal(\"sum\")\n\t}\n}\n",
		"archive/list.go":      "package archive\n\n// List lists the entries of an archive.\nfunc List() []string { return nil }\n",
		"archive/list_test.go": "package archive\n\nimport \"testing\"\n\ntype Reader struct{ n int }\n\nfunc TestList(t *testing.T) {\n\tr := Reader{}\n\tif len(List()) != r.n {\n\t\tt.Fatal(\"list\")\n\t}\n}\n",
	}
	p := packSourcesOf(t, files, "gzip reader checksum", "4000", "code,tests")
	var tests []string
	for _, b := range p.Blocks {
		if b.Source == "tests" {
			tests = append(tests, b.Name)
		}
	}
	if !slices.Contains(tests, "TestGzipReaderChecksum") || slices.Contains(tests, "TestList") {
		t.Fatalf("tests %v: want gzip's test, not archive's; blocks %v", tests, blockNames(p))
	}
}

// TestPackJSONBlocksAreBestFirst: through the binary, the JSON's blocks are
// ranked best first across sources (one scale, engine's fuse), while its
// context keeps output order, grouped by source: code before tests before
// docs here, whatever their scores.
func TestPackJSONBlocksAreBestFirst(t *testing.T) {
	root, ix := fixture(t, "payments")
	out, err := runCLI(t, "", "pack", "retry failed payments with backoff", "--root", root, "--index-dir", ix,
		"--budget", "8000", "--format", "json", "--sources", "code,tests,docs", "--order", "code,tests,docs")
	if err != nil {
		t.Fatalf("pack: %v", err)
	}
	p := packJSONOf(t, out)
	sources := map[string]bool{}
	for i, b := range p.Blocks {
		sources[b.Source] = true
		if i > 0 && b.Score > p.Blocks[i-1].Score {
			t.Fatalf("block %d (%s %s, %.3f) scores above block %d (%.3f): blocks %v", i, b.Source, b.Name, b.Score, i-1, p.Blocks[i-1].Score, blockNames(p))
		}
	}
	if len(sources) < 3 {
		t.Fatalf("blocks from %v: want code, tests and docs", sources)
	}
	for _, b := range p.Blocks {
		if b.Source == "tests" && !slices.ContainsFunc(b.Reasons, func(r string) bool { return strings.Contains(r, "tests rank below code") }) {
			t.Errorf("test %s: reasons %v, want the tests prior explained", b.Name, b.Reasons)
		}
	}
	code, tests, docs := strings.Index(p.Context, "## code"), strings.Index(p.Context, "## tests"), strings.Index(p.Context, "## docs")
	if code < 0 || tests < code || docs < tests {
		t.Errorf("context groups at %d, %d, %d: want code, tests, docs in that order", code, tests, docs)
	}
}

// TestPackTestOutputShowsTheCodeUnderTest: through the binary, a query
// that pastes `go test` output names a test file whose many small tests
// all hold the query's words. The file's best test goes in, and each
// further test keeps less of the file's pull (engine/packing/budget.go,
// testAffinityDecay), so the function that prints the error is shown in
// full, not as a reference line under the file's other tests.
func TestPackTestOutputShowsTheCodeUnderTest(t *testing.T) {
	tests := "package cli\n\nimport \"testing\"\n"
	for i := range 30 {
		name := "TestNoArgs"
		if i > 0 {
			name += strconv.Itoa(i)
		}
		tests += fmt.Sprintf("\nfunc %s(t *testing.T) {\n\tout, err := executeCommand(newRoot(), \"x%d\")\n"+
			"\tif err != nil {\n\t\tt.Errorf(\"Unexpected error: %%v\", err)\n\t}\n"+
			"\tif out != \"\" {\n\t\tt.Errorf(\"Unexpected output: %%v\", out)\n\t}\n}\n", name, i)
	}
	files := map[string]string{
		"go.mod":           "module cli\n",
		"cli/args_test.go": tests,
		"cli/args.go": "package cli\n\nimport \"fmt\"\n\n// legacyArgs rejects arguments a root command without subcommands does not take.\n" +
			"func legacyArgs(cmd *Command, args []string) error {\n\tif cmd.HasSubCommands() || len(args) == 0 {\n\t\treturn nil\n\t}\n" +
			"\treturn fmt.Errorf(\"unknown command %q for %q\", args[0], cmd.Name())\n}\n",
	}
	query := "tests fail with an unknown command error\n\n--- FAIL: TestNoArgs (0.00s)\n" +
		"    args_test.go:7: Unexpected error: unknown command \"TestNoArgs\" for \"c\"\nFAIL"
	p := packSourcesOf(t, files, query, "600", "code")
	for _, b := range p.Blocks {
		if b.Name == "legacyArgs" && b.Level == "full" {
			return
		}
	}
	t.Fatalf("legacyArgs not shown in full: blocks %v", blockNames(p))
}
