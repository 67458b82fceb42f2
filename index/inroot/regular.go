package inroot

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrNotRegular is returned for a FIFO, socket or device where loupe
// expected a file. A repository unpacked from an archive can hold any of
// them, and opening a FIFO for reading waits for a writer: forever, since
// none comes. So every read opens without blocking (openFlags), then asks
// the open file what it is: no check made a moment before the open, which
// a swapped entry would pass.
var ErrNotRegular = errors.New("not a regular file")

// ReadIn reads the regular file name inside r (a path relative to it,
// never leaving it).
func ReadIn(r *os.Root, name string) ([]byte, error) {
	f, st, err := openIn(r, name, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, sizeHint(st))
}

// ReadPath reads the regular file at path, wherever it is: for the few
// files loupe reads outside a repository's root because git reads them
// too (the user's own git configuration).
func ReadPath(path string) ([]byte, error) {
	f, st, err := OpenPath(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, sizeHint(st))
}

// OpenPath opens the regular file at path, wherever it is, without
// blocking (openFlags), and returns it with what the open file said it
// is; anything else is ErrNotRegular.
func OpenPath(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	return keepKind(f, err, path, false)
}

// readAll reads f to its end into a buffer of size bytes to start with,
// as os.ReadFile does: io.ReadAll starts at 512 bytes and doubles, which
// cleared and copied a large file's bytes a dozen times (7.5 of a pack's
// 186 CPU-ms on the Go tree went to reading files, 4.0 after). The size
// is a hint: a file that grew or shrank since is still read to its end.
func readAll(f *os.File, size int) ([]byte, error) {
	data := make([]byte, 0, max(size, 1))
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}

// sizeHint is the length of the file st describes plus one, so that the
// read meets EOF without growing its buffer; 512 when the length is
// unknown or too large to allocate at once.
func sizeHint(st os.FileInfo) int {
	if st.Size() > 0 && st.Size() < maxSizeHint {
		return int(st.Size()) + 1
	}
	return 512
}

// maxSizeHint bounds the buffer a file's stated size may allocate at once.
const maxSizeHint = 1 << 30

// openIn opens name inside r without blocking and keeps it only when it
// is a regular file (or, with dirOK, a directory); it returns what the
// open file said it is.
func openIn(r *os.Root, name string, dirOK bool) (*os.File, os.FileInfo, error) {
	f, err := r.OpenFile(name, openFlags, 0)
	return keepKind(f, err, name, dirOK)
}

// keepKind returns f, just opened with err, with what the open file says
// it is when it is a regular file (or, with dirOK, a directory); anything
// else is closed and refused.
func keepKind(f *os.File, err error, name string, dirOK bool) (*os.File, os.FileInfo, error) {
	if err != nil {
		return nil, nil, err
	}
	st, err := checkKind(f, name, dirOK)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// checkKind asks the open file what it is and returns its description
// when it is a regular file (or, with dirOK, a directory).
func checkKind(f *os.File, name string, dirOK bool) (os.FileInfo, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Mode().IsRegular() || dirOK && st.IsDir() {
		return st, nil
	}
	return nil, fmt.Errorf("%s: %w (%s)", name, ErrNotRegular, st.Mode().Type())
}
