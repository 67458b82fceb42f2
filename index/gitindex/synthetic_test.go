package gitindex

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// synthetic is an index's worth of entries in git's order: every mode,
// every flag, a conflict, names around 0xFFF bytes, and in version 4
// prefixes dropped by one-byte and two-byte varints.
func synthetic(extended bool) []rawEntry {
	var ents []rawEntry
	add := func(path string, mode uint32, stage int, ext uint16) {
		i := uint32(len(ents) + 1)
		if !extended {
			ext = 0
		}
		ents = append(ents, rawEntry{
			path: path, mode: mode, stage: stage, ext: ext, assumeValid: i%4 == 1,
			ctime: [2]uint32{1_700_000_000 + i, 100 + i}, mtime: [2]uint32{1_600_000_000 + i, 200 + i},
			dev: 300 + i, ino: 400 + i, uid: 500 + i, gid: 600 + i, size: 700 + i,
		})
	}
	add("a", 0o100644, 0, 0)
	add("b", 0o100644, 1, 0)
	add("b", 0o100644, 2, 0x4000)
	add("b", 0o100644, 3, 0)
	add("dir/x", 0o100755, 0, 0x4000)
	add("dir/y", 0o100644, 0, 0x2000)
	add(longPath("dir/z", 0xFFE), 0o100644, 0, 0)
	add(longPath("dir/z", 0xFFF), 0o100644, 0, 0x6000)
	add(longPath("dir/z", 0x1000), 0o100644, 0, 0)
	add(longPath("dir/z", 0x1000)+"/"+strings.Repeat("w", 130), 0o100644, 0, 0)
	add(longPath("dir/z", 0x1000)+"/x", 0o100644, 0, 0) // drops 130 bytes: two varint bytes
	add("e", 0o120000, 0, 0)
	add("f", 0o160000, 0, 0)
	return ents
}

