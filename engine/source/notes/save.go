package notes

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

const fileHeader = `# loupe notes: the project's memory, kept with the code.
# Add with "loupe note add", list with "loupe note list", or edit by hand:
# [[memory]] kind = fact|preference|decision|error, importance 1-5;
# [[experience]] status = confirmed|falsified|partial|open, confidence 0-1;
# [[principle]] text, optional domain. loupe rewrites this file on save
# (comments other than this header are not kept).

`

// Save writes the file atomically under a lock on its directory. It
// re-reads the file under the lock and appends the entries added through
// this File since it was loaded, so concurrent writers and hand edits are
// kept. A file on disk that does not parse is never overwritten.
func (f *File) Save(path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("notes: create %s: %w", dir, err)
	}
	unlock, err := lockDir(dir)
	if err != nil {
		return err
	}
	defer unlock()
	disk, err := Load(path)
	if err != nil {
		return err
	}
	for _, e := range f.pending {
		if !disk.has(e.ID()) {
			disk.doc.append(e)
		}
	}
	data, err := encode(disk.doc)
	if err != nil {
		return err
	}
	if err := writeAtomic(path, data, f.wrap); err != nil {
		return err
	}
	f.doc, f.raw, f.pending = disk.doc, data, nil
	return nil
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

// writeAtomic writes data to a temporary file beside path, fsyncs it,
// renames it over path and fsyncs the directory. On any failure the old
// file is untouched and the temporary file removed.
func writeAtomic(path string, data []byte, wrap func(io.Writer) io.Writer) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("notes: save %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	var w io.Writer = tmp
	if wrap != nil {
		w = wrap(tmp)
	}
	if _, err = w.Write(data); err != nil {
		return fmt.Errorf("notes: save %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("notes: save %s: %w", path, err)
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("notes: sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !isUnsupported(err) {
		return fmt.Errorf("notes: sync %s: %w", dir, err)
	}
	return nil
}
