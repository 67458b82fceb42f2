package index_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/loupe-dev/loupe/index"
)

func ExampleOpen() {
	root, _ := os.MkdirTemp("", "loupe-example")
	defer os.RemoveAll(root)
	os.WriteFile(filepath.Join(root, "greet.go"), []byte("package greet\n\n// Hello greets.\nfunc Hello() string { return \"hi\" }\n"), 0o644)

	opts := index.DefaultOptions()
	opts.IndexDir = filepath.Join(root, ".cache") // skipped by the walk
	ix, err := index.Open(root, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ix.Close()
	stats, err := ix.Update(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("files:", stats.Added)
	blocks, _ := ix.Symbol(context.Background(), "Hello")
	for _, b := range blocks {
		text, _ := ix.Read(b)
		fmt.Printf("%s %s %d-%d\n%s", b.Kind, b.QualName, b.StartLine, b.EndLine, text.Text)
	}
	// Output:
	// files: 1
	// function Hello 3-4
	// // Hello greets.
	// func Hello() string { return "hi" }
}
