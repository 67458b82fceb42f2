package engine

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestOneCapitalizedWordNamesAType: a query of one capitalized word is an
// identifier too; a lower-case word, an acronym in capitals or two words
// are not.
func TestOneCapitalizedWordNamesAType(t *testing.T) {
	for raw, want := range map[string]bool{
		"Serialize": true, " Router\n": true, "Größe": true,
		"serialize": false, "HTTP": false, "Serialize it": false, "Serialize()": false, "": false,
	} {
		if got := typeName(raw); got != want {
			t.Errorf("typeName(%q) = %v, want %v", raw, got, want)
		}
	}
	if q := AnalyzeQuery("serialize"); len(q.Identifiers) != 0 {
		t.Errorf("a lower-case word became an identifier: %q", q.Identifiers)
	}
}

func TestAnalyzeQuery(t *testing.T) {
	tests := []struct {
		name     string
		raw      string
		idents   []string // each must be present
		paths    []string
		keywords []string
		phrases  []string
		absent   []string // neither identifier nor keyword
		intent   string
		scope    string
		tests    bool
	}{
		{
			name: "identifiers as typed", raw: "rename retryPayment to RetryPayment, HTTP_TIMEOUT and max_retries in pay.Retry and Ledger.post()",
			idents: []string{"retryPayment", "RetryPayment", "HTTP_TIMEOUT", "max_retries", "pay.Retry", "Ledger.post"},
			intent: IntentRefactor, scope: ScopeModule,
		},
		{
			name: "calls and backticks", raw: "Fixed `res.redirect()` on windows due to `join()` usage",
			idents: []string{"res.redirect", "join"}, keywords: []string{"windows", "redirect"},
			absent: []string{"on", "to"}, intent: IntentDebug, scope: ScopeSymbol,
		},
		{
			name: "paths", raw: "look at src/auth/login.ts and pay/retry.go:42 and ./web/app.js:3:9 and internal/ledger/",
			paths:  []string{"src/auth/login.ts", "pay/retry.go", "web/app.js", "internal/ledger"},
			intent: IntentSearch, scope: ScopeModule,
		},
		{
			name: "not paths", raw: "and/or input/output http://example.com/a/b.go",
			absent: []string{"and/or"},
		},
		{
			name: "quoted phrase", raw: `where does "card was declined" come from`,
			phrases: []string{"card was declined"}, keywords: []string{"card", "declined"}, intent: IntentSearch, scope: ScopeCodebase,
		},
		{
			name:   "python traceback",
			raw:    "Traceback (most recent call last):\n  File \"/usr/lib/python3/site-packages/django/db/models/query.py\", line 3, in get_queryset\n    return self._fetch()\nValueError: invalid literal for int\n",
			idents: []string{"get_queryset", "ValueError"}, paths: []string{"django/db/models/query.py"},
			phrases: []string{"invalid literal for int"}, absent: []string{"traceback", "recent"}, intent: IntentDebug,
		},
		{
			name:   "go panic",
			raw:    "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\ngithub.com/x/pay.(*Retrier).Do(0xc000010000, 0x1)\n\t/home/u/src/pay/retry.go:42 +0x1d\nmain.main()\n\t/home/u/src/main.go:10 +0x25\n",
			idents: []string{"Retrier.Do", "main.main"}, paths: []string{"home/u/src/pay/retry.go"},
			phrases: []string{"runtime error: index out of range [3] with length 3"}, intent: IntentDebug,
		},
		{
			name:   "js stack",
			raw:    "TypeError: Cannot read properties of undefined\n    at Router.handle (/app/lib/router/index.js:12:3)\n    at Object.<anonymous> (lib/express.js:1:2)\n    at node:internal/main:1:1\n",
			idents: []string{"Router.handle", "TypeError"}, paths: []string{"app/lib/router/index.js", "lib/express.js"},
			phrases: []string{"Cannot read properties of undefined"}, intent: IntentDebug,
		},
		{
			name:   "java stack",
			raw:    "java.lang.IllegalStateException: closed\n\tat com.example.payments.Processor.charge(Processor.java:42)\n",
			idents: []string{"Processor.charge", "IllegalStateException"}, paths: []string{"Processor.java"}, intent: IntentDebug,
		},
		{
			name:   "rust panic",
			raw:    "thread 'main' panicked at 'called `Option::unwrap()` on a `None` value', src/glob.rs:10:5\nstack backtrace:\n   0: std::panicking::begin_panic\n   1: ripgrep::glob::Set::matches\n",
			idents: []string{"Set.matches"}, paths: []string{"src/glob.rs"}, intent: IntentDebug,
		},
		{
			name:   "python imports",
			raw:    "```\nfrom sympy.physics.quantum import TensorProduct, Operator\n```\nexpand is wrong",
			idents: []string{"TensorProduct", "Operator"}, paths: []string{"sympy/physics/quantum"}, intent: IntentDebug,
		},
		{name: "create", raw: "add support for retries with jitter", intent: IntentCreate, scope: ScopeCodebase},
		{name: "explain", raw: "how is the token budget enforced", intent: IntentExplain, keywords: []string{"token", "budget", "enforced"}, absent: []string{"how", "is", "the"}},
		{name: "modify", raw: "update the ledger to round amounts", intent: IntentModify},
		{name: "about tests", raw: "the tests for the ledger are flaky", tests: true},
		{name: "not about tests", raw: "the ledger rounds amounts wrong", tests: false},
		{name: "about benchmarks", raw: "the ledger benchmark allocates too much", tests: true},
		{name: "a type's name alone", raw: "Serialize", idents: []string{"Serialize"}, keywords: []string{"serialize"}},
		{name: "codebase scope", raw: "log every error across the codebase", scope: ScopeCodebase},
		{name: "empty", raw: "", intent: IntentSearch, scope: ScopeCodebase},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := AnalyzeQuery(tc.raw)
			check := func(kind string, got, want []string) {
				for _, w := range want {
					if !slices.Contains(got, w) {
						t.Errorf("%s: %q missing from %q", kind, w, got)
					}
				}
			}
			check("identifiers", q.Identifiers, tc.idents)
			check("paths", q.Paths, tc.paths)
			check("keywords", q.Keywords, tc.keywords)
			check("phrases", q.Phrases, tc.phrases)
			for _, a := range tc.absent {
				if slices.Contains(q.Identifiers, a) || slices.Contains(q.Keywords, a) || slices.Contains(q.Paths, a) {
					t.Errorf("%q should be absent: %+v", a, q)
				}
			}
			if tc.intent != "" && q.Intent != tc.intent {
				t.Errorf("intent %q, want %q", q.Intent, tc.intent)
			}
			if tc.scope != "" && q.Scope != tc.scope {
				t.Errorf("scope %q, want %q", q.Scope, tc.scope)
			}
			if q.AboutTests != tc.tests {
				t.Errorf("about tests %v, want %v", q.AboutTests, tc.tests)
			}
			if q.Raw != tc.raw {
				t.Errorf("raw not kept")
			}
		})
	}
}

