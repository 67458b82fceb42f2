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

// longPath is a path of n bytes made of directories under 255 bytes each,
// as a file system would allow.
func longPath(prefix string, n int) string {
	var b strings.Builder
	b.WriteString(prefix)
	for b.Len() < n {
		if n-b.Len() == 1 { // no trailing '/'
			b.WriteByte('d')
			break
		}
		b.WriteString("/" + strings.Repeat("d", min(200, n-b.Len()-1)))
	}
	return b.String()
}

// kitchenSink makes a committed repository with regular, executable and
// symlinked files, nested and oddly named paths, names of 0xFFF bytes and
// more (through the index only: no file system takes such a path), and a
// gitlink.
func kitchenSink(t *testing.T, extra ...string) string {
	dir := newRepo(t, extra...)
	write(t, dir, "a", "a\n", 0o644)
	write(t, dir, "bin/run.sh", "#!/bin/sh\n", 0o755)
	write(t, dir, "src/pkg/deep/file.go", "package deep\n", 0o644)
	write(t, dir, "src/pkg/deep/file_test.go", "package deep\n", 0o644)
	write(t, dir, "with space/ü.txt", "x", 0o644)
	write(t, dir, strings.Repeat("n", 250)+"/"+strings.Repeat("m", 250), "long", 0o644)
	if err := os.Symlink("a", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "one")
	head := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
	blob := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD:a"))
	git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+head+",sub")
	for _, n := range []int{0xFFE, 0xFFF, 0x1000, 4222} {
		git(t, dir, "update-index", "--add", "--cacheinfo", "100644,"+blob+","+longPath("long", n))
	}
	return dir
}

func parseReal(t *testing.T, dir string, wantVersion int) *Index {
	t.Helper()
	data := readIndex(t, dir)
	idx, err := ParseAny(data)
	if err != nil {
		t.Fatal(err)
	}
	if idx.Version != wantVersion {
		t.Fatalf("version %d, want %d", idx.Version, wantVersion)
	}
	compareWithGit(t, idx, lsFiles(t, dir))
	return idx
}

func TestVersionsMatchGit(t *testing.T) {
	dir := kitchenSink(t)
	// Git writes version 3 only when an entry has extended flags (asked
	// for 3 without, it writes 2): TestFlagsMatchGit covers it.
	for _, v := range []int{2, 4} {
		t.Run(fmt.Sprint("v", v), func(t *testing.T) {
			git(t, dir, "update-index", "--index-version", fmt.Sprint(v))
			idx := parseReal(t, dir, v)
			modes := map[uint32]bool{}
			longest := 0
			for _, e := range idx.Entries {
				modes[e.Mode] = true
				longest = max(longest, len(e.Path))
			}
			for _, m := range []uint32{0o100644, 0o100755, 0o120000, 0o160000} {
				if !modes[m] {
					t.Errorf("no entry of mode %#o: the test lost its coverage", m)
				}
			}
			if longest != 4222 || len(idx.Entries) != 12 {
				t.Errorf("%d entries, longest path %d", len(idx.Entries), longest)
			}
		})
	}
}

func TestFlagsMatchGit(t *testing.T) {
	dir := kitchenSink(t)
	write(t, dir, "new.txt", "new", 0o644)
	git(t, dir, "update-index", "--assume-unchanged", "a")
	git(t, dir, "update-index", "--skip-worktree", "bin/run.sh")
	git(t, dir, "add", "-N", "new.txt")
	for _, v := range []int{3, 4} { // extended flags need version 3 at least
		t.Run(fmt.Sprint("v", v), func(t *testing.T) {
			git(t, dir, "update-index", "--index-version", fmt.Sprint(v))
			idx := parseReal(t, dir, v)
			got := map[string]Entry{}
			for _, e := range idx.Entries {
				got[e.Path] = e
			}
			if e := got["a"]; !e.AssumeValid || e.SkipWorktree || e.IntentToAdd {
				t.Errorf("a: %+v", e)
			}
			if e := got["bin/run.sh"]; e.AssumeValid || !e.SkipWorktree || e.IntentToAdd {
				t.Errorf("bin/run.sh: %+v", e)
			}
			if e := got["new.txt"]; e.AssumeValid || e.SkipWorktree || !e.IntentToAdd {
				t.Errorf("new.txt: %+v", e)
			}
		})
	}
	git(t, dir, "update-index", "--index-version", "2")
	if v := readIndex(t, dir)[7]; v != 3 {
		t.Errorf("git wrote version %d with extended flags", v)
	}
}

