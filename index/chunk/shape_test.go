package chunk

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestShapeBlocks: Swift and Scala are read by their declarations' shape
// (shape.go), with or without cgo: containers and their members, a doc
// comment and the attributes above a declaration in its range, Scala 3's
// indentation, and no declaration taken from a multi-line string or a
// block comment.
func TestShapeBlocks(t *testing.T) {
	for _, tc := range []wantBlocks{
		{"Charge.swift", []string{
			"header 1-3", "class 4-34 Charger", "method 15-19 Charger.init", "method 21-28 Charger.retry",
			"method 30-32 Charger.isIdle", "window 35-39", "class 40-47 Charger", "method 41-43 Charger.description",
			"method 45-45 Charger.==", "interface 48-51 Gateway", "method 49-49 Gateway.send", "type 52-55 Receipt",
			"variable 56-57 defaultDelay", "function 58-60 backoff",
		}},
		{"Ledger.scala", []string{
			"header 1-5", "class 6-23 Ledger", "method 10-14 Ledger.record", "method 20-21 Ledger.balance",
			"class 24-27 Ledger", "method 25-25 Ledger.apply", "class 28-29 Entry", "interface 30-34 Store",
			"method 31-31 Store.load", "method 32-32 Store.save", "function 35-37 retryDelay",
		}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(langsRoot, tc.path))
			if err != nil {
				t.Fatal(err)
			}
			bs := File(tc.path, src)
			if got := summaries(bs); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if err := checkBlocks(tc.path, src, bs); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestShapeDetails: what a block says of itself (signature, doc, imports,
// references) in the two languages.
func TestShapeDetails(t *testing.T) {
	read := func(name string) []Block {
		src, err := os.ReadFile(filepath.Join(langsRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		return File(name, src)
	}
	swift, scala := read("Charge.swift"), read("Ledger.scala")
	for _, tc := range []struct {
		bs   []Block
		qual string
		ok   func(Block) bool
	}{
		{swift, "", func(b Block) bool {
			return b.Kind == KindHeader && slices.Equal(b.Imports, []string{"Foundation", "Billing"})
		}},
		{swift, "Charger.init", func(b Block) bool {
			return b.Doc == "Creates a charger." && b.Signature == "public init(attempts: Int = 3,\ndelay: Double = 0.5)"
		}},
		{swift, "Charger.retry", func(b Block) bool {
			return b.Doc == "Retries a failed payment." && b.Signature == "public func retry(_ id: String) async throws -> Bool" &&
				slices.Contains(b.Refs, "charge") && !slices.Contains(b.Refs, "fake")
		}},
		{swift, "Charger", func(b Block) bool {
			return b.Doc == "Charges a card, retrying with backoff." &&
				strings.HasPrefix(b.Signature, "public final class Charger: Sendable\n") &&
				strings.Contains(b.Signature, "    public func retry(_ id: String) async throws -> Bool …")
		}},
		{scala, "", func(b Block) bool {
			return b.Kind == KindHeader && b.Signature == "package billing.ledger" &&
				slices.Equal(b.Imports, []string{"scala.concurrent.duration._", "billing.{Card, Payment}"})
		}},
		{scala, "Ledger.record", func(b Block) bool {
			return b.Doc == "Records a payment." && b.Signature == "def record(p: Payment): Unit ="
		}},
		{scala, "Store", func(b Block) bool { return strings.HasSuffix(b.Signature, "\nend Store") }},
	} {
		i := slices.IndexFunc(tc.bs, func(b Block) bool { return b.QualName == tc.qual })
		if i < 0 {
			t.Errorf("no block %q", tc.qual)
			continue
		}
		if b := tc.bs[i]; !tc.ok(b) {
			t.Errorf("%q: sig %q doc %q imports %v refs %v", tc.qual, b.Signature, b.Doc, b.Imports, b.Refs)
		}
	}
}

// TestShapeHostileLayout: layouts a parser would reject still give valid
// blocks that cover every line, in linear time (a long run of unclosed
// openings, a string that never ends, declarations at every depth).
func TestShapeHostileLayout(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("func f(\n", 5000),
		"class A {\n" + strings.Repeat("  func g() {\n", 3000),
		"let s = \"\"\"\n" + strings.Repeat("class X {}\n", 1000),
		"/* /* nested\n*/ class Hidden {}\n*/\nclass Shown {}\n",
		strings.Repeat("}\n", 1000) + "def x = 1\n",
	} {
		for _, p := range []string{"a.swift", "a.scala"} {
			if err := checkBlocks(p, []byte(src), File(p, []byte(src))); err != nil {
				t.Errorf("%s, %.20q: %v", p, src, err)
			}
		}
	}
	bs := File("n.swift", []byte("/* /* nested\n*/ class Hidden {}\n*/\nclass Shown {}\n"))
	if slices.ContainsFunc(bs, func(b Block) bool { return b.Name == "Hidden" }) ||
		!slices.ContainsFunc(bs, func(b Block) bool { return b.Name == "Shown" }) {
		t.Errorf("nested comment: %v", summaries(bs))
	}
}
