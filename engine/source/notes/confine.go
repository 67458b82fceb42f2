package notes

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/loupe-dev/loupe/index/inroot"
)

// The notes file belongs to the repository: every read and write of it
// goes through inroot, so that a .loupe directory (or notes.toml) that is
// a link to somewhere outside the repository is refused instead of
// followed. The repository root is the directory above ".loupe" in the
// path (DefaultPath's shape); for any other path it is the file's own
// directory.

// confine splits path into the root it must stay in and the path inside.
func confine(path string) (root, rel string) {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == ".loupe" {
		return filepath.Dir(dir), filepath.Join(".loupe", filepath.Base(path))
	}
	return dir, filepath.Base(path)
}

func readConfined(path string) ([]byte, error) {
	root, rel := confine(path)
	return inroot.ReadFile(root, rel)
}

func statConfined(path string) (fs.FileInfo, error) {
	root, rel := confine(path)
	return inroot.Stat(root, rel)
}

func writeConfined(path string, write func(io.Writer) error) error {
	root, rel := confine(path)
	return inroot.WriteFile(root, rel, 0o644, write)
}

// mkdirConfined creates the notes directory inside the root.
func mkdirConfined(path string) error {
	root, rel := confine(path)
	r, err := os.OpenRoot(root)
	if err != nil {
		return err
	}
	defer r.Close()
	if d := filepath.Dir(rel); d != "." {
		return r.MkdirAll(d, 0o755)
	}
	return nil
}

// openDirConfined opens the notes directory, inside the root, for locking.
func openDirConfined(path string) (*os.File, error) {
	root, rel := confine(path)
	return inroot.Open(root, filepath.Dir(rel))
}
