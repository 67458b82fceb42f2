package chunk

import (
	"slices"
	"strings"
	"testing"
)

// wantBlocks is a table of the exact blocks expected in a fixture file,
// as summary strings ("kind start-end QualName").
type wantBlocks struct {
	path string
	want []string
}

func runWantBlocks(t *testing.T, tests []wantBlocks) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			got := summaries(File(tc.path, readFixture(t, tc.path)))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestGoBlocks(t *testing.T) {
	runWantBlocks(t, []wantBlocks{
		{"processor.go", []string{
			"header 1-13",
			"variable 14-16 ErrDeclined",
			"variable 17-22 DefaultMaxAttempts",
			"interface 23-27 Gateway",
			"type 28-34 Payment",
			"type 35-42 Processor",
			"function 43-52 NewProcessor",
			"method 53-60 Processor.Process",
			"function 61-78 processPayment",
			"function 79-84 validate",
		}},
		{"backoff.go", []string{
			"header 1-8",
			"interface 9-14 Backoff",
			"type 15-20 ExponentialBackoff",
			"function 21-25 NewExponentialBackoff",
			"method 26-34 ExponentialBackoff.Next",
			"function 35-50 retryWithBackoff",
		}},
		{"processor_test.go", []string{
			"header 1-11",
			"type 12-16 fakeGateway",
			"method 17-24 fakeGateway.Charge",
			"type 25-26 noWait",
			"method 27-28 noWait.Next",
			"function 29-41 TestProcessRetries",
			"function 42-52 TestRetryWithBackoffStopsOnDecline",
			"function 53-58 BenchmarkNext",
		}},
		{"internal/ledger/ledger.go", []string{
			"header 1-5",
			"type 6-12 Entry",
			"type 13-18 Ledger",
			"function 19-21 New",
			"method 22-28 Ledger.Record",
			"method 29-34 Ledger.Entries",
		}},
	})
}

func TestGoBlockDetails(t *testing.T) {
	bs := File("processor.go", readFixture(t, "processor.go"))
	h := bs[0]
	if h.ID != "processor.go:header" || h.Signature != "package payments" ||
		!slices.Equal(h.Imports, []string{"context", "errors", "fmt", "time", "example.com/payments/internal/ledger"}) ||
		!strings.HasPrefix(h.Doc, "Package payments charges customers") {
		t.Errorf("header = %+v", h)
	}
	m, _ := find(bs, "Processor.Process")
	if m.ID != "processor.go#Processor.Process" || m.Name != "Process" ||
		m.Signature != "func (p *Processor) Process(ctx context.Context, pay Payment) (string, error)" ||
		m.Doc != "Process validates the payment and charges it." {
		t.Errorf("method = %+v", m)
	}
	pp, _ := find(bs, "processPayment")
	for _, want := range []string{"retryWithBackoff", "WithTimeout", "DefaultTimeout", "Charge", "Record", "Entry", "Errorf", "Processor", "Payment"} {
		if !slices.Contains(pp.Refs, want) {
			t.Errorf("processPayment refs %v lack %s", pp.Refs, want)
		}
	}
	for _, not := range []string{"ctx", "p", "pay", "err", "txID", "id", "cancel", "fmt", "context", "nil", "string", "processPayment"} {
		if slices.Contains(pp.Refs, not) {
			t.Errorf("processPayment refs %v hold %s", pp.Refs, not)
		}
	}
	c, _ := find(bs, "DefaultMaxAttempts")
	if c.Kind != KindVariable || c.Signature != "const (DefaultMaxAttempts, DefaultTimeout)" {
		t.Errorf("const group = %+v", c)
	}
	typ, _ := find(bs, "Processor")
	if typ.Signature != "type Processor struct" || !slices.Equal(typ.Refs, []string{"Gateway", "Ledger", "Backoff"}) {
		t.Errorf("type = %+v", typ)
	}
}

func TestGoTestFlags(t *testing.T) {
	for _, tc := range []struct {
		path string
		test bool
	}{{"processor_test.go", true}, {"processor.go", false}} {
		for _, b := range File(tc.path, readFixture(t, tc.path)) {
			if b.Test != tc.test {
				t.Errorf("%s: Test = %v, want %v", b.ID, b.Test, tc.test)
			}
		}
	}
}

func TestGoSource(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"grouped types and generic receivers", "package x\n\ntype (\n\t// A is a.\n\tA[T any] struct{ v T }\n\tB interface{ M() }\n)\n\n" +
			"func (a *A[T]) Get() T { return a.v }\nfunc (A[T]) Name() string { return \"\" }\n",
			[]string{"header 1-2", "type 3-5 A", "interface 6-8 B", "method 9-9 A.Get", "method 10-10 A.Name"}},
		{"loose comments join the next declaration", "package x\n\n// ---- helpers ----\n\n// f does.\nfunc f() {}\n\n\n//go:noinline\nfunc g() {}\n// trailing\n",
			[]string{"header 1-2", "function 3-8 f", "function 9-11 g"}},
		{"duplicate names", "package x\nfunc init() {}\nfunc init() {}\n",
			[]string{"header 1-1", "function 2-2 init", "function 3-3 init"}},
		{"parse error falls back to windows", "package x\nfunc {\n", []string{"window 1-2"}},
		{"line directives are ignored", "package x\n//line other.go:100\nfunc f() {}\n", []string{"header 1-1", "function 2-3 f"}},
		{"multi-line signature", "package x\n\nfunc f(\n\ta int,\n) error {\n\treturn nil\n}\n", []string{"header 1-2", "function 3-7 f"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs := File("x.go", []byte(tc.src))
			if err := checkBlocks("x.go", []byte(tc.src), bs); err != nil {
				t.Fatal(err)
			}
			if got := summaries(bs); !slices.Equal(got, tc.want) {
				t.Errorf("blocks %q, want %q", got, tc.want)
			}
		})
	}
}

func TestGoIDsAndSignatures(t *testing.T) {
	bs := File("x.go", []byte("package x\nfunc init() {}\nfunc init() {}\n\nfunc f(\n\ta int,\n) error {\n\treturn nil\n}\n"))
	var ids []string
	for _, b := range bs {
		ids = append(ids, b.ID)
	}
	if want := []string{"x.go:header", "x.go#init", "x.go#init~2", "x.go#f"}; !slices.Equal(ids, want) {
		t.Errorf("IDs %q, want %q", ids, want)
	}
	if sig := bs[3].Signature; sig != "func f(\n\ta int,\n) error" {
		t.Errorf("signature %q", sig)
	}
}
