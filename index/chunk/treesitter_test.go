//go:build cgo

package chunk

import (
	"slices"
	"strings"
	"testing"
	"time"

	ts "github.com/tree-sitter/go-tree-sitter"
)

func TestTreeSitterBlocks(t *testing.T) {
	runWantBlocks(t, []wantBlocks{
		{"py/payments/gateway.py", []string{
			"header 1-6",
			"variable 7-9 DEFAULT_RETRIES",
			"class 10-13 PaymentError",
			"class 14-20 Charge",
			"class 21-42 Gateway",
			"method 26-29 Gateway.__init__",
			"method 31-36 Gateway.charge",
			"method 38-40 Gateway.backoff",
			"function 43-55 charge_with_retry",
			"function 56-57 _mask",
		}},
		{"py/tests/test_gateway.py", []string{
			"header 1-5",
			"class 6-17 FlakyGateway",
			"method 7-9 FlakyGateway.__init__",
			"method 11-15 FlakyGateway.charge",
			"function 18-22 test_charge_with_retry_recovers",
			"function 23-25 test_negative_amount_rejected",
		}},
		{"web/src/checkout.ts", []string{
			"header 1-3",
			"interface 4-9 PaymentRequest",
			"type 10-11 Status",
			"type 12-16 Method",
			"class 17-34 Checkout",
			"method 21-21 Checkout.constructor",
			"method 23-28 Checkout.submit",
			"method 30-32 Checkout.current",
			"function 35-47 retryWithBackoff",
			"function 48-49 sleep",
			"function 50-52 postPayment",
		}},
		{"web/src/format.js", []string{
			"header 1-2",
			"variable 3-4 SYMBOLS",
			"function 5-10 formatAmount",
			"function 11-12 isKnownCurrency",
			"class 13-21 AmountFormatter",
			"method 14-16 AmountFormatter.constructor",
			"method 18-20 AmountFormatter.format",
		}},
		{"web/src/PayButton.tsx", []string{
			"header 1-3",
			"type 4-5 Props",
			"function 6-13 PayButton",
		}},
		{"web/src/checkout.test.ts", []string{
			"header 1-2",
			"function 3-13 retryWithBackoff",
		}},
		{"rust/src/lib.rs", []string{
			"header 1-8",
			"interface 9-14 Backoff",
			"method 11-12 Backoff.next",
			"type 15-21 Exponential",
			"type 22-28 impl Backoff for Exponential",
			"method 23-26 Exponential.next",
			"type 29-34 Outcome",
			"type 35-39 Settler",
			"type 40-57 impl Settler",
			"method 41-43 Settler.new",
			"method 45-55 Settler.settle",
			"function 58-65 try_settle",
			"window 66-69",
			"function 70-74 exponential_caps_at_max",
			"window 75-75",
		}},
		{"java/src/main/java/com/example/payments/PaymentService.java", []string{
			"header 1-6",
			"class 7-47 PaymentService",
			"method 16-18 PaymentService.PaymentService",
			"method 20-25 PaymentService.processPayment",
			"method 27-38 PaymentService.retryWithBackoff",
			"method 40-46 PaymentService.sleep",
		}},
		{"java/src/main/java/com/example/payments/PaymentGateway.java", []string{
			"header 1-2",
			"interface 3-7 PaymentGateway",
			"method 5-6 PaymentGateway.charge",
		}},
	})
}

