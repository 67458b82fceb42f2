package index

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// Snapshots let any number of processes search an index while one
// process writes it.
//
// scorch keeps its root in a bolt file, and bolt takes a file lock: shared
// for a read-only open, exclusive for a writer. Opening the live index
// read-only would therefore stop the writer (a TUI holding the index open
// would block `loupe pack` from updating it, and the other way round).
// Instead the writer, after each Update, publishes a snapshot: a directory
// of hard links to the live index's segment files, which scorch never
// changes once written, plus a copy of root.bolt, which it does. Readers
// open the newest snapshot read-only; their shared lock is on the copy,
// which no writer touches. The writer deletes old snapshots whose root.bolt
// it can lock exclusively, that is, which no reader has open.
const snapshotsDir = "snapshots"

func snapshotPath(dir string, gen int64) string {
	return filepath.Join(dir, snapshotsDir, strconv.FormatInt(gen, 10))
}

// publishSnapshot links the live index into target: a bleve directory
// holds index_meta.json and store/ with scorch's files.
func publishSnapshot(live, target string) error {
	tmp := target + ".tmp"
	os.RemoveAll(tmp)
	if err := linkTree(live, tmp); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("index: publish snapshot: %w", err)
	}
	os.RemoveAll(target)
	if err := os.Rename(tmp, target); err != nil {
		return fmt.Errorf("index: publish snapshot: %w", err)
	}
	return nil
}

// linkTree hard-links src's files into dst, recursively, except the files
// that change in place (root.bolt, index_meta.json), which are copied.
func linkTree(src, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		s, d := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		switch {
		case e.IsDir():
			err = linkTree(s, d)
		case !e.Type().IsRegular():
			continue
		case e.Name() == "root.bolt" || e.Name() == "index_meta.json":
			err = copyFile(s, d)
		default:
			if err = os.Link(s, d); err != nil {
				err = copyFile(s, d) // a filesystem without hard links
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// pruneSnapshots removes the snapshots of snaps other than keep that no
// reader has open.
func pruneSnapshots(snaps, keep string) {
	entries, err := os.ReadDir(snaps)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(snaps, e.Name())
		if p == keep || !e.IsDir() {
			continue
		}
		if unused(filepath.Join(p, "store", "root.bolt")) {
			os.RemoveAll(p)
		}
	}
}

// unused reports whether nobody holds a lock on a bolt file.
func unused(boltPath string) bool {
	f, err := os.OpenFile(boltPath, os.O_RDONLY, 0)
	if errors.Is(err, os.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return false
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return true
}
