//go:build linux

package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"

	"golang.org/x/sys/unix"
)

// treeStats: lstatAt reads every field of a work tree's stat data that
// git's index records and WorkTree compares.
const treeStats = true

// dirBufSize is the getdents buffer: one call lists about 400 entries.
const dirBufSize = 16 << 10

// direntGuess is the typical size of a linux_dirent64 record (19 bytes and
// a short name, padded to 8), to size a directory's entries up front.
const direntGuess = 40

// readDir lists a directory with getdents(2) and lstat's its regular files
// with fstatat(2) relative to the directory's descriptor. The freshness
// walk of every pack is one lstat per file; through os.ReadDir and
// DirEntry.Info each of them resolved the whole path from the root again
// and every entry cost an os.DirEntry. Entries come in directory order.
func readDir(abs, prefix string, buf []byte) ([]dirEntry, error) {
	fd, err := unix.Open(abs, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: abs, Err: err}
	}
	defer unix.Close(fd)
	var entries []dirEntry
	for {
		n, err := unix.Getdents(fd, buf)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "getdents", Path: abs, Err: err}
		}
		if n <= 0 {
			break
		}
		if entries == nil {
			entries = make([]dirEntry, 0, n/direntGuess+1)
		}
		if entries, err = appendDirents(entries, prefix, buf[:n]); err != nil {
			return nil, fmt.Errorf("index: read %s: %w", abs, err)
		}
	}
	for i := range entries {
		lstatAt(fd, &entries[i])
	}
	return entries, nil
}

// lstatAt fills in a regular file's or a link's own stat data (a link is
// never followed: git records the link's), and the type of an entry the
// file system did not type.
func lstatAt(dirfd int, e *dirEntry) {
	if e.mode != 0 && !e.mode.IsRegular() && e.mode&fs.ModeSymlink == 0 {
		return
	}
	var st unix.Stat_t
	err := unix.Fstatat(dirfd, e.name, &st, unix.AT_SYMLINK_NOFOLLOW)
	for errors.Is(err, unix.EINTR) {
		err = unix.Fstatat(dirfd, e.name, &st, unix.AT_SYMLINK_NOFOLLOW)
	}
	if err != nil {
		e.mode, e.vanished = 0, true // DT_UNKNOWN or not: treated as a regular file gone
		return
	}
	if e.mode == 0 {
		e.mode = statType(st.Mode)
	}
	e.size, e.mtime, e.ctime = st.Size, st.Mtim.Nano(), st.Ctim.Nano()
	e.ino, e.exec = st.Ino, st.Mode&0o100 != 0
}

var errBadDirent = errors.New("malformed directory entry")

// appendDirents parses linux_dirent64 records: inode (8 bytes), offset
// (8), record length (2), type (1), then the NUL-terminated name. An
// entry's name is the tail of its relative path (one allocation).
func appendDirents(out []dirEntry, prefix string, buf []byte) ([]dirEntry, error) {
	const nameOff = 19
	for len(buf) > 0 {
		if len(buf) < nameOff {
			return out, errBadDirent
		}
		reclen := int(binary.NativeEndian.Uint16(buf[16:18]))
		if reclen < nameOff || reclen > len(buf) {
			return out, errBadDirent
		}
		typ, name := buf[18], buf[nameOff:reclen]
		buf = buf[reclen:]
		for i, c := range name {
			if c == 0 {
				name = name[:i]
				break
			}
		}
		if string(name) == "." || string(name) == ".." || len(name) == 0 {
			continue
		}
		rel := prefix + string(name)
		out = append(out, dirEntry{rel: rel, name: rel[len(prefix):], mode: direntType(typ)})
	}
	return out, nil
}

// direntType maps d_type to file mode type bits; 0 is DT_UNKNOWN and
// DT_REG (lstatAt resolves both).
func direntType(t byte) fs.FileMode {
	switch t {
	case unix.DT_REG, unix.DT_UNKNOWN:
		return 0
	case unix.DT_DIR:
		return fs.ModeDir
	case unix.DT_LNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}

func statType(m uint32) fs.FileMode {
	switch m & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFLNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}