func TestTreeSitterDetails(t *testing.T) {
	tests := []struct {
		path, qual string
		check      func(Block) bool
		what       string
	}{
		{"py/payments/gateway.py", "", func(b Block) bool {
			return b.Kind == KindHeader && slices.Equal(b.Imports, []string{"time", "dataclasses", "typing"}) &&
				b.Doc == "HTTP gateway client for the payments service."
		}, "header with imports and module docstring"},
		{"py/payments/gateway.py", "Gateway.charge", func(b Block) bool {
			return b.Doc == "Send one charge and return the transaction id." &&
				b.Signature == "def charge(self, charge: Charge) -> str:" && slices.Contains(b.Refs, "PaymentError")
		}, "method docstring, signature, refs"},
		{"py/payments/gateway.py", "charge_with_retry", func(b Block) bool {
			return hasAll(b.Refs, "Gateway", "Charge", "charge", "sleep", "backoff", "PaymentError") && !slices.Contains(b.Refs, "range")
		}, "function refs without builtins"},
		{"py/payments/gateway.py", "Gateway", func(b Block) bool {
			return b.Signature == "class Gateway:\n    \"\"\"Talks to the card network.\"\"\"\n    retries = DEFAULT_RETRIES\n"+
				"    def __init__(self, endpoint: str, sleep: Callable[[float], None] = time.sleep): …\n"+
				"    def charge(self, charge: Charge) -> str: …\n    def backoff(attempt: int, base: float = 0.1) -> float: …"
		}, "class outline"},
		{"web/src/checkout.ts", "", func(b Block) bool {
			return b.Kind == KindHeader && slices.Equal(b.Imports, []string{"./format", "./receipt"})
		}, "import sources"},
		{"web/src/checkout.ts", "Checkout.submit", func(b Block) bool {
			return b.Doc == "Submit the payment and wait for the receipt." &&
				hasAll(b.Refs, "PaymentRequest", "Receipt", "retryWithBackoff", "postPayment", "formatAmount")
		}, "JSDoc and refs"},
		{"web/src/checkout.ts", "sleep", func(b Block) bool {
			return b.Kind == KindFunction && b.Signature == "const sleep = (ms: number): Promise<void> =>"
		}, "arrow function"},
		{"web/src/PayButton.tsx", "PayButton", func(b Block) bool {
			return hasAll(b.Refs, "Props", "Checkout", "submit", "onPaid")
		}, "TSX component refs"},
		{"web/src/checkout.test.ts", "retryWithBackoff", func(b Block) bool {
			return b.Test && b.Signature == `describe("retryWithBackoff", () => {` && hasAll(b.Refs, "retryWithBackoff", "toBe") &&
				!slices.Contains(b.Refs, "expect")
		}, "top-level describe is a test block"},
		{"web/src/format.js", "SYMBOLS", func(b Block) bool {
			return b.Kind == KindVariable && b.Signature == `const SYMBOLS = { EUR: "€", USD: "$", GBP: "£" };`
		}, "module-level constant"},
		{"rust/src/lib.rs", "", func(b Block) bool {
			return b.Kind == KindHeader && slices.Equal(b.Imports, []string{"std::time::Duration", "crate::ledger::Ledger"})
		}, "use paths"},
		{"rust/src/lib.rs", "Settler.settle", func(b Block) bool {
			return b.Kind == KindMethod && hasAll(b.Refs, "Outcome", "try_settle", "record", "next") &&
				b.Doc == "Settle a payment, retrying up to `attempts` times."
		}, "impl method"},
		{"rust/src/lib.rs", "impl Backoff for Exponential", func(b Block) bool {
			return b.Kind == KindType && b.Name == "Exponential"
		}, "trait impl"},
		{"rust/src/lib.rs", "Exponential", func(b Block) bool {
			return b.StartLine == 15 && b.Doc == "Exponential backoff capped at `max`." && b.Signature == "pub struct Exponential"
		}, "doc comment and attribute in range"},
		{"java/src/main/java/com/example/payments/PaymentService.java", "", func(b Block) bool {
			return b.Signature == "package com.example.payments;" &&
				slices.Equal(b.Imports, []string{"java.time.Duration", "java.util.ArrayList", "java.util.List"})
		}, "package and imports"},
		{"java/src/main/java/com/example/payments/PaymentService.java", "PaymentService.processPayment", func(b Block) bool {
			return b.Doc == "Processes one payment and records its transaction id." && hasAll(b.Refs, "Payment", "GatewayException", "retryWithBackoff")
		}, "Javadoc and refs"},
		{"java/src/main/java/com/example/payments/PaymentService.java", "PaymentService", func(b Block) bool {
			return b.Doc == "Charges payments through a gateway, retrying transient failures." && b.Kind == KindClass
		}, "class Javadoc"},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			bs := File(tc.path, readFixture(t, tc.path))
			b, ok := find(bs, tc.qual)
			if !ok {
				t.Fatalf("no block %q in %q", tc.qual, summaries(bs))
			}
			if !tc.check(b) {
				t.Errorf("%s: %+v", tc.what, b)
			}
		})
	}
}

func hasAll(list []string, want ...string) bool {
	for _, w := range want {
		if !slices.Contains(list, w) {
			return false
		}
	}
	return true
}

