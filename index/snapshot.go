package index

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
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
	if err := writeStamps(tmp); err != nil {
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
// reader has open. A snapshot is moved out of the way while its root.bolt
// is locked, so a reader opening it at that moment either has it whole
// (and its shared lock keeps it) or does not find it and retries with the
// newer manifest (see Index.load).
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
		switch {
		case strings.HasSuffix(p, ".tmp") || strings.HasSuffix(p, ".old"):
			os.RemoveAll(p) // left by a writer that died
		case retire(p):
			os.RemoveAll(p + ".old")
		}
	}
}

// retire renames the snapshot dir to dir.old if nobody holds a lock on its
// root.bolt, holding that lock meanwhile; it reports whether it did. A
// snapshot without a root.bolt is renamed too.
func retire(dir string) bool {
	f, err := os.OpenFile(filepath.Join(dir, "store", "root.bolt"), os.O_RDONLY, 0)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return false
	}
	if err == nil {
		defer f.Close()
		if ok, err := tryLockFile(f); !ok || err != nil {
			return false
		}
		defer unlockFile(f)
	}
	old := dir + ".old"
	os.RemoveAll(old)
	if err := os.Rename(dir, old); err != nil {
		return false
	}
	return true
}

// openSnapshot opens man's snapshot read-only and checks that it holds
// every block the manifest counts: a segment truncated, zeroed, garbled or
// deleted shows as a failed open, a panic or a short count, never as
// silently missing results.
func openSnapshot(dir string, man *manifest) (bleve.Index, error) {
	path := snapshotPath(dir, man.Gen)
	if err := checkStamps(path); err != nil {
		return nil, err
	}
	bi, err := openBleve(path, true, nil)
	if err != nil {
		return nil, err
	}
	if err := checkCount(bi, man.blockCount()); err != nil {
		bi.Close()
		return nil, err
	}
	return bi, nil
}

// checkCount compares the documents bi holds with want.
func checkCount(bi bleve.Index, want uint64) (err error) {
	defer recoverInto(&err, "count blocks")
	n, err := bi.DocCount()
	if err != nil {
		return fmt.Errorf("%w: count blocks: %v", ErrCorrupt, err)
	}
	if n != want {
		return fmt.Errorf("%w: the index holds %d blocks, its manifest %d", ErrCorrupt, n, want)
	}
	return nil
}

// A snapshot's files never change once published: scorch writes a
// segment once, and root.bolt is a private copy. stampsName records each
// file's size and modification time at publication; a file written since
// (truncated, zeroed, garbled, replaced) or gone is found by a few stats,
// without reading the index.
const stampsName = "loupe-stamps.json"

type fileStamp struct {
	Size  int64 `json:"size"`
	Mtime int64 `json:"mtime"`
}

// stampTree returns the stamps of the files under dir but the stamp file.
func stampTree(dir string) (map[string]fileStamp, error) {
	stamps := map[string]fileStamp{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == stampsName {
			return err
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		stamps[filepath.ToSlash(rel)] = fileStamp{Size: st.Size(), Mtime: st.ModTime().UnixNano()}
		return nil
	})
	return stamps, err
}

func writeStamps(dir string) error {
	stamps, err := stampTree(dir)
	if err != nil {
		return err
	}
	b, err := json.Marshal(stamps)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, stampsName), b, 0o600)
}

// checkStamps fails with ErrCorrupt when a snapshot's files are not the
// ones published. A snapshot without stamps (an older loupe wrote it)
// passes.
func checkStamps(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, stampsName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var want map[string]fileStamp
	if err == nil {
		err = json.Unmarshal(b, &want)
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, stampsName, err)
	}
	got, err := stampTree(dir)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			return fmt.Errorf("%w: %s is missing", ErrCorrupt, name)
		case g != w:
			return fmt.Errorf("%w: %s changed since it was written", ErrCorrupt, name)
		}
	}
	return nil
}
