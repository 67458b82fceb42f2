package tests

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// fakeIndex holds blocks; Callers matches refs, FileBlocks paths.
type fakeIndex struct {
	blocks []index.Block
	err    error
}

func (f *fakeIndex) Callers(ctx context.Context, name string, limit int) ([]index.Block, error) {
	if f.err != nil {
		return nil, f.err
	}
	var out []index.Block
	for _, b := range f.blocks {
		if slices.Contains(b.Refs, name) && len(out) < limit {
			out = append(out, b)
		}
	}
	return out, nil
}

func (f *fakeIndex) FileBlocks(p string) ([]index.Block, error) {
	var out []index.Block
	for _, b := range f.blocks {
		if b.Path == p {
			out = append(out, b)
		}
	}
	return out, nil
}

func (f *fakeIndex) Read(b index.Block) (index.BlockText, error) {
	return index.BlockText{Block: b, Text: "// " + b.ID + "\n"}, nil
}

func blk(p, name string, test bool, refs ...string) index.Block {
	return index.Block{ID: p + "#" + name, Path: p, Kind: index.KindFunction, Name: name, Test: test, Refs: refs, StartLine: 1, EndLine: 5}
}

func hit(b index.Block, score float64) engine.Candidate {
	return engine.Candidate{ID: b.ID, Source: engine.SourceCode, Block: b, Score: score}
}

func TestFollow(t *testing.T) {
	retry := blk("pay/retry.go", "retryWithBackoff", false)
	ix := &fakeIndex{blocks: []index.Block{
		retry,
		blk("pay/retry_test.go", "TestRetryWithBackoff", true, "retryWithBackoff"),
		blk("pay/retry_test.go", "TestJitter", true, "jitter"),
		blk("pay/retry_test.go", "helper", true),
		blk("api/e2e_test.go", "TestCharge", true, "retryWithBackoff"),
		blk("api/handler.go", "handle", false, "retryWithBackoff"), // a caller, not a test
	}}
	got, err := New(ix).Follow(context.Background(), engine.Query{}, []engine.Candidate{hit(retry, 10)})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		ID, Reason, Detail string
		Score              float64
	}
	var rows []row
	for _, c := range got {
		if c.Source != engine.SourceTests || c.Text != "// "+c.Block.ID+"\n" {
			t.Errorf("bad candidate %+v", c)
		}
		rows = append(rows, row{c.ID, c.Reason, c.Signals[0].Detail, c.Score})
	}
	want := []row{
		{"tests:pay/retry_test.go#TestRetryWithBackoff", "tests retryWithBackoff", "references retryWithBackoff", 10 * (factorReference + bonusNameMatch)},
		{"tests:api/e2e_test.go#TestCharge", "tests retryWithBackoff", "references retryWithBackoff", 10 * factorReference},
		{"tests:pay/retry_test.go#TestJitter", "tests retryWithBackoff", "beside it in pay/retry_test.go", 10 * factorConvention},
	}
	if !slices.Equal(rows, want) {
		t.Errorf("got\n%+v\nwant\n%+v", rows, want)
	}
}

// TestFollowGoTestsMustSeeTheHit: in Go, a test that names Reader is
// gzip's Reader's test only when it can see it (engine.CanSee): in gzip's
// package, or importing compress/gzip; tar's and bufio's tests of their
// own Readers are not offered for it.
func TestFollowGoTestsMustSeeTheHit(t *testing.T) {
	goBlk := func(p, pkg, name string, test bool, uses []string, refs ...string) index.Block {
		b := blk(p, name, test, refs...)
		b.Lang, b.Package, b.Uses = "go", pkg, uses
		return b
	}
	reader := goBlk("compress/gzip/gunzip.go", "gzip", "Reader", false, nil)
	ix := &fakeIndex{blocks: []index.Block{
		reader,
		goBlk("compress/gzip/gunzip_test.go", "gzip", "TestReader", true, nil, "Reader"),
		goBlk("net/http/transport_test.go", "http_test", "TestGzip", true, []string{"compress/gzip"}, "Reader"),
		goBlk("archive/tar/reader_test.go", "tar", "TestTarReader", true, nil, "Reader"),
		goBlk("bufio/bufio_test.go", "bufio_test", "TestRot13", true, []string{"bufio"}, "Reader"),
	}}
	got, err := New(ix).Follow(context.Background(), engine.Query{}, []engine.Candidate{hit(reader, 1)})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range got {
		ids = append(ids, c.Block.Name)
	}
	if want := []string{"TestReader", "TestGzip"}; !slices.Equal(ids, want) {
		t.Errorf("tests %v, want %v", ids, want)
	}
}

