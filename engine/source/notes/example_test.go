package notes_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/loupe-dev/loupe/engine/source/notes"
)

// The calls behind `loupe note add --kind decision --importance 4 "…"`.
func ExampleParseEntry() {
	root, _ := os.MkdirTemp("", "notes")
	defer os.RemoveAll(root)
	path := notes.DefaultPath(root)

	e, err := notes.ParseEntry("decision", map[string]string{"importance": "4", "category": "storage", "text": "Notes are TOML."})
	if err != nil {
		fmt.Println(err)
		return
	}
	f, _ := notes.Load(path) // a missing file is an empty memory
	if err := f.Add(e); err != nil {
		fmt.Println(err)
		return
	}
	if err := f.Save(path); err != nil {
		fmt.Println(err)
		return
	}
	g, _ := notes.Load(path)
	for _, e := range g.List(notes.Filter{Kind: notes.KindDecision}) {
		fmt.Println(e.Type(), e.Memory.Importance, e.Memory.Text)
	}
	rel, _ := filepath.Rel(root, path)
	fmt.Println(rel)
	// Output:
	// memory 4 Notes are TOML.
	// .loupe/notes.toml
}
