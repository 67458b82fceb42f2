package packing

import (
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

// TestRedactedFollowsItems: a pack's redactions are its items' own.
func TestRedactedFollowsItems(t *testing.T) {
	r := engine.Redaction{Path: "a.go", Line: 11, Rule: "fake"}
	c := engine.Candidate{ID: "a", Redactions: []engine.Redaction{r}}
	p := &Pack{Items: []Item{{Candidate: c}, {Candidate: engine.Candidate{ID: "b"}}}}
	if got := p.Redacted(); len(got) != 1 || got[0] != r {
		t.Fatalf("pack redactions %+v", got)
	}
	var none *Pack
	if none.Redacted() != nil {
		t.Fatal("a nil pack has redactions")
	}
}
