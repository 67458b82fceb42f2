package notes

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

func TestProviderRanks(t *testing.T) {
	p := NewProvider("testdata/premortem.toml")
	if p.Source() != engine.SourceNotes {
		t.Fatalf("source %q", p.Source())
	}
	tests := []struct {
		name    string
		q       engine.Query
		wantTop string // id of the best candidate
		wantIn  []string
		wantOut []string
	}{
		{"retry timeouts", engine.Query{Keywords: []string{"retry", "charge", "timeout"}}, "note:x-00000001",
			[]string{"note:x-00000004", "note:m-00000003"}, []string{"note:x-00000005"}},
		{"idempotency by identifier", engine.Query{Keywords: []string{"idempotency"}, Identifiers: []string{"idempotent"}}, "note:x-00000002",
			[]string{"note:m-00000001", "note:p-00000002"}, []string{"note:p-00000003"}},
		{"no match keeps standing rules", engine.Query{Keywords: []string{"zebra"}}, "note:m-00000002",
			[]string{"note:m-00000003"}, []string{"note:m-00000001", "note:x-00000001"}},
		{"domain tag", engine.Query{Keywords: []string{"search"}}, "note:p-00000003", []string{"note:x-00000005"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cs, err := p.Candidates(context.Background(), tc.q)
			if err != nil {
				t.Fatal(err)
			}
			ids := map[string]bool{}
			for _, c := range cs {
				ids[c.ID] = true
				if c.Score < 0 || c.Score > 1 || c.Source != engine.SourceNotes || c.Block.Kind != "note" {
					t.Errorf("bad candidate %+v", c)
				}
			}
			if len(cs) == 0 || cs[0].ID != tc.wantTop {
				t.Fatalf("top = %v, want %s", idsOf(cs), tc.wantTop)
			}
			for _, id := range tc.wantIn {
				if !ids[id] {
					t.Errorf("%s missing from %v", id, idsOf(cs))
				}
			}
			for _, id := range tc.wantOut {
				if ids[id] {
					t.Errorf("%s should not be in %v", id, idsOf(cs))
				}
			}
		})
	}
}

func idsOf(cs []engine.Candidate) []string {
	var s []string
	for _, c := range cs {
		s = append(s, c.ID)
	}
	return s
}

func TestProviderBlock(t *testing.T) {
	p := NewProvider("testdata/premortem.toml")
	cs, err := p.Candidates(context.Background(), engine.Query{Keywords: []string{"webhook"}})
	if err != nil {
		t.Fatal(err)
	}
	c := cs[0]
	if c.ID != "note:m-00000002" || c.Block.Path != "testdata/premortem.toml" || c.Block.StartLine != 11 || c.Block.EndLine != 17 {
		t.Errorf("block %+v", c.Block)
	}
	if c.Meta["kind"] != "error" || c.Meta["importance"] != "5" || c.Meta["category"] != "payments" {
		t.Errorf("meta %v", c.Meta)
	}
	if !strings.HasPrefix(c.Text, "error [payments] (importance 5, 2026-10-03)\nWebhook") {
		t.Errorf("text %q", c.Text)
	}
}

func TestProviderReloadsAndReportsCorrupt(t *testing.T) {
	path := DefaultPath(t.TempDir())
	p := NewProvider(path)
	q := engine.Query{Keywords: []string{"bleve"}}
	if cs, err := p.Candidates(context.Background(), q); err != nil || len(cs) != 0 {
		t.Fatalf("missing file: %v %v", cs, err)
	}
	f, _ := Load(path)
	_ = f.Add(Entry{Memory: &Memory{Kind: KindFact, Importance: 3, Text: "bleve v2.5.7, not v2.6"}})
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	cs, err := p.Candidates(context.Background(), q)
	if err != nil || len(cs) != 1 || cs[0].Block.Path != ".loupe/notes.toml" {
		t.Fatalf("after add: %v %v", cs, err)
	}
	if err := os.WriteFile(path, []byte("[[memory]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Candidates(context.Background(), q); !errors.Is(err, ErrCorrupt) {
		t.Errorf("corrupt: err %v", err)
	}
}