func BenchmarkAnalyzeQuery200KB(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 200<<10 {
		sb.WriteString("Traceback (most recent call last):\n  File \"pay/processor.py\", line 88, in charge_card\n")
		sb.WriteString("the `retryPayment` call in pay/retry.go:42 fails with \"card was declined\" for EUR amounts\n")
	}
	raw := sb.String()
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		AnalyzeQuery(raw)
	}
}

// TestLongPastedIssue: a 200 KB issue with a trace in the middle keeps
// the trace's names and paths first, within the caps.
func TestLongPastedIssue(t *testing.T) {
	var b strings.Builder
	b.WriteString("Payments fail after upgrade\n")
	for b.Len() < 100<<10 {
		b.WriteString("Some words about the ledger and amounts and rounding of cents, nothing special here.\n")
	}
	b.WriteString("Traceback (most recent call last):\n  File \"pay/processor.py\", line 88, in charge_card\nCardDeclinedError: card was declined\n")
	for b.Len() < 200<<10 {
		b.WriteString("more filler text with camelCaseWord_and snake_case_word x.y.z 12345 `tick` \"quoted words here\"\n")
	}
	q := AnalyzeQuery(b.String())
	if len(q.Raw) < 200<<10 {
		t.Fatal("raw shortened")
	}
	if len(q.Keywords) > maxKeywords || len(q.Identifiers) > maxIdentifiers || len(q.Paths) > maxPaths || len(q.Phrases) > maxPhrases {
		t.Errorf("caps exceeded: %d %d %d %d", len(q.Keywords), len(q.Identifiers), len(q.Paths), len(q.Phrases))
	}
	if len(q.Paths) == 0 || q.Paths[0] != "pay/processor.py" {
		t.Errorf("paths %v", q.Paths)
	}
	if !slices.Contains(q.Identifiers[:3], "charge_card") || !slices.Contains(q.Phrases, "card was declined") {
		t.Errorf("identifiers %v phrases %v", q.Identifiers[:3], q.Phrases)
	}
	if q.Intent != IntentDebug {
		t.Errorf("intent %s", q.Intent)
	}
}

