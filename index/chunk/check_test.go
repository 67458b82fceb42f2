package chunk

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// fixtureRoot is the payments fixture repository shared by loupe's tests.
const fixtureRoot = "../../testdata/repos/payments"

// checkBlocks verifies the chunker's contract for one file: ranges are
// valid and sorted, every line is covered, blocks overlap only as a
// container and its methods, IDs are unique, hashes match the lines and
// every string is valid UTF-8.
func checkBlocks(p string, src []byte, bs []Block) error {
	lines := SplitLines(string(src))
	if len(lines) == 0 {
		if len(bs) != 0 {
			return fmt.Errorf("empty file has %d blocks", len(bs))
		}
		return nil
	}
	cover := make([][]int, len(lines)+1)
	ids := map[string]bool{}
	for i, b := range bs {
		if err := checkBlock(p, DetectLanguage(p, src), lines, b); err != nil {
			return fmt.Errorf("block %d (%s): %w", i, b.ID, err)
		}
		if i > 0 && b.StartLine < bs[i-1].StartLine {
			return fmt.Errorf("block %d (%s) starts before block %d", i, b.ID, i-1)
		}
		if ids[b.ID] {
			return fmt.Errorf("duplicate ID %q", b.ID)
		}
		ids[b.ID] = true
		for l := b.StartLine; l <= b.EndLine; l++ {
			cover[l] = append(cover[l], i)
		}
	}
	for l := 1; l <= len(lines); l++ {
		if err := checkLine(bs, cover[l]); err != nil {
			return fmt.Errorf("line %d: %w", l, err)
		}
	}
	return nil
}

func checkBlock(p, lang string, lines []string, b Block) error {
	switch {
	case b.StartLine < 1 || b.EndLine < b.StartLine || b.EndLine > len(lines):
		return fmt.Errorf("range %d-%d outside 1-%d", b.StartLine, b.EndLine, len(lines))
	case b.Path != p || b.Lang != lang || b.ID == "" || b.Kind == "":
		return fmt.Errorf("path %q lang %q id %q kind %q", b.Path, b.Lang, b.ID, b.Kind)
	case b.Hash != HashLines(lines[b.StartLine-1:b.EndLine]):
		return fmt.Errorf("hash does not match lines")
	}
	strs := append([]string{b.ID, b.Name, b.QualName, b.Signature, b.Doc}, b.Refs...)
	for _, s := range append(strs, b.Imports...) {
		if !utf8.ValidString(s) {
			return fmt.Errorf("invalid UTF-8 in %q", s)
		}
	}
	return nil
}

// checkLine allows one block per line, or a container and one method of
// it.
func checkLine(bs []Block, on []int) error {
	switch len(on) {
	case 0:
		return fmt.Errorf("not covered")
	case 1:
		return nil
	case 2:
		c, m := bs[on[0]], bs[on[1]]
		isContainer := c.Kind == KindClass || c.Kind == KindInterface || c.Kind == KindType
		if isContainer && m.Kind == KindMethod && c.StartLine <= m.StartLine && m.EndLine <= c.EndLine {
			return nil
		}
		return fmt.Errorf("overlap of %s and %s", c.ID, m.ID)
	}
	return fmt.Errorf("%d blocks overlap", len(on))
}

// fixtureFiles lists the files of the payments fixture, relative paths.
func fixtureFiles(t testing.TB) []string {
	var out []string
	err := filepath.WalkDir(fixtureRoot, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(fixtureRoot, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func readFixture(t testing.TB, rel string) []byte {
	src, err := os.ReadFile(filepath.Join(fixtureRoot, rel))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// summary is a block as "kind start-end QualName", the shape of the
// expectations in the table tests.
func summary(b Block) string {
	return strings.TrimSpace(fmt.Sprintf("%s %d-%d %s", b.Kind, b.StartLine, b.EndLine, b.QualName))
}

func summaries(bs []Block) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = summary(b)
	}
	return out
}

func find(bs []Block, qual string) (Block, bool) {
	for _, b := range bs {
		if b.QualName == qual {
			return b, true
		}
	}
	return Block{}, false
}

func TestFixturesHoldContract(t *testing.T) {
	for _, rel := range fixtureFiles(t) {
		t.Run(rel, func(t *testing.T) {
			src := readFixture(t, rel)
			bs := File(rel, src)
			if err := checkBlocks(rel, src, bs); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// langsRoot holds one fixture per language added after the first six.
const langsRoot = "testdata/langs"
