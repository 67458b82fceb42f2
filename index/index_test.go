package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/loupe-dev/loupe/index/chunk"
)

// fixture is a small Go repository with a test file and docs.
var fixture = map[string]string{
	"go.mod": "module example.com/shop\n\ngo 1.22\n",
	"payment/payment.go": `package payment

import "errors"

// ErrDeclined is returned when the card is refused.
var ErrDeclined = errors.New("declined")

// ProcessPayment charges a card for an order.
func ProcessPayment(orderID string, cents int) error {
	if cents <= 0 {
		return ErrDeclined
	}
	return chargeCard(orderID, cents)
}

func chargeCard(orderID string, cents int) error {
	return nil
}
`,
	"payment/payment_test.go": `package payment

import "testing"

func TestProcessPayment(t *testing.T) {
	if err := ProcessPayment("o1", 0); err == nil {
		t.Fatal("want error")
	}
}
`,
	"cart/cart.go": `package cart

import "example.com/shop/payment"

// Cart holds the items of one customer.
type Cart struct {
	Items []string
	Total int
}

// Checkout pays for the cart.
func (c *Cart) Checkout(orderID string) error {
	return payment.ProcessPayment(orderID, c.Total)
}
`,
	"config/parse_config.go": `package config

// ParseConfigFile reads the cert_file and key settings.
func ParseConfigFile(path string) (map[string]string, error) {
	return map[string]string{"cert_file": path}, nil
}
`,
	"docs/guide.md": "# Guide\n\nHow checkout works.\n\n## Refunds\n\nRefunds are processed by the payment service.\n",
	"README.md":     "# Shop\n\nA tiny shop.\n",
}

func testOptions(t testing.TB) Options {
	opts := DefaultOptions()
	opts.IndexDir = filepath.Join(t.TempDir(), "idx")
	opts.Logf = t.Logf
	return opts
}

// build writes files into a fresh root and indexes it.
func build(t testing.TB, files map[string]string) (string, *Index, UpdateStats) {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, files)
	ix, err := Open(root, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	st, err := ix.Update(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return root, ix, st
}

func paths(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Block.Path)
	}
	return out
}

func TestSearch(t *testing.T) {
	_, ix, st := build(t, fixture)
	if st.Added != len(fixture) {
		t.Fatalf("added %d files, want %d (stats %+v)", st.Added, len(fixture), st)
	}
	tests := []struct {
		name     string
		q        Query
		wantTop  string // path of the first hit
		wantNone string // a path that must not appear
	}{
		{"camel part", Query{Text: "process payment"}, "payment/payment.go", ""},
		{"snake part", Query{Text: "cert"}, "config/parse_config.go", ""},
		{"whole snake", Query{Text: "cert_file"}, "config/parse_config.go", ""},
		{"exclude tests", Query{Text: "ProcessPayment", ExcludeTests: true}, "payment/payment.go", "payment/payment_test.go"},
		{"only docs", Query{Text: "payment", OnlyDocs: true}, "docs/guide.md", "payment/payment.go"},
		{"exclude docs", Query{Text: "checkout", ExcludeDocs: true}, "cart/cart.go", "docs/guide.md"},
		{"path prefix", Query{Text: "payment", PathPrefix: "cart/"}, "cart/cart.go", "payment/payment.go"},
		{"lang filter", Query{Text: "checkout", Langs: []string{"markdown"}}, "docs/guide.md", "cart/cart.go"},
		{"paths", Query{Paths: []string{"parse_config"}}, "config/parse_config.go", "cart/cart.go"},
		{"identifier", Query{Identifiers: []string{"ParseConfigFile"}}, "config/parse_config.go", ""},
		{"nothing", Query{Text: "zebra"}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hits, err := ix.Search(context.Background(), tc.q)
			if err != nil {
				t.Fatal(err)
			}
			got := paths(hits)
			if tc.wantTop == "" {
				if len(got) != 0 {
					t.Fatalf("hits %v, want none", got)
				}
				return
			}
			if len(got) == 0 || got[0] != tc.wantTop {
				t.Fatalf("hits %v, want %s first", got, tc.wantTop)
			}
			for _, p := range got {
				if p == tc.wantNone {
					t.Fatalf("hits %v hold %s", got, tc.wantNone)
				}
			}
		})
	}
}

