package chunk

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestCorpusContract checks the chunker's contract on every Go file of the
// standard library and, where present, the Python standard library: real
// code in bulk (a fixed sample, to keep the test quick), including generated files, //line directives, cgo and
// files with build tags. Skipped under -short.
func TestCorpusContract(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, c := range []struct {
		root, ext string
		every     int // check one file in every
	}{
		{filepath.Join(runtime.GOROOT(), "src"), ".go", 4},
		{"/usr/lib/python3.11", ".py", 2},
	} {
		t.Run(c.ext, func(t *testing.T) {
			files, _ := readTree(c.root, c.ext)
			if len(files) == 0 {
				t.Skipf("no %s files under %s", c.ext, c.root)
			}
			failed := 0
			for i, f := range files {
				if i%c.every != 0 {
					continue
				}
				if err := checkBlocks(f.path, f.src, File(f.path, f.src)); err != nil && failed < 10 {
					t.Errorf("%s: %v", f.path, err)
					failed++
				}
			}
		})
	}
}
