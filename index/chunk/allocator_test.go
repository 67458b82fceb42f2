//go:build cgo

package chunk

import (
	"testing"

	ts "github.com/tree-sitter/go-tree-sitter"
)

// BenchmarkTreeSitterAllocator compares tree-sitter allocating through the
// Go bindings' callbacks with libc malloc directly (see tsalloc.go), on a
// part of the Python standard library.
func BenchmarkTreeSitterAllocator(b *testing.B) {
	files, total := loadTree(b, "/usr/lib/python3.11/json", ".py")
	more, t2 := loadTree(b, "/usr/lib/python3.11/email", ".py")
	files, total = append(files, more...), total+t2
	b.Run("go-callbacks", func(b *testing.B) {
		ts.SetAllocator(nil, nil, nil, nil)
		defer libcAllocator()
		runChunkBench(b, files, total)
	})
	b.Run("libc", func(b *testing.B) {
		runChunkBench(b, files, total)
	})
}