func TestReadFreshness(t *testing.T) {
	root, ix, _ := build(t, fixture)
	blocks, err := ix.FileBlocks("config/parse_config.go")
	if err != nil || len(blocks) == 0 {
		t.Fatalf("FileBlocks: %v %v", blocks, err)
	}
	b := blocks[len(blocks)-1]
	bt, err := ix.Read(b)
	if err != nil || bt.Stale || bt.Moved || bt.Deleted || !strings.Contains(bt.Text, "}") {
		t.Fatalf("Read unchanged = %+v, %v", bt, err)
	}
	want := bt.Text
	p := filepath.Join(root, "config", "parse_config.go")
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	bt, err = ix.Read(b)
	if err != nil || !bt.Deleted || bt.Text != want {
		t.Fatalf("Read deleted = %+v, %v; want stored text %q", bt, err, want)
	}
}

func TestReopenUnchanged(t *testing.T) {
	root, ix, _ := build(t, fixture)
	ix.Close()
	ix2, err := Open(root, ix.opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix2.Close()
	hits, err := ix2.Search(context.Background(), Query{Text: "checkout"})
	if err != nil || len(hits) == 0 {
		t.Fatalf("search after reopen: %v %v", hits, err)
	}
	st, err := ix2.Update(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Added+st.Changed+st.Removed != 0 || st.Unchanged != len(fixture) {
		t.Fatalf("stats after no change = %+v", st)
	}
}

func TestIncremental(t *testing.T) {
	root, ix, _ := build(t, fixture)
	ctx := context.Background()
	writeTree(t, root, map[string]string{
		"cart/cart.go":   strings.Replace(fixture["cart/cart.go"], "Checkout", "CheckoutNow", 2),
		"ship/ship.go":   "package ship\n\n// ShipOrder sends the parcel.\nfunc ShipOrder() {}\n",
		"docs/guide2.md": fixture["docs/guide.md"],
	})
	must(t, os.Remove(filepath.Join(root, "README.md")))
	must(t, os.Remove(filepath.Join(root, "docs", "guide.md"))) // renamed to guide2.md
	st, err := ix.Update(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Added != 2 || st.Changed != 1 || st.Removed != 2 || st.Unchanged != len(fixture)-3 {
		t.Fatalf("stats = %+v, want 2 added, 1 changed, 2 removed", st)
	}
	tests := []struct {
		text string
		want []string
	}{
		{"shiporder", []string{"ship/ship.go"}},
		{"checkoutnow", []string{"cart/cart.go"}},
		{"refunds", []string{"docs/guide2.md"}},
		{"tiny", nil},
	}
	for _, tc := range tests {
		hits, err := ix.Search(ctx, Query{Text: tc.text})
		if err != nil {
			t.Fatal(err)
		}
		if got := uniq(paths(hits)); strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("search %q = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func uniq(in []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestConcurrentWriters(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, fixture)
	opts := testOptions(t)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		ix, err := Open(root, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = ix.Update(context.Background(), nil)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil && !errors.Is(err, ErrLocked) {
			t.Fatalf("writer failed with %v, want nil or ErrLocked", err)
		}
	}
	ix, err := Open(root, opts)
	must(t, err)
	defer ix.Close()
	hits, err := ix.Search(context.Background(), Query{Text: "checkout"})
	if err != nil || len(hits) == 0 {
		t.Fatalf("search after concurrent writers: %v, %v", hits, err)
	}
}

func TestLockedMessageNamesPid(t *testing.T) {
	dir := t.TempDir()
	l, err := acquireLock(context.Background(), dir, false, nil)
	must(t, err)
	defer l.release()
	_, err = acquireLock(context.Background(), dir, false, nil)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "pid ") {
		t.Fatalf("second lock: %v, want ErrLocked naming a pid", err)
	}
}

// TestIncrementalManyFiles changes enough files for several batches and
// writers, under -race.
func TestIncrementalManyFiles(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("pkg%d/f%d.go", i%7, i)] = fmt.Sprintf("package p\n\n// F%d does %d.\nfunc F%d() int { return %d }\n", i, i, i, i)
	}
	root, ix, st := build(t, files)
	if st.Added != 300 {
		t.Fatalf("added %d", st.Added)
	}
	old := batchSize
	batchSize = 50
	defer func() { batchSize = old }()
	for i := 0; i < 300; i += 2 {
		writeTree(t, root, map[string]string{fmt.Sprintf("pkg%d/f%d.go", i%7, i): fmt.Sprintf("package p\n\nfunc G%d() {}\n", i)})
	}
	st, err := ix.Update(context.Background(), nil)
	must(t, err)
	if st.Changed != 150 || st.Unchanged != 150 {
		t.Fatalf("stats = %+v", st)
	}
	for _, tc := range []struct {
		name string
		want int
	}{{"G10", 1}, {"F10", 0}, {"F11", 1}} {
		bs, err := ix.Symbol(context.Background(), tc.name)
		must(t, err)
		if len(bs) != tc.want {
			t.Errorf("Symbol(%s) = %d blocks, want %d", tc.name, len(bs), tc.want)
		}
	}
}

func TestBleveErrorsReadWell(t *testing.T) {
	disk := errors.New("no space left on device")
	//lint:ignore SA1006 this is how scorch builds it
	scorch := fmt.Errorf("%w; %v", error(nil), disk)
	err := fmt.Errorf("index: write batch: %w", tidyBleve(scorch))
	if got := err.Error(); got != "index: write batch: no space left on device" {
		t.Fatalf("got %q", got)
	}
	if !errors.Is(err, scorch) {
		t.Fatal("the chain is lost")
	}
}

// TestFilterOnlySearch: a query with no text, only filters, returns every
// block the filters let through: a path prefix alone the blocks under it,
// an exclusion alone every other block (that one needs a match-all
// clause; a prefix or kind filter does not, and runs without one).
func TestFilterOnlySearch(t *testing.T) {
	_, ix, _ := build(t, fixture)
	all, err := ix.Search(context.Background(), Query{Limit: 1000})
	if err != nil || len(all) == 0 {
		t.Fatalf("everything: %d hits, %v", len(all), err)
	}
	count := func(keep func(Block) bool) int {
		n := 0
		for _, h := range all {
			if keep(h.Block) {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		name string
		q    Query
		keep func(Block) bool
	}{
		{"prefix", Query{PathPrefix: "payment/", Limit: 1000}, func(b Block) bool { return strings.HasPrefix(b.Path, "payment/") }},
		{"no tests", Query{ExcludeTests: true, Limit: 1000}, func(b Block) bool { return !b.Test && !chunk.IsTestPath(b.Path) }},
		{"prefix, no tests", Query{PathPrefix: "payment/", ExcludeTests: true, Limit: 1000}, func(b Block) bool {
			return strings.HasPrefix(b.Path, "payment/") && !b.Test && !chunk.IsTestPath(b.Path)
		}},
		{"docs", Query{OnlyDocs: true, Limit: 1000}, IsProse},
	} {
		hits, err := ix.Search(context.Background(), tc.q)
		if err != nil {
			t.Fatal(err)
		}
		want := count(tc.keep)
		if want == 0 || want == len(all) {
			t.Fatalf("%s: the fixture does not tell (%d of %d blocks)", tc.name, want, len(all))
		}
		if len(hits) != want {
			t.Errorf("%s: %d hits, want %d", tc.name, len(hits), want)
		}
		for _, h := range hits {
			if !tc.keep(h.Block) {
				t.Errorf("%s: %s let through", tc.name, h.Block.ID)
			}
		}
	}
}

// TestReadLeavesOutTrailingBlankLines: a block that runs to the blank
// line before the next declaration is read without it, and its range
// says so, whether the file is as indexed, changed or deleted.
func TestReadLeavesOutTrailingBlankLines(t *testing.T) {
	root, ix, _ := build(t, fixture)
	blocks, err := ix.FileBlocks("payment/payment.go")
	if err != nil {
		t.Fatal(err)
	}
	var b Block
	for _, x := range blocks {
		if x.Name == "ProcessPayment" {
			b = x
		}
	}
	if b.EndLine != 15 {
		t.Fatalf("the fixture's ProcessPayment block = %d-%d; want it to run to the blank line 15", b.StartLine, b.EndLine)
	}
	check := func(what string) {
		t.Helper()
		bt, err := ix.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		if bt.Block.EndLine != 14 || !strings.HasSuffix(bt.Text, "\treturn chargeCard(orderID, cents)\n}\n") ||
			strings.Count(bt.Text, "\n") != bt.Block.Lines() {
			t.Fatalf("%s: Read = %d-%d %q; want it to end at the closing brace, line 14", what, bt.Block.StartLine, bt.Block.EndLine, bt.Text)
		}
	}
	check("unchanged")
	p := filepath.Join(root, "payment", "payment.go")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append([]byte("// moved down\n"), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	if bt, _ := ix.Read(b); bt.Block.EndLine != 15 || !bt.Moved || strings.HasSuffix(bt.Text, "\n\n") {
		t.Fatalf("changed: Read = %+v; want the moved block without its blank line", bt)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	check("deleted")
	if got := trimBlankEnd(BlockText{Block: Block{StartLine: 3, EndLine: 4}, Text: "\n \n"}); got.Block.EndLine != 3 || got.Text != "\n" {
		t.Fatalf("an all-blank block = %+v; want one line kept", got)
	}
	if got := trimBlankEnd(BlockText{Block: Block{StartLine: 3, EndLine: 9}, Text: "a\n\n"}); got.Block.EndLine != 9 {
		t.Fatalf("a text that is not the block's lines was trimmed: %+v", got)
	}
}
