package gitindex

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// git runs the git on this machine in dir with an environment of its own:
// no user or system configuration, no GIT_* variable from the caller.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := runGit(t, dir, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// runGit is git for a command that may fail.
func runGit(t testing.TB, dir string, args ...string) (string, error) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on this machine")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

func gitEnv(t testing.TB) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "HOME=") {
			env = append(env, kv)
		}
	}
	return append(env,
		"HOME="+t.TempDir(),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL="+os.DevNull,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"LC_ALL=C",
	)
}

// newRepo makes a repository in a temporary directory; extra are
// arguments to git init.
func newRepo(t testing.TB, extra ...string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, append([]string{"init", "-q", "-b", "main"}, extra...)...)
	return dir
}

func write(t testing.TB, dir, name, content string, perm os.FileMode) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
}

func readIndex(t testing.TB, dir string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// lsEntry is one entry as `git ls-files --stage --debug` prints it.
type lsEntry struct {
	path               string
	mode               uint32
	stage              int
	ctime, mtime       [2]uint32
	dev, ino, uid, gid uint32
	size               uint32
	flags              uint32 // git's in-memory ce_flags
}

// lsFiles lists the index of the repository at dir as git reads it.
func lsFiles(t testing.TB, dir string) []lsEntry {
	t.Helper()
	out := git(t, dir, "ls-files", "-z", "--stage", "--debug")
	r := bufio.NewReader(strings.NewReader(out))
	var list []lsEntry
	for {
		head, err := r.ReadString(0)
		if head == "" && err != nil {
			return list
		}
		// "<mode> <object> <stage>\t<path>\0", then five debug lines.
		meta, path, ok := strings.Cut(strings.TrimSuffix(head, "\x00"), "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			t.Fatalf("ls-files: bad line %q", head)
		}
		e := lsEntry{path: path, mode: uint32(num(t, f[0], 8)), stage: int(num(t, f[2], 10))}
		vals := map[string]string{}
		for range 5 {
			line, _ := r.ReadString('\n')
			for _, field := range strings.Split(strings.TrimSpace(line), "\t") {
				k, v, _ := strings.Cut(field, ": ")
				vals[k] = v
			}
		}
		e.ctime = nsec(t, vals["ctime"])
		e.mtime = nsec(t, vals["mtime"])
		e.dev, e.ino = uint32(num(t, vals["dev"], 10)), uint32(num(t, vals["ino"], 10))
		e.uid, e.gid = uint32(num(t, vals["uid"], 10)), uint32(num(t, vals["gid"], 10))
		e.size, e.flags = uint32(num(t, vals["size"], 10)), uint32(num(t, vals["flags"], 16))
		list = append(list, e)
	}
}

func num(t testing.TB, s string, base int) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(s, base, 32)
	if err != nil {
		t.Fatalf("ls-files: %q: %v", s, err)
	}
	return n
}

func nsec(t testing.TB, s string) [2]uint32 {
	sec, ns, _ := strings.Cut(s, ":")
	return [2]uint32{uint32(num(t, sec, 10)), uint32(num(t, ns, 10))}
}

// In-memory flag bits git prints with --debug.
const (
	ceValid        = 0x8000
	ceSkipWorktree = 1 << 30
	ceIntentToAdd  = 1 << 29
)

