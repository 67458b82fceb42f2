package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// delegatePool is a query naming a thin wrapper, its callee in the same
// package and unrelated hits that outscore the callee on text.
func delegateRank(t *testing.T, wrapper index.Block, extra ...index.Hit) []Candidate {
	t.Helper()
	return delegateRankTexts(t, nil, wrapper, extra...)
}

// delegateRankTexts is delegateRank with the blocks' texts by ID.
func delegateRankTexts(t *testing.T, texts map[string]string, wrapper index.Block, extra ...index.Hit) []Candidate {
	t.Helper()
	hits := []index.Hit{hit(wrapper, 4)}
	for i, name := range []string{"timeoutA", "timeoutB", "timeoutC"} {
		hits = append(hits, hit(fn("other/x.go", name, 10*i+1, 8), 3))
	}
	hits = append(hits, extra...)
	s := &fakeSearcher{hits: hits, texts: texts}
	got, err := NewCodeProvider(s, DefaultRankOptions()).Candidates(context.Background(), AnalyzeQuery("fix WithTimeout timeout"))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func rankOf(cs []Candidate, id string) int {
	for i, c := range cs {
		if c.ID == id {
			return i
		}
	}
	return -1
}

// TestDelegateFollowsAThinWrapper: the query names a three-line wrapper;
// the function it hands its work to ranks right below it, read in full,
// with the wrapper named as the reason, and never above it.
func TestDelegateFollowsAThinWrapper(t *testing.T) {
	wrapper := fn("ctx/ctx.go", "WithTimeout", 100, 4, "WithDeadline", "now")
	callee := fn("ctx/ctx.go", "WithDeadline", 20, 30)
	accessor := fn("ctx/ctx.go", "now", 5, 3)
	got := delegateRank(t, wrapper, hit(callee, 0.5), hit(accessor, 0.5))
	if rankOf(got, wrapper.ID) != 0 || rankOf(got, callee.ID) != 1 {
		t.Fatalf("order %v: want WithTimeout, then WithDeadline", ids(got))
	}
	c := byID(got)[callee.ID]
	if c.Level == LevelSignature || !strings.Contains(c.Reason, "WithTimeout hands its work") {
		t.Errorf("callee level %v reason %q", c.Level, c.Reason)
	}
	if !near(c.Score, delegateShare*got[0].Score) {
		t.Errorf("callee scores %v, want %v of the wrapper's", c.Score, delegateShare)
	}
	if a := byID(got)[accessor.ID]; hasSignal(a, signalDelegate) {
		t.Errorf("the accessor now() was raised: %v", a.Signals)
	}
}

// TestDelegateLeavesNonWrappersAlone: a long function, a constructor and a
// function that calls three helpers of its package hand their work to no
// one place; a callee in another directory is not followed either.
func TestDelegateLeavesNonWrappersAlone(t *testing.T) {
	cases := map[string][]index.Block{
		"long": {fn("ctx/ctx.go", "WithTimeout", 100, thinLines+1, "WithDeadline"), fn("ctx/ctx.go", "WithDeadline", 20, 30)},
		"three helpers": {fn("ctx/ctx.go", "WithTimeout", 100, 6, "a1", "a2", "a3"),
			fn("ctx/ctx.go", "a1", 10, 9), fn("ctx/ctx.go", "a2", 20, 9), fn("ctx/ctx.go", "a3", 30, 9)},
		"other directory": {fn("ctx/ctx.go", "WithTimeout", 100, 4, "WithDeadline"), fn("deadline/d.go", "WithDeadline", 20, 30)},
	}
	ctor := index.Block{ID: "ctx/T.java#WithTimeout.WithTimeout", Path: "ctx/T.java", Lang: "java", Kind: index.KindMethod,
		Name: "WithTimeout", QualName: "WithTimeout.WithTimeout", StartLine: 10, EndLine: 14, Refs: []string{"setup"}}
	cases["constructor"] = []index.Block{ctor, {ID: "ctx/T.java#WithTimeout.setup", Path: "ctx/T.java", Lang: "java",
		Kind: index.KindMethod, Name: "setup", QualName: "WithTimeout.setup", StartLine: 20, EndLine: 40}}
	for name, bs := range cases {
		var extra []index.Hit
		for _, b := range bs[1:] {
			extra = append(extra, hit(b, 0.5))
		}
		for _, c := range delegateRank(t, bs[0], extra...) {
			if hasSignal(c, signalDelegate) {
				t.Errorf("%s: %s raised: %v", name, c.ID, c.Signals)
			}
		}
	}
}

// TestForwarderYieldsTheFirstPlace: a wrapper whose body is one call of
// its callee (and that callee's own forwarder chain) reads after the code
// that does the work; a wrapper that does anything more keeps the first
// place.
func TestForwarderYieldsTheFirstPlace(t *testing.T) {
	wrapper := fn("ctx/ctx.go", "WithTimeout", 100, 4, "WithDeadline")
	callee := fn("ctx/ctx.go", "WithDeadline", 20, 30)
	for name, tc := range map[string]struct {
		text  string
		first string
	}{
		"forwarder": {"// WithTimeout returns WithDeadline(parent, now+timeout).\n" +
			"func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {\n" +
			"\treturn WithDeadline(parent, time.Now().Add(timeout))\n}\n", callee.ID},
		"two statements": {"func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {\n" +
			"\tlog(timeout)\n\treturn WithDeadline(parent, time.Now().Add(timeout))\n}\n", wrapper.ID},
		"calls another": {"func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {\n" +
			"\treturn withDeadline(parent, time.Now().Add(timeout))\n}\n", wrapper.ID},
	} {
		got := delegateRankTexts(t, map[string]string{wrapper.ID: tc.text}, wrapper, hit(callee, 0.5))
		if got[0].ID != tc.first {
			t.Errorf("%s: order %v, want %s first", name, ids(got), tc.first)
		}
		if tc.first == callee.ID {
			if rankOf(got, wrapper.ID) != 1 || !strings.Contains(got[0].Reason, "WithTimeout only hands its work to it") {
				t.Errorf("%s: order %v, reason %q", name, ids(got), got[0].Reason)
			}
		}
	}
}

func TestForwards(t *testing.T) {
	for text, want := range map[string]bool{
		"func F(a int) int {\n\treturn g(a)\n}\n":                             true,
		"// F is g.\n//\n// More.\nfunc F(a int) int {\n\n\treturn g(a)\n}\n": true,
		"def f(a):\n    # g does it\n    return g(a)\n":                       true,
		"func F(a int) int { return g(a) }\n":                                 false, // one line: F is its own first line
		"func F(a int) int {\n\tx := g(a)\n\treturn x\n}\n":                   false,
		"func F(a int) int {\n\treturn h(a)\n}\n":                             false,
		"func F(\n\ta int,\n) int {\n\treturn g(a)\n}\n":                      false,
		"/**\n * F is g.\n *\n */\nint f(int *p) {\n\treturn g(p);\n}\n":      true,
		"int f(int *p) {\n\t*p = 1;\n\treturn g(p);\n}\n":                     false,
	} {
		if got := forwards(text, "g"); got != want {
			t.Errorf("forwards(%q) = %v, want %v", text, got, want)
		}
	}
}
