package chunk

import (
	"os"
	"path"
	"path/filepath"
	"testing"
)

// fuzzExts are the extensions FuzzChunk picks from, one per chunker.
var fuzzExts = []string{".go", ".py", ".js", ".ts", ".tsx", ".rs", ".java", ".md", ".rst", ".txt",
	".c", ".h", ".cc", ".cs", ".rb", ".php", ".kt", ".sh", ".lua", ".swift", ".scala"}

// FuzzChunk feeds arbitrary bytes to every chunker (the first argument
// picks the extension) and checks the contract: no panic, valid sorted
// ranges, every line covered, overlap only as a container and its methods.
func FuzzChunk(f *testing.F) {
	for _, rel := range fixtureFiles(f) {
		for i, ext := range fuzzExts {
			if path.Ext(rel) == ext {
				f.Add(uint8(i), readFixture(f, rel))
			}
		}
	}
	langs, _ := os.ReadDir(langsRoot)
	for _, e := range langs {
		src, err := os.ReadFile(filepath.Join(langsRoot, e.Name()))
		if err != nil {
			f.Fatal(err)
		}
		for i, ext := range fuzzExts {
			if path.Ext(e.Name()) == ext {
				f.Add(uint8(i), src)
			}
		}
	}
	for i := range fuzzExts {
		f.Add(uint8(i), []byte("\xff\x00\r\n{\n"))
	}
	f.Fuzz(func(t *testing.T, ext uint8, src []byte) {
		p := "dir/f" + fuzzExts[int(ext)%len(fuzzExts)]
		if err := checkBlocks(p, src, File(p, src)); err != nil {
			t.Fatal(err)
		}
	})
}
