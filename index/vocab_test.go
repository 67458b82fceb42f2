package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index/safefile"
	"github.com/loupe-dev/loupe/index/vocab"
)

// serverTree is a repository in which idle goes with timeout and keep
// with alive, in identifiers of many files.
func serverTree(n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("srv/conn%d.go", i)] = fmt.Sprintf(`package srv

type Conn%d struct{ idleTimeout, readTimeout int; keepAlive bool }

// unquote%d converts a quoted string literal into its value.
func unquote%d(s string) string { return doKeepAlives(s) + escapeRune%d(s) }
`, i, i, i, i)
	}
	files["README.md"] = "# srv\n\nidle timeouts and keep-alive\n"
	return files
}

func tableOf(t *testing.T, ix *Index) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ix.Dir(), vocabTableName))
	if err != nil {
		t.Fatal(err)
	}
	gen, n := binary.Varint(data)
	if n <= 0 || gen != ix.man.Gen {
		t.Fatalf("the table is stamped %d, the snapshot is generation %d", gen, ix.man.Gen)
	}
	return data[n:] // without its generation stamp
}

// The table relates the words of identifiers, and after an incremental
// update (files changed, added, removed) it is byte for byte the table of
// a fresh build of the same tree.
func TestVocabTableIncrementalEqualsRebuild(t *testing.T) {
	files := serverTree(8)
	root, ix, _ := build(t, files)
	e, ok := ix.Vocab("idl")
	if !ok || e.Form != "idle" || !slices.ContainsFunc(e.Related, func(r vocab.Related) bool { return r.Form == "timeout" }) {
		t.Fatalf("Vocab(idl) = %+v, %v\n%s", e, ok, tableOf(t, ix))
	}
	changed := map[string]string{
		"srv/conn1.go": strings.ReplaceAll(files["srv/conn1.go"], "keepAlive", "keepAliveLonger"),
		"srv/new.go":   "package srv\n\nvar idleTimeoutDefault, keepAliveDefault = 1, true\n",
	}
	writeTree(t, root, changed)
	must(t, os.Remove(filepath.Join(root, "srv", "conn2.go")))
	if _, err := ix.Update(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	incremental := tableOf(t, ix)

	fresh := map[string]string{}
	for k, v := range files {
		fresh[k] = v
	}
	for k, v := range changed {
		fresh[k] = v
	}
	delete(fresh, "srv/conn2.go")
	_, ix2, _ := build(t, fresh)
	if rebuilt := tableOf(t, ix2); !bytes.Equal(incremental, rebuilt) {
		t.Fatalf("incremental table differs from a rebuild:\n%s\n---\n%s", incremental, rebuilt)
	}
}

// Counts of another generation (an Update that failed half-way) are
// recounted from the content store, by a process that did not save them
// (one that did keeps its own: TestVocabCountsKeptBetweenUpdates).
func TestVocabRecountsStaleCounts(t *testing.T) {
	files := serverTree(6)
	root, ix, _ := build(t, files)
	want := tableOf(t, ix)
	must(t, os.Remove(filepath.Join(ix.Dir(), vocabCountsName)))
	recountsIn(t, root, ix, "package srv\n", want)
}

// recountsIn closes ix and has a new process update it after an edit
// that changes no words (srv/extra.go's text): it has no counts of its
// own, and the table it writes must be want.
func recountsIn(t *testing.T, root string, ix *Index, text string, want []byte) {
	t.Helper()
	ix.Close()
	ix, err := Open(root, ix.opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	writeTree(t, root, map[string]string{"srv/extra.go": text})
	if _, err := ix.Update(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := tableOf(t, ix); !bytes.Equal(got, want) {
		t.Fatalf("recounted table differs:\n%s\n---\n%s", got, want)
	}
}

// A query word meets every inflection of itself through the stems; the
// block with the very word scores higher than one with another
// inflection; an expansion finds a block by a related word alone.
func TestSearchStemsAndExpansions(t *testing.T) {
	_, ix, _ := build(t, map[string]string{
		"a/exact.go": "package a\n\n// unescaping the input\nfunc decodeA() {}\n",
		"a/infl.go":  "package a\n\nfunc Unescape() {}\n",
		"a/other.go": "package a\n\nfunc unquote() {}\n",
	})
	ctx := context.Background()
	hits, err := ix.Search(ctx, Query{Text: "unescaping"})
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(hits); strings.Join(got, ",") != "a/exact.go,a/infl.go" && strings.Join(got, ",") != "a/infl.go,a/exact.go" {
		t.Fatalf("unescaping found %v", got)
	}
	hits, err = ix.Search(ctx, Query{Text: "unescaping", NoStems: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(hits); strings.Join(got, ",") != "a/exact.go" {
		t.Fatalf("unescaping without stems found %v", got)
	}
	hits, err = ix.Search(ctx, Query{Text: "unescaping", Expand: []vocab.Related{{Stem: "unquot", Form: "unquote", Weight: 0.3}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(hits); len(got) != 3 || got[0] != "a/infl.go" || !slices.Contains(got, "a/other.go") {
		t.Fatalf("with the expansion: %v, want a/infl.go first and a/other.go found", got)
	}
}

// TestVocabTableFollowsItsSnapshot: the related-terms table is read with
// the snapshot it belongs to. A reader that opened generation G keeps G's
// expansions when a writer writes the next generation's table; a reader
// that opens while the table on disk is another generation's (the writer
// has not published that manifest yet) searches without expansions rather
// than with another snapshot's: a pack is always one snapshot's.
func TestVocabTableFollowsItsSnapshot(t *testing.T) {
	root, ix, _ := build(t, serverTree(8))
	if _, ok := ix.Vocab("idl"); !ok {
		t.Fatal("no entry for idl after the build")
	}
	next := binary.AppendVarint(nil, ix.man.Gen+1)
	if err := safefile.WritePrivate(filepath.Join(ix.Dir(), vocabTableName), append(next, tableOf(t, ix)...)); err != nil {
		t.Fatal(err)
	}
	if _, ok := ix.Vocab("idl"); !ok {
		t.Error("the open reader lost its snapshot's table")
	}
	opts := testOptions(t)
	opts.IndexDir = ix.Dir()
	other, err := Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if e, ok := other.Vocab("idl"); ok {
		t.Errorf("a reader of generation %d used generation %d's table: %+v", other.man.Gen, other.man.Gen+1, e)
	}
}

// TestVocabCountsKeptBetweenUpdates: the process that saved the counts
// starts its next Update from them, not from the counts file (here another
// tree's, stamped with this generation: were it read, the table would
// be wrong); once another process has published, the file is read again.
func TestVocabCountsKeptBetweenUpdates(t *testing.T) {
	files := serverTree(6)
	root, ix, _ := build(t, files)
	_, other, _ := build(t, map[string]string{"x/x.go": "package x\n\nvar maxRetryBackoff, retryJitter = 1, 2\n"})
	foreign, err := os.ReadFile(filepath.Join(other.Dir(), vocabCountsName))
	if err != nil {
		t.Fatal(err)
	}
	_, n := binary.Varint(foreign)
	planted := append(binary.AppendVarint(nil, ix.man.Gen), foreign[n:]...)
	must(t, os.WriteFile(filepath.Join(ix.Dir(), vocabCountsName), planted, 0o600))

	changed := map[string]string{"srv/new.go": "package srv\n\nvar idleTimeoutDefault, keepAliveDefault = 1, true\n"}
	writeTree(t, root, changed)
	if _, err := ix.Update(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	fresh := map[string]string{}
	for k, v := range files {
		fresh[k] = v
	}
	for k, v := range changed {
		fresh[k] = v
	}
	_, ix2, _ := build(t, fresh)
	if got, want := tableOf(t, ix), tableOf(t, ix2); !bytes.Equal(got, want) {
		t.Fatalf("the update did not start from its own counts:\n%s\n---\n%s", got, want)
	}
	if ix.kept == nil {
		t.Fatal("no counts kept after a successful update")
	}
	// Another process publishes: the kept counts no longer stand.
	ix.mu.Lock()
	ix.kept.stamp = "another process's manifest"
	ix.mu.Unlock()
	planted = append(binary.AppendVarint(nil, ix.man.Gen), foreign[n:]...)
	must(t, os.WriteFile(filepath.Join(ix.Dir(), vocabCountsName), planted, 0o600))
	writeTree(t, root, map[string]string{"srv/more.go": "package srv\n"})
	if _, err := ix.Update(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got, want := tableOf(t, ix), tableOf(t, ix2); bytes.Equal(got, want) {
		t.Fatal("the counts file was not read after another process published")
	}
}

// Counts that cannot be written do not fail an Update whose index is
// good: it says so, and the next process recounts them (the table is
// the same as a fresh build's).
func TestCountsThatCannotBeWrittenDoNotFailTheUpdate(t *testing.T) {
	files := serverTree(6)
	root, ix, _ := build(t, files)
	want := tableOf(t, ix)
	counts := filepath.Join(ix.Dir(), vocabCountsName)
	must(t, os.Remove(counts))
	must(t, os.MkdirAll(filepath.Join(counts, "in the way"), 0o755)) // no file can be renamed over it, nor can it be removed
	var logged []string
	ix.opts.Logf = func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }
	writeTree(t, root, map[string]string{"srv/extra.go": "package srv\n"})
	if _, err := ix.Update(context.Background(), nil); err != nil {
		t.Fatalf("the update failed for its counts: %v", err)
	}
	if !slices.ContainsFunc(logged, func(s string) bool { return strings.Contains(s, "recounted next time") }) {
		t.Errorf("nothing said about the counts: %q", logged)
	}
	must(t, os.RemoveAll(counts))
	recountsIn(t, root, ix, "package srv\n\n", want)
}

// Vendored and generated code teaches the table nothing: the same files
// that relate idle to spicedb in the project's own code do not when they
// are a vendored copy or generated (chunk.IsBorrowed).
func TestVocabLearnsNothingFromBorrowedCode(t *testing.T) {
	relatesSpicedb := func(dir string) bool {
		files := serverTree(8)
		for i := range 6 {
			files[fmt.Sprintf(dir, i)] = fmt.Sprintf("package lib\n\nfunc spicedbIdle%d(spicedbName string) bool { return idleSpicedb(spicedbName) }\n", i)
		}
		_, ix, _ := build(t, files)
		e, ok := ix.Vocab("idl")
		if !ok {
			t.Fatalf("no idle in the table:\n%s", tableOf(t, ix))
		}
		return slices.ContainsFunc(e.Related, func(r vocab.Related) bool { return r.Form == "spicedb" })
	}
	if !relatesSpicedb("lib/check%d.go") {
		t.Fatal("the project's own code does not relate idle to spicedb: the test proves nothing")
	}
	for _, dir := range []string{"vendor/github.com/v/lib/check%d.go", "third_party/v/check%d.go", "lib/check%d.pb.go", "generated/check%d.go"} {
		if relatesSpicedb(dir) {
			t.Errorf("%s: idle is related to spicedb", dir)
		}
	}
}

// A recount leaves borrowed code out as a build does (storedUnits does
// not read it): the table is the build's.
func TestVocabRecountLeavesOutBorrowedCode(t *testing.T) {
	files := serverTree(6)
	for i := range 6 {
		files[fmt.Sprintf("vendor/v/check%d.go", i)] = fmt.Sprintf("package v\n\nfunc spicedbIdle%d(spicedbName string) bool { return idleSpicedb(spicedbName) }\n", i)
	}
	root, ix, _ := build(t, files)
	want := tableOf(t, ix)
	if bytes.Contains(want, []byte("spicedb")) {
		t.Fatalf("the build learned from vendor/:\n%s", want)
	}
	must(t, os.Remove(filepath.Join(ix.Dir(), vocabCountsName)))
	recountsIn(t, root, ix, "package srv\n", want)
}
