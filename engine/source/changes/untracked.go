package changes

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loupe-dev/loupe/index/inroot"
)

// Limits on new, untracked files: only the newest few are read, small
// ones whole and big ones as their first lines.
const (
	maxUntrackedListed = 500      // paths considered (stat'ed) at all
	maxUntrackedFiles  = 20       // files read
	smallFileLines     = 120      // a file up to this many lines is taken whole
	headLines          = 40       // otherwise its first lines
	maxReadBytes       = 64 << 10 // never read more than this of one file
	binarySniffBytes   = 8 << 10
)

type untrackedFile struct {
	path string
	when time.Time
}

// untracked lists new files git does not track and does not ignore.
func untracked(ctx context.Context, root string) ([]change, error) {
	out, err := Git(ctx, root, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	var files []untrackedFile
	for _, p := range strings.Split(out, "\x00") {
		if p == "" || len(files) >= maxUntrackedListed {
			continue
		}
		if fi, err := os.Lstat(filepath.Join(root, filepath.FromSlash(p))); err == nil && fi.Mode().IsRegular() {
			files = append(files, untrackedFile{path: p, when: fi.ModTime()})
		}
	}
	return readUntracked(root, files), nil
}

// readUntracked reads the newest of the untracked files as changes.
func readUntracked(root string, files []untrackedFile) []change {
	slices.SortFunc(files, func(a, b untrackedFile) int {
		if c := b.when.Compare(a.when); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	var list []change
	for _, f := range files[:min(len(files), maxUntrackedFiles)] {
		if c, ok := readNewFile(root, f); ok {
			list = append(list, c)
		}
	}
	return list
}

// readNewFile reads an untracked file as a change: whole when small, its
// head otherwise; binary files are skipped.
func readNewFile(root string, f untrackedFile) (change, bool) {
	fh, err := inroot.Open(root, filepath.FromSlash(f.path)) // never through a link out of the root
	if err != nil {
		return change{}, false
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, maxReadBytes))
	if err != nil || len(data) == 0 || bytes.IndexByte(data[:min(len(data), binarySniffBytes)], 0) >= 0 {
		return change{}, false
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	c := change{status: StatusUntracked, path: f.path, lang: "diff", name: filepath.Base(f.path), start: 1, when: f.when}
	keep := len(lines)
	if keep > smallFileLines || len(data) == maxReadBytes {
		keep = min(keep, headLines)
		c.name += " (first " + strconv.Itoa(keep) + " lines)"
	}
	c.end = max(keep, 1)
	c.text = newFileHunk(lines[:keep])
	return c, true
}

// newFileHunk shows a new file's lines as the hunk git would print once
// the file is added, so every change reads as a diff.
func newFileHunk(lines []string) string {
	var b strings.Builder
	b.WriteString(Hunk{NewStart: 1, NewLines: len(lines)}.Header())
	b.WriteByte('\n')
	for _, l := range lines {
		b.WriteByte('+')
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
