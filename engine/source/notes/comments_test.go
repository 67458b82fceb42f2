package notes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSaveKeepsHandWrittenComments: adding a note appends it; the comments
// and layout a person wrote stay as they were.
func TestSaveKeepsHandWrittenComments(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".loupe", "notes.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	hand := "# Our team's notes. Keep the retry decisions first.\n\n" +
		"[[memory]]\n# why we chose this\nkind = \"decision\"\ntext = \"Retries use exponential backoff\"  # see ADR 7\nimportance = 4\n\n" +
		"[[principle]]\ntext = \"Never retry a declined card\"\n"
	if err := os.WriteFile(path, []byte(hand), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, e := range []Entry{
		{Memory: &Memory{Kind: "fact", Text: "The ledger is append-only", Importance: 3}},
		{Principle: &Principle{Text: "Log every retry"}},
	} {
		f, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Add(e); err != nil {
			t.Fatal(err)
		}
		if err := f.Save(path); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	if !strings.HasPrefix(got, hand) {
		t.Fatalf("the hand-written part changed:\n%s", got)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.Entries()); n != 4 {
		t.Fatalf("%d entries after two adds, want 4:\n%s", n, got)
	}
}
