package index

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func sampleManifest() *manifest {
	m := newManifest("/home/a/repo")
	m.Gen, m.StoreSize, m.CommitsHead, m.CommitsCount = 7, 1<<33, "0123abcd", 42
	m.Files["cart/cart.go"] = &fileEntry{Size: 1200, Mtime: 1700000000123456789, Hash: "h1", NBlocks: 3, Off: 0, Len: 500, Lang: "go", Clean: math.MaxUint64}
	m.Files["README.md"] = &fileEntry{Size: 10, Mtime: -1, Hash: "h2", NBlocks: 1, Off: 500, Len: 9, Lang: "markdown"}
	m.Files["img/logo.png"] = &fileEntry{Size: 99, Mtime: 5, Skip: SkipBinary}
	m.Files["ünïcode/ファイル.txt"] = &fileEntry{Size: 0, Mtime: 0, Hash: ""}
	return m
}

// The encoding gives back what was saved, field by field, and the same
// bytes for the same manifest whatever the map's order.
func TestManifestCodecRoundTrip(t *testing.T) {
	m := sampleManifest()
	data := encodeManifest(nil, m)
	got, err := decodeManifestString(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, m)
	}
	for k, e := range m.Files {
		if *got.Files[k] != *e {
			t.Errorf("%s: got %+v, want %+v", k, *got.Files[k], *e)
		}
	}
	if again := encodeManifest(nil, got); !bytes.Equal(again, data) {
		t.Error("the same manifest encoded to other bytes")
	}
	empty, err := decodeManifestString(string(encodeManifest(nil, newManifest("/r"))))
	if err != nil || empty.Files == nil || len(empty.Files) != 0 || empty.Root != "/r" {
		t.Fatalf("empty manifest: %+v, %v", empty, err)
	}
}

// Bytes that are not a whole manifest (cut anywhere, a byte changed, a
// count that lies) are an error, never a panic or a huge allocation.
func TestManifestCodecRejectsDamage(t *testing.T) {
	data := encodeManifest(nil, sampleManifest())
	for n := range len(data) {
		if _, err := decodeManifestString(string(data[:n])); !errors.Is(err, errManifest) {
			t.Fatalf("cut at %d of %d: err %v", n, len(data), err)
		}
	}
	if _, err := decodeManifestString(string(data) + "x"); !errors.Is(err, errManifest) {
		t.Fatalf("trailing byte: %v", err)
	}
	for i := len(manifestMagic); i < len(data); i++ {
		for _, c := range []byte{0x00, 0x7f, 0x80, 0xff} {
			bad := bytes.Clone(data)
			bad[i] = c
			decodeManifestString(string(bad)) // must not panic
		}
	}
	liar := append([]byte(manifestMagic), 16, 0, 0, 0, 0, 0)
	liar = append(liar, 0xff, 0xff, 0xff, 0xff, 0x07) // 2^31-1 files in no bytes
	if _, err := decodeManifestString(string(liar)); !errors.Is(err, errManifest) {
		t.Fatalf("lying count: %v", err)
	}
}

func FuzzManifestCodec(f *testing.F) {
	f.Add(encodeManifest(nil, sampleManifest()))
	f.Add([]byte(manifestMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeManifestString(string(data))
		if err != nil {
			return
		}
		again, err := decodeManifestString(string(encodeManifest(nil, m)))
		if err != nil || !reflect.DeepEqual(again, m) {
			t.Fatalf("a decoded manifest did not survive its own encoding: %v", err)
		}
	})
}

// An index written by loupe before this encoding (manifest.gob) is
// rebuilt, and the rebuild leaves no gob file behind.
func TestLegacyManifestRebuilds(t *testing.T) {
	root, ix, first := build(t, fixture)
	dir := ix.dir
	must(t, ix.Close())
	must(t, os.Rename(filepath.Join(dir, manifestName), filepath.Join(dir, legacyManifestName)))
	must(t, os.WriteFile(filepath.Join(dir, legacyCheckpointName), []byte("old"), 0o600))
	if _, err := loadManifest(dir, root); !errors.Is(err, errStale) {
		t.Fatalf("legacy manifest: %v, want errStale", err)
	}
	opts := testOptions(t)
	opts.IndexDir = dir
	ix2, err := Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix2.Close()
	st, err := ix2.Update(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Added != first.Added || st.Added == 0 {
		t.Fatalf("update after a legacy manifest: %+v, want every file added again", st)
	}
	for _, name := range []string{legacyManifestName, legacyCheckpointName} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s left after the rebuild", name)
		}
	}
}