// compareWithGit checks every field Parse gives against what git prints
// for the same index, over all entries.
func compareWithGit(t *testing.T, idx *Index, ls []lsEntry) {
	t.Helper()
	var want []Entry
	var unmerged []string
	for _, l := range ls {
		if l.stage != (int(l.flags)>>12)&3 {
			t.Fatalf("%s: stage %d but flags %#x", l.path, l.stage, l.flags)
		}
		if l.stage != 0 {
			if len(unmerged) == 0 || unmerged[len(unmerged)-1] != l.path {
				unmerged = append(unmerged, l.path)
			}
			continue
		}
		want = append(want, Entry{
			Path: l.path, Mode: l.mode, Size: l.size,
			MtimeSec: l.mtime[0], MtimeNsec: l.mtime[1],
			CtimeSec: l.ctime[0], CtimeNsec: l.ctime[1],
			Ino:          l.ino,
			AssumeValid:  l.flags&ceValid != 0,
			SkipWorktree: l.flags&ceSkipWorktree != 0,
			IntentToAdd:  l.flags&ceIntentToAdd != 0,
		})
	}
	if len(idx.Entries) != len(want) {
		t.Fatalf("parsed %d stage-0 entries, git lists %d", len(idx.Entries), len(want))
	}
	for i := range want {
		if idx.Entries[i] != want[i] {
			t.Errorf("entry %d:\n parsed %+v\n git    %+v", i, short80(idx.Entries[i]), short80(want[i]))
		}
	}
	if strings.Join(idx.Unmerged, "\x00") != strings.Join(unmerged, "\x00") {
		t.Errorf("unmerged: parsed %q, git %q", idx.Unmerged, unmerged)
	}
}

func short80(e Entry) Entry {
	e.Path = e.Path[:min(80, len(e.Path))]
	return e
}

// rawEntry is an entry for encode, which writes an index file the way git
// does; TestEncoderMatchesGit checks git reads it as Parse does.
type rawEntry struct {
	path                     string
	mode                     uint32
	stage                    int
	assumeValid              bool
	ext                      uint16 // the second flags word, written when non-zero
	ctime, mtime             [2]uint32
	dev, ino, uid, gid, size uint32
}

// encode writes an index of version v with hashSize-byte object names,
// then the extensions (whole, with their 8-byte headers) and a checksum.
func encode(v, hashSize int, ents []rawEntry, exts ...[]byte) []byte {
	be := binary.BigEndian
	b := []byte("DIRC")
	b = be.AppendUint32(b, uint32(v))
	b = be.AppendUint32(b, uint32(len(ents)))
	prev := ""
	for _, e := range ents {
		start := len(b)
		for _, x := range []uint32{e.ctime[0], e.ctime[1], e.mtime[0], e.mtime[1], e.dev, e.ino, e.mode, e.uid, e.gid, e.size} {
			b = be.AppendUint32(b, x)
		}
		b = append(b, bytes.Repeat([]byte{0xab}, hashSize)...)
		flags := uint16(min(len(e.path), nameMask)) | uint16(e.stage)<<12
		if e.assumeValid {
			flags |= 0x8000
		}
		if e.ext != 0 {
			flags |= 0x4000
		}
		b = be.AppendUint16(b, flags)
		if e.ext != 0 {
			b = be.AppendUint16(b, e.ext)
		}
		if v == 4 {
			common := 0
			for common < len(prev) && common < len(e.path) && prev[common] == e.path[common] {
				common++
			}
			b = appendVarint(b, uint64(len(prev)-common))
			b = append(append(b, e.path[common:]...), 0)
		} else {
			b = append(b, e.path...)
			b = append(b, make([]byte, 8-(len(b)-start)%8)...)
		}
		prev = e.path
	}
	for _, x := range exts {
		b = append(b, x...)
	}
	if hashSize == 32 {
		sum := sha256.Sum256(b)
		return append(b, sum[:]...)
	}
	sum := sha1.Sum(b)
	return append(b, sum[:]...)
}

// appendVarint is git's encode_varint (varint.c).
func appendVarint(b []byte, v uint64) []byte {
	var buf [16]byte
	pos := len(buf) - 1
	buf[pos] = byte(v & 127)
	for v >>= 7; v != 0; v >>= 7 {
		v--
		pos--
		buf[pos] = 128 | byte(v&127)
	}
	return append(b, buf[pos:]...)
}

func ext(sig string, data []byte) []byte {
	b := append([]byte(sig), binary.BigEndian.AppendUint32(nil, uint32(len(data)))...)
	return append(b, data...)
}

// withExtension inserts an extension just before the checksum of a real index.
func withExtension(data []byte, hashSize int, e []byte) []byte {
	end := len(data) - hashSize
	out := append([]byte{}, data[:end]...)
	out = append(out, e...)
	return append(out, data[end:]...)
}