func TestTreeSitterSource(t *testing.T) {
	tests := []struct {
		name, path, src string
		want            []string
		imports         []string
	}{
		{"CommonJS requires form the header", "x.js",
			"'use strict';\nconst fs = require(\"fs\");\nconst { a } = require('./a');\n\nfunction f() {}\nmodule.exports = { f };\n",
			[]string{"header 1-4", "function 5-5 f", "window 6-6"}, []string{"fs", "./a"}},
		{"decorators and comments join the definition", "x.py",
			"import os\n\n# helper\n@cache\n@other(1)\ndef f():\n    def inner():\n        pass\n",
			[]string{"header 1-2", "function 3-8 f"}, []string{"os"}},
		{"consecutive module-level assignments form one block", "x.py",
			"import os\n\nA = 1\nB: int = 2\n\n# c\nC = 3\nif A:\n    D = 4\n",
			[]string{"header 1-2", "variable 3-7 A", "window 8-9"}, []string{"os"}},
		{"nested class stays inside its class", "x.py",
			"class A:\n    class B:\n        def m(self): pass\n    def n(self): pass\n",
			[]string{"class 1-4 A", "method 4-4 A.n"}, nil},
		{"class members on one line", "x.ts", "class A { a() {} b() {} }\n",
			[]string{"class 1-1 A", "method 1-1 A.a"}, nil},
		{"Rust generic impl and trait methods", "x.rs",
			"trait T { fn a(&self) {} }\nimpl<X> crate::m::S<X> { fn b() {} }\n",
			[]string{"interface 1-1 T", "method 1-1 T.a", "type 2-2 impl S", "method 2-2 S.b"}, nil},
		{"Java enum and nested class", "X.java",
			"package p;\nenum E { A; void m() {} }\nclass C { static class D { void x() {} } void y() {} }\n",
			[]string{"header 1-1", "class 2-2 E", "method 2-2 E.m", "class 3-3 C", "method 3-3 C.y"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs := File(tc.path, []byte(tc.src))
			if err := checkBlocks(tc.path, []byte(tc.src), bs); err != nil {
				t.Fatal(err)
			}
			if got := summaries(bs); !slices.Equal(got, tc.want) {
				t.Errorf("blocks %q, want %q", got, tc.want)
			}
			if tc.imports != nil && !slices.Equal(bs[0].Imports, tc.imports) {
				t.Errorf("imports %q, want %q", bs[0].Imports, tc.imports)
			}
		})
	}
}

func TestParseBudget(t *testing.T) {
	cancel := parseBudget(10)
	n := 0
	for !cancel(ts.ParseState{}) {
		n++
	}
	if n != (50*10+100_000)/100 {
		t.Errorf("budget allowed %d callbacks", n)
	}
}

func TestTreeSitterCRLF(t *testing.T) {
	tests := []struct {
		path, src string
		want      []string
	}{
		{"x.py", "import os\r\n\r\ndef f(\r\n    a,\r\n):\r\n    \"\"\"Doc.\r\n    More.\"\"\"\r\n    pass\r\n", []string{"header 1-2", "function 3-8 f"}},
		{"x.ts", "import a from \"a\";\r\n\r\n/** Doc. */\r\nexport class A {\r\n  m(): void {}\r\n}\r\n", []string{"header 1-2", "class 3-6 A", "method 5-5 A.m"}},
	}
	for _, tc := range tests {
		bs := File(tc.path, []byte(tc.src))
		if got := summaries(bs); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.path, got, tc.want)
		}
		for _, b := range bs {
			if strings.ContainsRune(b.Name+b.Signature+b.Doc+strings.Join(b.Imports, ""), '\r') {
				t.Errorf("%s: %s keeps a CR: %+v", tc.path, b.ID, b)
			}
		}
	}
}

// TestParseBudgetClockStartsOnTheParsingThread: the CPU deadline of a
// parse is measured from its first progress callback, on the thread that
// parses, not from when the budget was made. A budget made on a thread
// with no CPU time behind it and called on one with an hour behind it
// cancelled at once (a few ordinary files windowed per busy build); now it
// cancels only when the parse itself runs past its deadline.
func TestParseBudgetClockStartsOnTheParsingThread(t *testing.T) {
	now := time.Duration(0)
	cpuNow = func() time.Duration { return now }
	t.Cleanup(func() { cpuNow = threadCPU })
	budget := parseBudget(1000)
	now = time.Hour
	for i := range 640 {
		if budget(ts.ParseState{}) {
			t.Fatalf("cancelled at callback %d, with no CPU time spent parsing", i+1)
		}
	}
	now += parseDeadline(1000) + time.Second
	cancelled := false
	for range 64 {
		cancelled = budget(ts.ParseState{}) || cancelled
	}
	if !cancelled {
		t.Error("a parse past its CPU deadline goes on")
	}
}
