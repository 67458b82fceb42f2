package engine

import (
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// fakeRedactor replaces "SECRET" and reports it on its line.
type fakeRedactor struct{}

func (fakeRedactor) Redact(path, text string) (string, []Redaction) {
	var found []Redaction
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "SECRET") {
			found = append(found, Redaction{Line: i + 1, Rule: "fake"})
		}
	}
	return strings.ReplaceAll(text, "SECRET", "[R]"), found
}

func TestRedactCandidate(t *testing.T) {
	c := Candidate{Block: index.Block{Path: "a.go", StartLine: 10, Signature: "k = SECRET"},
		Text: "a\nk = SECRET\n", Meta: map[string]string{"subject": "add SECRET"}}
	got := redact(fakeRedactor{}, c)
	if strings.Contains(got.Text+got.Block.Signature+got.Meta["subject"], "SECRET") {
		t.Fatalf("secret left in %+v", got)
	}
	if len(got.Redactions) != 1 || got.Redactions[0] != (Redaction{Path: "a.go", Line: 11, Rule: "fake"}) {
		t.Fatalf("redactions %+v", got.Redactions)
	}
	if c.Meta["subject"] != "add SECRET" {
		t.Fatal("the caller's meta map was changed")
	}
}

// countingRedactor records the texts it was asked to scan.
type countingRedactor struct{ seen []string }

func (r *countingRedactor) Redact(path, text string) (string, []Redaction) {
	r.seen = append(r.seen, text)
	return fakeRedactor{}.Redact(path, text)
}

// TestRedactSkipsCleanText: a text proven clean where it was read is not
// scanned again; its signature, doc, reason and meta still are.
func TestRedactSkipsCleanText(t *testing.T) {
	c := Candidate{Block: index.Block{Path: "a.go", StartLine: 10, Signature: "k = SECRET"},
		Text: "func f() {}\n", Reason: "name matches f", TextClean: true}
	r := &countingRedactor{}
	got := redact(r, c)
	for _, s := range r.seen {
		if s == c.Text {
			t.Fatalf("clean text scanned again: %q", r.seen)
		}
	}
	if got.Text != c.Text || got.Block.Signature != "k = [R]" || len(got.Redactions) != 0 {
		t.Fatalf("got %+v", got)
	}
	c.TextClean = false
	r = &countingRedactor{}
	redact(r, c)
	if len(r.seen) == 0 || r.seen[0] != c.Text {
		t.Fatalf("text not proven clean was not scanned: %q", r.seen)
	}
}
