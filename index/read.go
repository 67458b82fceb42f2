package index

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/loupe-dev/loupe/index/chunk"
	"github.com/loupe-dev/loupe/index/secrets"
)

// ErrNotIndexed is returned by Read for a block of a file the index does
// not hold.
var ErrNotIndexed = errors.New("index: file not indexed")

// Read returns a block's current text. The file is read as it is now:
//   - unchanged since indexing: the block's lines;
//   - changed: the file is chunked again and the block found by ID, then
//     qualified name and kind (Moved when its lines changed); if it cannot
//     be found, the stored text at the old lines, marked Stale;
//   - deleted: the stored text, marked Deleted.
//
// A changed file is scheduled for re-indexing by the next Update.
//
// Blank lines at the end of a block are left out of its text and its
// range alike: blocks tile their file, so a function's block runs to the
// blank line before the next one's comment, and a header that named
// gunzip.go:172-244 printed only to 243.
func (ix *Index) Read(b Block) (BlockText, error) {
	bt, err := ix.read(b)
	return trimBlankEnd(bt), err
}

func (ix *Index) read(b Block) (BlockText, error) {
	_, man := ix.snapshot()
	e, ok := man.Files[b.Path]
	if !ok || e.Skip != "" {
		return BlockText{}, fmt.Errorf("%w: %s", ErrNotIndexed, b.Path)
	}
	f, err := ix.files.read(ix.root, b.Path)
	if errors.Is(err, fs.ErrNotExist) {
		bt, err := ix.storedText(e, b)
		bt.Deleted = true
		return bt, err
	}
	if err != nil {
		return BlockText{}, fmt.Errorf("index: read %s: %w", b.Path, err)
	}
	data := f.data
	if ix.files.matches(b.Path, f, e.Hash) {
		text := withNewline(string(f.lines.block(data, b.StartLine, b.EndLine)))
		return BlockText{Block: b, Text: text, Clean: e.Clean != 0 && e.Clean == secrets.Fingerprint()}, nil
	}
	ix.scheduleRecheck(b.Path)
	if nb, ok := findAgain(b, chunk.File(b.Path, data)); ok {
		moved := nb.StartLine != b.StartLine || nb.EndLine != b.EndLine
		return BlockText{Block: nb, Text: linesText(data, nb.StartLine, nb.EndLine), Moved: moved}, nil
	}
	bt, err := ix.storedText(e, b)
	bt.Stale = true
	return bt, err
}

// findAgain looks for b among a file's new blocks: same ID, or the same
// qualified name and kind, or (for windows and sections) the same hash.
func findAgain(b Block, blocks []Block) (Block, bool) {
	for _, nb := range blocks {
		if nb.ID == b.ID && (b.QualName != "" || nb.Hash == b.Hash) {
			return nb, true
		}
	}
	for _, nb := range blocks {
		if b.QualName != "" && nb.QualName == b.QualName && nb.Kind == b.Kind {
			return nb, true
		}
	}
	for _, nb := range blocks {
		if b.Hash != "" && nb.Hash == b.Hash {
			return nb, true
		}
	}
	return Block{}, false
}

// storedText returns the block's lines from the content store.
func (ix *Index) storedText(e *fileEntry, b Block) (BlockText, error) {
	data, err := readRecord(ix.dir, e.Off, e.Len)
	if err != nil {
		return BlockText{Block: b}, err
	}
	return BlockText{Block: b, Text: linesText(data, b.StartLine, b.EndLine)}, nil
}

func (ix *Index) scheduleRecheck(path string) {
	ix.mu.Lock()
	ix.recheck[path] = true
	ix.mu.Unlock()
}

// trimBlankEnd drops bt's trailing blank lines from its text and its
// range, keeping at least one line.
func trimBlankEnd(bt BlockText) BlockText {
	b, t := bt.Block, bt.Text
	if b.StartLine <= 0 || !strings.HasSuffix(t, "\n") || strings.Count(t, "\n") != b.Lines() {
		return bt // not the block's lines
	}
	for b.EndLine > b.StartLine {
		body := t[:len(t)-1]
		i := strings.LastIndexByte(body, '\n')
		if i < 0 || strings.TrimSpace(body[i+1:]) != "" {
			break
		}
		t = body[:i+1]
		b.EndLine--
	}
	bt.Block, bt.Text = b, t
	return bt
}

// linesText returns lines start..end of data, newline-terminated.
func linesText(data []byte, start, end int) string {
	return withNewline(string(indexLines(data).block(data, start, end)))
}

// withNewline ends a non-empty text with a newline.
func withNewline(s string) string {
	if s != "" && s[len(s)-1] != '\n' {
		s += "\n"
	}
	return s
}
