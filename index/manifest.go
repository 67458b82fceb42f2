package index

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
	"unsafe"
)

// FormatVersion is the on-disk format of an index directory. An index
// written with another version is rebuilt from scratch. Bump it whenever
// the mapping, the analyzers, the stored blob or the manifest change.
const FormatVersion = 16 // 5: stems and related terms; 6: symbol blocks for C, C++, C#, Ruby, PHP, Kotlin, Bash, Lua; 7: Go blocks' package and uses; 8: the related-terms table stamped with its generation; 9: adverbs stemmed to their adjective; 10: only prose is documentation (chunk.Language: data and more languages); 11: symbol blocks for Swift and Scala; 12: one test-path rule (spec, bench and CamelCase test files are tests); 13: Java's spec packages are code; 14: JavaScript and TypeScript functions assigned to members or held by a top-level object literal; 15: related terms learned without vendored and generated code, and no rare word a relative in a large repository; 16: the manifest in its own encoding (manifest_codec.go), not gob

const manifestName = "manifest.bin"

// legacyManifestName is the manifest of loupe before FormatVersion 16
// (gob): an index that has it and no manifestName is rebuilt.
const legacyManifestName = "manifest.gob"

// fileEntry is what the manifest remembers of one walked file. A file
// whose size and mtime are unchanged is not read again; one whose content
// hash is unchanged is not re-chunked.
type fileEntry struct {
	Size    int64
	Mtime   int64 // unix nanoseconds; -1 forces a re-read on the next Update
	Hash    string
	Skip    string // why the file is not indexed, "" if it is
	NBlocks int    // how many block documents it has
	Off     int64  // compressed content in the content store
	Len     int64
	Lang    string
	// Clean is the secret rules' fingerprint (secrets.Fingerprint) when
	// the scan of the whole file, content Hash, found no secret; 0 when it
	// found one or was not run. Read trusts it only for the same rules and
	// a verified hash, so a pack need not scan that text again.
	Clean uint64
}

// manifest is the index's record of what it holds. It is written
// atomically (temporary file, then rename) after each Update.
type manifest struct {
	Version int
	Root    string
	Gen     int64 // incremented by every Update that wrote
	Files   map[string]*fileEntry
	// StoreSize is the content store's length when the manifest was
	// written; bytes past it are from an Update that did not finish.
	StoreSize int64
	// CommitsHead is the newest commit indexed; CommitsCount how many.
	CommitsHead  string
	CommitsCount int
}

func newManifest(root string) *manifest {
	return &manifest{Version: FormatVersion, Root: root, Files: map[string]*fileEntry{}}
}

// errStale marks a manifest that exists but cannot be used: another
// version, another root, or undecodable. The index is rebuilt.
var errStale = errors.New("index: stale manifest")

// loadManifest reads dir's manifest. A missing one gives an empty manifest
// and no error, unless an older loupe's manifest (legacyManifestName)
// stands in its place: that index is stale.
func loadManifest(dir, root string) (*manifest, error) {
	m, err := loadManifestAs(dir, manifestName, root)
	if !errors.Is(err, fs.ErrNotExist) {
		return m, err
	}
	if _, lerr := os.Stat(filepath.Join(dir, legacyManifestName)); lerr == nil {
		return nil, fmt.Errorf("%w: written by an older loupe", errStale)
	}
	return newManifest(root), nil
}

// checkpointName is the manifest of what a running Update has committed so
// far, saved now and then: a killed Update resumes from it instead of
// starting over (the manifest proper is written only at the end).
const checkpointName = "checkpoint.bin"

// legacyCheckpointName is the checkpoint of loupe before FormatVersion 16:
// a rebuild removes it.
const legacyCheckpointName = "checkpoint.gob"

// loadCheckpoint returns the checkpoint of an Update interrupted on top of
// generation gen, or nil.
func loadCheckpoint(dir, root string, gen int64) *manifest {
	cp, err := loadManifestAs(dir, checkpointName, root)
	if err != nil || cp.Gen != gen {
		os.Remove(filepath.Join(dir, checkpointName))
		return nil
	}
	return cp
}

// loadManifestAs reads the manifest dir/name; a missing file is an error
// that wraps fs.ErrNotExist.
func loadManifestAs(dir, name, root string) (*manifest, error) {
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return nil, fmt.Errorf("index: read manifest: %w", err)
	}
	m, err := decodeManifestString(unsafe.String(unsafe.SliceData(data), len(data))) // data is never written again
	if err != nil {
		return nil, fmt.Errorf("%w: decode: %v", errStale, err)
	}
	switch {
	case m.Version != FormatVersion:
		return nil, fmt.Errorf("%w: format version %d, want %d", errStale, m.Version, FormatVersion)
	case m.Root != root:
		return nil, fmt.Errorf("%w: built for %s", errStale, m.Root)
	}
	return m, nil
}

// save writes the manifest atomically.
func (m *manifest) save(dir string) error { return m.saveAs(dir, manifestName) }

// saveAs writes the manifest atomically as dir/name.
func (m *manifest) saveAs(dir, name string) error {
	tmp, err := os.CreateTemp(dir, name+".*")
	if err != nil {
		return fmt.Errorf("index: write manifest: %w", err)
	}
	_, err = tmp.Write(encodeManifest(make([]byte, 0, 64+100*len(m.Files)), m))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("index: write manifest: %w", err)
	}
	return nil
}

// clone copies the manifest deeply enough for an Update to change entries
// while readers keep the old ones.
func (m *manifest) clone() *manifest {
	c := *m
	c.Files = make(map[string]*fileEntry, len(m.Files))
	for k, v := range m.Files {
		c.Files[k] = v
	}
	return &c
}

// blockCount is how many block documents the index should hold.
func (m *manifest) blockCount() uint64 {
	var n uint64
	for _, e := range m.Files {
		if e.Skip == "" {
			n += uint64(e.NBlocks)
		}
	}
	return n
}

// manifestStamp identifies the manifest file on disk (size and mtime), so
// an Update can tell whether another process wrote it since; "" if absent.
func manifestStamp(dir string) string {
	st, err := os.Stat(filepath.Join(dir, manifestName))
	if err != nil {
		return ""
	}
	return statStamp(st)
}

// statStamp names a file's state as a stamp compares it: its size and
// modification time.
func statStamp(st fs.FileInfo) string {
	return fmt.Sprintf("%d:%d", st.Size(), st.ModTime().UnixNano())
}

// manifestTime is when the manifest was last written, zero if absent.
func manifestTime(dir string) time.Time {
	st, err := os.Stat(filepath.Join(dir, manifestName))
	if err != nil {
		return time.Time{}
	}
	return st.ModTime()
}
