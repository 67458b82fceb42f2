package tui

import (
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

func TestStatusSaysSecretsWereRedacted(t *testing.T) {
	m := Model{pack: &packing.Pack{Items: []packing.Item{{Candidate: engine.Candidate{
		Redactions: []engine.Redaction{{Path: "a.go", Line: 3, Rule: "github-pat"}},
	}}}}}
	if got := m.summary(); !strings.Contains(got, "1 redacted") {
		t.Fatalf("summary %q", got)
	}
	m.pack.Items[0].Redactions = nil
	if got := m.summary(); strings.Contains(got, "redacted") {
		t.Fatalf("summary %q", got)
	}
}
