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
	hits := []index.Hit{hit(wrapper, 4)}
	for i, name := range []string{"timeoutA", "timeoutB", "timeoutC"} {
		hits = append(hits, hit(fn("other/x.go", name, 10*i+1, 8), 3))
	}
	hits = append(hits, extra...)
	s := &fakeSearcher{hits: hits}
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