func TestConflictMatchesGit(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, "b", "base\n", 0o644)
	write(t, dir, "c", "base\n", 0o644)
	write(t, dir, "d", "base\n", 0o644)
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "base")
	git(t, dir, "checkout", "-q", "-b", "other")
	write(t, dir, "c", "other\n", 0o644)
	write(t, dir, "b", "other\n", 0o644)
	git(t, dir, "commit", "-q", "-am", "other")
	git(t, dir, "checkout", "-q", "main")
	write(t, dir, "c", "main\n", 0o644)
	write(t, dir, "b", "main\n", 0o644)
	git(t, dir, "commit", "-q", "-am", "main")
	if _, err := runGit(t, dir, "merge", "-q", "other"); err == nil {
		t.Fatal("the merge did not conflict")
	}
	for _, v := range []int{2, 4} {
		git(t, dir, "update-index", "--index-version", fmt.Sprint(v))
		idx := parseReal(t, dir, v)
		if strings.Join(idx.Unmerged, ",") != "b,c" || len(idx.Entries) != 1 || idx.Entries[0].Path != "d" {
			t.Errorf("v%d: entries %+v, unmerged %q", v, idx.Entries, idx.Unmerged)
		}
	}
}

func TestSHA256MatchesGit(t *testing.T) {
	dir := kitchenSink(t, "--object-format=sha256")
	for _, v := range []int{2, 4} {
		git(t, dir, "update-index", "--index-version", fmt.Sprint(v))
		parseReal(t, dir, v)
		data := readIndex(t, dir)
		if _, err := Parse(data, 20); !errors.Is(err, ErrMalformed) {
			t.Errorf("v%d as SHA-1: %v", v, err)
		}
		if _, err := Parse(data, 32); err != nil {
			t.Errorf("v%d as SHA-256: %v", v, err)
		}
	}
}

func TestOptionalExtensions(t *testing.T) {
	dir := kitchenSink(t)
	git(t, dir, "-c", "core.untrackedCache=true", "-c", "index.recordEndOfIndexEntries=true", "status", "--porcelain")
	data := readIndex(t, dir)
	for _, sig := range []string{"TREE", "UNTR", "EOIE"} {
		if !bytes.Contains(data, []byte(sig)) {
			t.Errorf("git wrote no %s extension", sig)
		}
	}
	parseReal(t, dir, 2)
	// An optional extension this package has never heard of is skipped.
	if _, err := Parse(withExtension(data, 20, ext("ZZZZ", []byte("anything"))), 20); err != nil {
		t.Error(err)
	}
}

func TestUnsupported(t *testing.T) {
	t.Run("split", func(t *testing.T) {
		dir := kitchenSink(t)
		git(t, dir, "update-index", "--split-index")
		expectUnsupported(t, readIndex(t, dir))
		write(t, dir, "a", "changed\n", 0o644)
		git(t, dir, "add", "a")
		expectUnsupported(t, readIndex(t, dir))
	})
	t.Run("sparse", func(t *testing.T) {
		dir := kitchenSink(t)
		git(t, dir, "sparse-checkout", "set", "--cone", "--sparse-index", "src")
		data := readIndex(t, dir)
		expectUnsupported(t, data)
		// A directory entry alone says sparse, without the extension.
		i := bytes.LastIndex(data, []byte("sdir\x00\x00\x00\x00"))
		if i < 0 {
			t.Fatal("no sdir extension")
		}
		expectUnsupported(t, append(append([]byte{}, data[:i]...), data[i+8:]...))
	})
	t.Run("required extension", func(t *testing.T) {
		data := readIndex(t, kitchenSink(t))
		expectUnsupported(t, withExtension(data, 20, ext("abcd", nil)))
		expectUnsupported(t, withExtension(data, 20, ext("\x00ZZZ", nil)))
	})
}

func expectUnsupported(t *testing.T, data []byte) {
	t.Helper()
	if _, err := ParseAny(data); !errors.Is(err, ErrUnsupported) {
		t.Errorf("ParseAny: %v, want ErrUnsupported", err)
	}
}

func TestEmptyIndex(t *testing.T) {
	dir := newRepo(t)
	git(t, dir, "read-tree", "--empty")
	idx := parseReal(t, dir, 2)
	if len(idx.Entries)+len(idx.Unmerged) != 0 {
		t.Errorf("%+v", idx)
	}
}

// realIndexes are index files git wrote in several shapes.
func realIndexes(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	dir := newRepo(t)
	write(t, dir, "a", "a", 0o644)
	write(t, dir, "dir/b", "b", 0o755)
	write(t, dir, "dir/c", "c", 0o644)
	write(t, dir, "new", "n", 0o644)
	git(t, dir, "add", "a", "dir")
	git(t, dir, "commit", "-q", "-m", "one")
	git(t, dir, "add", "-N", "new")
	git(t, dir, "-c", "core.untrackedCache=true", "status", "--porcelain")
	for _, v := range []int{3, 4} {
		git(t, dir, "update-index", "--index-version", fmt.Sprint(v))
		out[fmt.Sprint("v", v)] = readIndex(t, dir)
	}
	dir = newRepo(t, "--object-format=sha256")
	write(t, dir, "a", "a", 0o644)
	git(t, dir, "add", "a")
	out["sha256"] = readIndex(t, dir)
	return out
}