// TestEncoderMatchesGit has git read the synthetic index encode writes:
// it shows that encode writes what git writes (so the tests built on it
// test the real format) and that Parse reads every field where git does.
func TestEncoderMatchesGit(t *testing.T) {
	dir := newRepo(t)
	for _, v := range []int{2, 3, 4} {
		t.Run(fmt.Sprint("v", v), func(t *testing.T) {
			ents := synthetic(v > 2)
			data := encode(v, 20, ents)
			if err := os.WriteFile(filepath.Join(dir, ".git", "index"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			idx, err := Parse(data, 20)
			if err != nil {
				t.Fatal(err)
			}
			ls := lsFiles(t, dir)
			compareWithGit(t, idx, ls)
			if len(ls) != len(ents) {
				t.Fatalf("git lists %d entries, encoded %d", len(ls), len(ents))
			}
			for i, l := range ls {
				e := ents[i]
				if l.dev != e.dev || l.uid != e.uid || l.gid != e.gid || l.stage != e.stage {
					t.Errorf("entry %d: git reads %+v", i, l)
				}
			}
			if strings.Join(idx.Unmerged, ",") != "b" || len(idx.Entries) != len(ents)-3 {
				t.Errorf("entries %d, unmerged %q", len(idx.Entries), idx.Unmerged)
			}
		})
	}
}

func TestStructure(t *testing.T) {
	one := func(v int, path string, mode uint32, ext uint16) []byte {
		return encode(v, 20, []rawEntry{{path: path, mode: mode, ext: ext}})
	}
	// In a one-entry file the flags are at 72 and the name at 74 (76 with
	// extended flags).
	abc := one(2, "abc", 0o100644, 0)
	set := func(b []byte, at int, v ...byte) []byte {
		b = bytes.Clone(b)
		copy(b[at:], v)
		return b
	}
	v4 := encode(4, 20, []rawEntry{{path: "abc", mode: 0o100644}, {path: "abd", mode: 0o100644}})
	const v4second = 12 + 62 + 1 + 4 // header, first entry: fixed part, varint, "abc\0"
	var stages []rawEntry
	for _, s := range []int{1, 3} {
		stages = append(stages, rawEntry{path: "a", mode: 0o100644, stage: s})
	}
	tests := []struct {
		name string
		data []byte
		want error // nil: parses
	}{
		{"one entry", abc, nil},
		{"padding not NUL", set(abc, 80, 1), ErrMalformed},
		{"name length too long", set(abc, 73, 4), ErrMalformed},
		{"name length too short", set(abc, 73, 2), ErrMalformed},
		{"long-name marker on a short name", set(abc, 72, 0x0F, 0xFF), ErrMalformed},
		{"extended flag in version 2", set(abc, 72, 0x40), ErrMalformed},
		{"extended flags in version 2", set(one(3, "abc", 0o100644, 0x4000), 7, 2), ErrMalformed},
		{"extended flags in version 3", one(3, "abc", 0o100644, 0x4000), nil},
		{"both extended flags", one(3, "abc", 0o100644, 0x6000), nil},
		{"unknown extended flag 0x1000", one(3, "abc", 0o100644, 0x1000), ErrMalformed},
		{"unknown extended flag 0x8000", one(3, "abc", 0o100644, 0xC000), ErrMalformed},
		{"version 4", v4, nil},
		{"v4 first entry drops", set(v4, 12+62, 1), ErrMalformed},
		{"v4 drops more than the previous path", set(v4, v4second+62, 4), ErrMalformed},
		{"v4 drops more than its flags say", set(v4, v4second+62, 3), ErrMalformed},
		{"v4 varint runs on", set(v4, v4second+62, 0x81), ErrMalformed},
		{"count too high", set(abc, 11, 2), ErrMalformed},
		{"count too low", set(abc, 11, 0), ErrMalformed},
		{"version 1", set(abc, 7, 1), ErrMalformed},
		{"version 5", set(abc, 7, 5), ErrMalformed},
		{"signature", set(abc, 0, 'X'), ErrMalformed},
		{"empty", nil, ErrMalformed},
		{"mode 100600", one(2, "abc", 0o100600, 0), ErrMalformed},
		{"mode 0", one(2, "abc", 0, 0), ErrMalformed},
		{"sparse directory entry", one(3, "dir/", 0o040000, 0x4000), ErrUnsupported},
		{"empty name", one(2, "", 0o100644, 0), ErrMalformed},
		{"empty name in a split index", encode(2, 20, []rawEntry{{mode: 0o100644}}, ext("link", make([]byte, 20))), ErrUnsupported},
		{"optional extension", encode(2, 20, nil, ext("ABCD", []byte("x"))), nil},
		{"sdir extension", encode(2, 20, nil, ext("sdir", nil)), ErrUnsupported},
		{"stages in order", encode(2, 20, stages), nil},
		{"stages reversed", encode(2, 20, []rawEntry{stages[1], stages[0]}), ErrMalformed},
		{"stage repeated", encode(2, 20, []rawEntry{stages[0], stages[0]}), ErrMalformed},
		{"stage 0 and a conflict", encode(2, 20, []rawEntry{{path: "a", mode: 0o100644}, stages[0]}), ErrMalformed},
		{"path repeated", encode(2, 20, []rawEntry{{path: "a", mode: 0o100644}, {path: "a", mode: 0o100644}}), ErrMalformed},
		{"paths unsorted", encode(2, 20, []rawEntry{{path: "b", mode: 0o100644}, {path: "a", mode: 0o100644}}), ErrMalformed},
	}
	for _, tc := range tests {
		_, err := Parse(tc.data, 20)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := Parse(abc, 0); err == nil {
		t.Error("hash size 0 parses")
	}
}

func TestPaths(t *testing.T) {
	bad := []string{".git/config", ".GIT/config", ".Git", "sub/.git/hooks/x", "a/../b", "..", ".", "a/./b", "../a", "a/..",
		"/a", "a/", "a//b", "/"}
	good := []string{".gitignore", "a/.github/x", "..a", "a..", "...", ".git-x", "a/b.git", "a b/ü"}
	for _, v := range []int{2, 3, 4} {
		for _, p := range append(bad, good...) {
			var ext uint16
			if v > 2 {
				ext = 0x4000
			}
			data := encode(v, 20, []rawEntry{{path: "!", mode: 0o100644}, {path: p, mode: 0o100644, ext: ext}})
			idx, err := Parse(data, 20)
			if isBad := slices.Contains(bad, p); isBad != errors.Is(err, ErrMalformed) {
				t.Errorf("v%d %q: %v", v, p, err)
			} else if !isBad && (err != nil || idx.Entries[1].Path != p) {
				t.Errorf("v%d %q: %v %+v", v, p, err, idx)
			}
		}
	}
}

// TestPrefixBomb: version-4 entries of a few bytes each may repeat a long
// prefix; what the paths add up to is bounded by the file's size.
func TestPrefixBomb(t *testing.T) {
	bomb := func(n int) []byte {
		first := longPath("p", 64<<10)
		var ents []rawEntry
		for i := range n {
			ents = append(ents, rawEntry{path: first + strings.Repeat("a", i), mode: 0o100644})
		}
		return encode(4, 20, ents)
	}
	if _, err := Parse(bomb(10), 20); err != nil {
		t.Fatalf("ten long paths: %v", err)
	}
	data := bomb(100)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Parse(data, 20)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrUnsupported) {
		t.Errorf("a hundred long paths from %d bytes: %v", len(data), err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 80*uint64(len(data)) {
		t.Errorf("%d bytes allocated for a %d-byte file", grew, len(data))
	}
}

func FuzzParse(f *testing.F) {
	for _, data := range realIndexes(f) {
		f.Add(data)
	}
	for v := 2; v <= 4; v++ {
		f.Add(encode(v, 20, synthetic(v > 2)))
		f.Add(encode(v, 32, synthetic(v > 2)[:5]))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, h := range []int{20, 32, 0} {
			var idx *Index
			var err error
			if h == 0 {
				idx, err = ParseAny(data)
			} else {
				idx, err = Parse(data, h)
			}
			if err != nil {
				if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrUnsupported) {
					t.Fatalf("hash size %d: an error that is neither: %v", h, err)
				}
				continue
			}
			checkSane(t, idx)
		}
	})
}

// checkSane is what a caller may rely on after a successful parse, checked
// independently of the parser's own rules.
func checkSane(t *testing.T, idx *Index) {
	if idx.Version < 2 || idx.Version > 4 {
		t.Fatalf("version %d", idx.Version)
	}
	all := append([]string{}, idx.Unmerged...)
	prev := ""
	for _, e := range idx.Entries {
		if e.Path <= prev {
			t.Fatalf("%q after %q", e.Path, prev)
		}
		prev = e.Path
		all = append(all, e.Path)
		switch e.Mode {
		case 0o100644, 0o100755, 0o120000, 0o160000:
		default:
			t.Fatalf("mode %#o", e.Mode)
		}
	}
	for _, p := range all {
		for _, c := range strings.Split(p, "/") {
			if c == "" || c == "." || c == ".." || strings.ToLower(c) == ".git" || strings.ContainsRune(c, 0) {
				t.Fatalf("unsafe path %q", p)
			}
		}
	}
}