func TestStem(t *testing.T) {
	for in, want := range map[string]string{
		"retries": "retry", "parsing": "pars", "redirects": "redirect", "class": "class",
		"status": "status", "added": "add", "go": "go", "analysis": "analysis",
	} {
		if got := stem(in); got != want {
			t.Errorf("stem(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzQuery(f *testing.F) {
	for _, s := range []string{
		"", "fix retryPayment in pay/retry.go:42", "`a.b()` \"x y\"", "File \"a.py\", line 1, in f",
		"goroutine 1 [running]:\nmain.(*T).m(...)\n\t/a/b.go:1 +0x1", "at f (a.js:1:2)", "thread 'x' panicked at 'y', a.rs:1:1",
		"\xff\xfe``", "a::b::c( \"", "ValueError: ", ":::::", "../../a/b.py",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q := AnalyzeQuery(raw)
		for _, list := range [][]string{q.Keywords, q.Identifiers, q.Paths, q.Phrases} {
			for _, s := range list {
				if s == "" || !utf8.ValidString(s) {
					t.Fatalf("bad term %q in %+v", s, q)
				}
			}
		}
		if q.Intent == "" || q.Scope == "" {
			t.Fatalf("no intent or scope: %+v", q)
		}
		_ = textQuery(q, DefaultRankOptions().TextTerms)
		_ = lookupNames(q.Identifiers, DefaultRankOptions().MaxSymbolLookups)
	})
}

func TestCompounds(t *testing.T) {
	tests := []struct {
		query string
		want  []string
	}{
		{"parse durations like 1d or 5m in LogQL", []string{"parse duration"}},
		{"http server keep-alive timeouts", []string{"http server", "server keep", "keep alive", "alive timeout"}},
		{"Retry failed payments with backoff\nsecond line words here", []string{"retry failed", "failed payment"}},
		{"fix sort.Slice panics on nil less func", nil},
		{"the status codes", []string{"status code"}},
		{"payment retries", []string{"payment retry"}},
		{"idleTimeout and doKeepAlives", nil},
		{"JSON array operations and element access", []string{"json array", "array operation", "element access"}},
		{"ABSL_LOG macros", nil},
	}
	for _, tc := range tests {
		if got := AnalyzeQuery(tc.query).Compounds; !slices.Equal(got, tc.want) {
			t.Errorf("%q: compounds %q, want %q", tc.query, got, tc.want)
		}
	}
	if got := CompoundNames("parse duration"); !slices.Equal(got, []string{"parseDuration", "ParseDuration", "parse_duration"}) {
		t.Errorf("names %q", got)
	}
}