// TestTruncationsFail cuts real index files at every byte. Only a cut
// exactly hashSize bytes past the end of the entries or of an extension
// can parse (the next bytes pass for a checksum, which is not verified),
// and then the entries, all there, must be the whole file's.
func TestTruncationsFail(t *testing.T) {
	for name, data := range realIndexes(t) {
		whole, err := ParseAny(data)
		if err != nil {
			t.Fatalf("%s whole: %v", name, err)
		}
		passed := 0
		for n := range len(data) {
			for _, h := range []int{20, 32} {
				idx, err := Parse(data[:n], h)
				if err != nil {
					continue
				}
				passed++
				if !sameIndex(idx, whole) {
					t.Fatalf("%s cut at %d of %d parses as hash size %d to %+v", name, n, len(data), h, idx)
				}
			}
		}
		if passed > 3 { // at most the end of the entries and of TREE, UNTR
			t.Errorf("%s: %d truncations parse", name, passed)
		}
	}
}

func sameIndex(a, b *Index) bool {
	return a.Version == b.Version && slices.Equal(a.Entries, b.Entries) && slices.Equal(a.Unmerged, b.Unmerged)
}

func TestStrayBytesBeforeChecksum(t *testing.T) {
	for name, data := range realIndexes(t) {
		h := 20
		if name == "sha256" {
			h = 32
		}
		for k := 1; k < 8; k++ {
			bad := withExtension(data, h, bytes.Repeat([]byte{'A'}, k))
			if _, err := Parse(bad, h); !errors.Is(err, ErrMalformed) {
				t.Errorf("%s with %d stray bytes: %v", name, k, err)
			}
			if _, err := Parse(append(data, make([]byte, k)...), h); !errors.Is(err, ErrMalformed) {
				t.Errorf("%s with %d bytes after the checksum: %v", name, k, err)
			}
		}
		// An extension claiming one byte more than there is.
		over := withExtension(data, h, ext("ZZZZ", nil))
		over[len(over)-h-1]++
		if _, err := Parse(over, h); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s with an overlong extension: %v", name, err)
		}
	}
}

func TestHugeCountFailsWithoutAllocating(t *testing.T) {
	for _, count := range []uint32{1 << 31, 1<<32 - 1, 16384} {
		data := append([]byte("DIRC\x00\x00\x00\x02"), byte(count>>24), byte(count>>16), byte(count>>8), byte(count))
		data = append(data, make([]byte, 1<<20)...) // room for 16383 entries, not one more
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Parse(data, 20)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrMalformed) {
			t.Errorf("count %d: %v", count, err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<16 {
			t.Errorf("count %d: allocated %d bytes", count, grew)
		}
	}
}

func TestRealPathsPatchedUnsafe(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, "xgit/config", "x", 0o644)
	write(t, dir, "a/xx/b", "x", 0o644)
	write(t, dir, "a/xx/c", "x", 0o644)
	git(t, dir, "add", ".")
	data := readIndex(t, dir)
	if _, err := Parse(data, 20); err != nil {
		t.Fatal(err)
	}
	for from, to := range map[string]string{"xgit/config": ".git/config", "a/xx/b": "a/../b", "a/xx/c": "a/./.c"} {
		bad := bytes.Replace(data, []byte(from+"\x00"), []byte(to+"\x00"), 1)
		if bytes.Equal(bad, data) {
			t.Fatalf("%s not found", from)
		}
		if _, err := Parse(bad, 20); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", to, err)
		}
	}
}

func TestReadFile(t *testing.T) {
	dir := kitchenSink(t)
	path := filepath.Join(dir, ".git", "index")
	idx, mtime, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	compareWithGit(t, idx, lsFiles(t, dir))
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !mtime.Equal(st.ModTime()) {
		t.Errorf("mtime %v, file says %v", mtime, st.ModTime())
	}
	if _, _, err := ReadFile(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if _, _, err := ReadFile(dir); err == nil {
		t.Error("a directory reads")
	}
	big := filepath.Join(t.TempDir(), "index")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(f.Truncate(MaxFileSize+1), f.Close()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadFile(big); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a file over MaxFileSize: %v", err)
	}
	link := filepath.Join(t.TempDir(), "index")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadFile(link); err == nil {
		t.Error("a symlink is followed")
	}
}