func TestFollowSkipsTestsAndUnnamedHits(t *testing.T) {
	test := blk("x_test.go", "TestX", true, "TestX")
	window := index.Block{ID: "x.go:1", Path: "x.go", Kind: index.KindWindow}
	ix := &fakeIndex{blocks: []index.Block{test, blk("x_test.go", "TestY", true, "TestX")}}
	got, err := New(ix).Follow(context.Background(), engine.Query{}, []engine.Candidate{hit(test, 1), hit(window, 1)})
	if err != nil || len(got) != 0 {
		t.Errorf("got %v, %v; want nothing", got, err)
	}
}

func TestFollowDedupesAcrossHits(t *testing.T) {
	a, b := blk("m.go", "alpha", false), blk("m.go", "beta", false)
	ix := &fakeIndex{blocks: []index.Block{a, b, blk("m_test.go", "TestBoth", true, "alpha", "beta")}}
	got, err := New(ix).Follow(context.Background(), engine.Query{}, []engine.Candidate{hit(a, 1), hit(b, 3)})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Reason != "tests beta" || math.Abs(got[0].Score-3*factorReference) > 1e-9 {
		t.Errorf("got %+v, want one test credited to the stronger hit", got)
	}
}

func TestFollowError(t *testing.T) {
	boom := errors.New("boom")
	_, err := New(&fakeIndex{err: boom}).Follow(context.Background(), engine.Query{}, []engine.Candidate{hit(blk("a.go", "alpha", false), 1)})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
}

func TestConventionalPaths(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"pay/retry.go", []string{"pay/retry_test.go"}},
		{"pkg/auth/login.py", []string{
			"pkg/auth/test_login.py", "pkg/auth/login_test.py", "pkg/auth/tests/test_login.py",
			"tests/test_login.py", "test/test_login.py", "pkg/tests/test_login.py",
		}},
		{"util.py", []string{"test_util.py", "util_test.py", "tests/test_util.py", "test/test_util.py"}},
		{"src/api.ts", []string{
			"src/api.test.ts", "src/__tests__/api.test.ts", "src/api.spec.ts", "src/__tests__/api.spec.ts",
			"src/__tests__/api.ts", "tests/api.test.ts", "test/api.test.ts",
		}},
		{"src/lib.rs", []string{"tests/lib.rs", "src/lib.rs"}},
		{"core/src/main/java/org/x/Pay.java", []string{"core/src/test/java/org/x/PayTest.java"}},
		{"README", nil},
	}
	for _, tc := range tests {
		if got := conventionalPaths(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("conventionalPaths(%q) =\n%q\nwant\n%q", tc.in, got, tc.want)
		}
	}
}

func TestConventionTestsMustRelate(t *testing.T) {
	border := blk("src/options.go", "Border", false)
	blocks := []index.Block{border}
	for _, n := range []string{"TestDelimiter", "TestQuote", "TestBorderShape", "TestPreviewWindow", "TestParse"} {
		blocks = append(blocks, blk("src/options_test.go", n, true))
	}
	got, err := New(&fakeIndex{blocks: blocks}).Follow(context.Background(),
		engine.Query{Keywords: []string{"fix", "preview"}}, []engine.Candidate{hit(border, 1)})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"tests:src/options_test.go#TestBorderShape", "tests:src/options_test.go#TestPreviewWindow"}
	var ids []string
	for _, c := range got {
		ids = append(ids, c.ID)
	}
	if !slices.Equal(ids, want) {
		t.Errorf("got %v, want %v", ids, want)
	}
}
