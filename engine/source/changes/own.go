package changes

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/index/inroot"
)

// loupe's own files must never come back to it as work in progress: a
// context written with `w` or `pack --out` inside the repository, or the
// notes file, would otherwise lead the next pack as a "new file, just now"
// change. The .loupe folder is loupe's; the files it wrote elsewhere in
// the tree are listed in a ledger there.
const (
	// OwnDir is loupe's folder at the repository root (notes, ledger).
	OwnDir = ".loupe"
	// outputsLedger lists, one root-relative slash path a line, the files
	// loupe wrote inside the repository.
	outputsLedger = "outputs"
	maxLedger     = 200 // newest entries kept
)

// RecordOutput notes that loupe wrote path (absolute or relative to the
// working directory), so that neither the changes source nor the index
// offers it back. A path outside root needs no entry and is ignored.
func RecordOutput(root, path string) error {
	rel, ok := relInside(root, path)
	if !ok {
		return nil
	}
	list := readLedger(root)
	if slices.Contains(list, rel) {
		return nil
	}
	list = append(list, rel)
	if len(list) > maxLedger {
		list = list[len(list)-maxLedger:]
	}
	// Inside the root only: a cloned repository's .loupe may be a link out.
	err := inroot.WriteFile(root, filepath.Join(OwnDir, outputsLedger), 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, strings.Join(list, "\n")+"\n")
		return err
	})
	if err != nil {
		return fmt.Errorf("changes: record output: %w", err)
	}
	return nil
}

// OwnIgnores are gitignore-style patterns for loupe's own files under
// root: its folder and every output in the ledger.
func OwnIgnores(root string) []string {
	out := []string{"/" + OwnDir + "/"}
	for _, p := range readLedger(root) {
		out = append(out, "/"+escapeGlob(p))
	}
	return out
}

// ownFiles is the set of root-relative paths that are loupe's own.
type ownFiles map[string]bool

func loadOwn(root string) ownFiles {
	own := ownFiles{}
	for _, p := range readLedger(root) {
		own[p] = true
	}
	return own
}

// has reports whether a root-relative slash path is loupe's own.
func (o ownFiles) has(p string) bool {
	return p == OwnDir || strings.HasPrefix(p, OwnDir+"/") || o[p]
}

func readLedger(root string) []string {
	b, err := inroot.ReadFile(root, filepath.Join(OwnDir, outputsLedger))
	if err != nil {
		return nil
	}
	var list []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			list = append(list, l)
		}
	}
	return list
}

// relInside makes path relative to root, when it is inside it.
func relInside(root, path string) (string, bool) {
	absRoot, err1 := filepath.Abs(root)
	abs, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, err := filepath.Rel(absRoot, abs)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func escapeGlob(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`*?[]\!#`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
