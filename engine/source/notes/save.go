package notes

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

const fileHeader = `# loupe notes: the project's memory, kept with the code.
# Add with "loupe note add", list with "loupe note list", or edit by hand:
# [[memory]] kind = fact|preference|decision|error, importance 1-5;
# [[experience]] status = confirmed|falsified|partial|open, confidence 0-1;
# [[principle]] text, optional domain. loupe appends new entries at the
# end; what you write here, comments included, is kept.

`

// Save writes the file atomically under a lock on its directory. It
// re-reads the file under the lock and appends the entries added through
// this File since it was loaded, so concurrent writers and hand edits are
// kept. A file on disk that does not parse is never overwritten.
func (f *File) Save(path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	dir := filepath.Dir(path)
	if err := mkdirConfined(path); err != nil {
		return fmt.Errorf("notes: create %s: %w", dir, err)
	}
	unlock, err := lockDir(path)
	if err != nil {
		return err
	}
	defer unlock()
	disk, err := Load(path)
	if err != nil {
		return err
	}
	var added document
	for _, e := range f.pending {
		if !disk.has(e.ID()) {
			disk.doc.append(e)
			added.append(e)
		}
	}
	data, err := appendEntries(path, disk.raw, added, disk.doc)
	if err != nil {
		return err
	}
	if err := writeConfined(path, f.writeTo(data)); err != nil {
		return fmt.Errorf("notes: save: %w", err)
	}
	f.doc, f.raw, f.pending = disk.doc, data, nil
	return nil
}

// appendEntries returns the file with the added entries appended as text
// after what is there, so hand-written comments and layout survive. The
// result must decode to want; if it does not (it always should), the whole
// document is encoded instead.
func appendEntries(path string, raw []byte, added, want document) ([]byte, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return encode(want)
	}
	if len(added.Memory)+len(added.Experience)+len(added.Principle) == 0 {
		return raw, nil
	}
	tail, err := encodeBody(added)
	if err != nil {
		return nil, err
	}
	data := bytes.Clone(raw)
	if !bytes.HasSuffix(data, []byte("\n")) {
		data = append(data, '\n')
	}
	data = append(append(data, '\n'), tail...)
	if got, err := decode(path, data); err == nil && len(got.Memory) == len(want.Memory) &&
		len(got.Experience) == len(want.Experience) && len(got.Principle) == len(want.Principle) {
		return data, nil
	}
	return encode(want)
}

func encodeBody(doc document) ([]byte, error) {
	var b bytes.Buffer
	enc := toml.NewEncoder(&b)
	enc.Indent = ""
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("notes: encode: %w", err)
	}
	return b.Bytes(), nil
}

func encode(doc document) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(fileHeader)
	enc := toml.NewEncoder(&b)
	enc.Indent = ""
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("notes: encode: %w", err)
	}
	return b.Bytes(), nil
}

// writeTo writes data through the test hook f.wrap when one is set.
func (f *File) writeTo(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		if f.wrap != nil {
			w = f.wrap(w)
		}
		_, err := w.Write(data)
		return err
	}
}
