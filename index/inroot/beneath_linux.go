//go:build linux

package inroot

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// openat2's RESOLVE_BENEATH has the kernel resolve a whole path below a
// directory in one call and refuse what os.Root refuses: a ".." or a
// symbolic link that leaves the directory, an absolute link, /proc's
// magic links. os.Root, which has no such call to lean on, opens and
// closes every directory on the way itself: opening net/http/server.go
// took the root and its stat, two directories and their closes, then the
// file (strace), where openat2 needs the root, the file and the root's
// close; a stat through os.Root walks the same way again. Links inside
// the root are followed by both.
//
// The fast path only ever answers with a file it opened, or with "does
// not exist"; anything else it meets (a refusal, a kernel without
// openat2, a seccomp filter, a rename racing the walk) goes to os.Root,
// whose answer is the answer.
const beneath = unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS

// pathOnly opens for a stat: no read is allowed, and no FIFO blocks.
const pathOnly = unix.O_PATH

// noOpenat2 is set once the call itself is refused (a kernel before 5.6,
// or a seccomp filter), so that the refusal is paid once per process.
var noOpenat2 atomic.Bool

// openBeneath opens rel (relative, cleaned) below root with flags. ok is
// false when the caller must ask os.Root instead; err is only ever a
// not-exist error.
func openBeneath(root, rel string, flags int) (f *os.File, ok bool, err error) {
	if noOpenat2.Load() {
		return nil, false, nil
	}
	dir, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, false, nil
	}
	defer unix.Close(dir)
	how := unix.OpenHow{Flags: uint64(flags | unix.O_CLOEXEC | unix.O_NOCTTY), Resolve: beneath}
	fd, err := unix.Openat2(dir, rel, &how)
	switch {
	case err == nil:
		return os.NewFile(uintptr(fd), filepath.Join(root, rel)), true, nil
	case errors.Is(err, unix.ENOENT):
		return nil, true, &fs.PathError{Op: "openat2", Path: rel, Err: err}
	case errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EPERM):
		noOpenat2.Store(true)
	}
	return nil, false, nil
}
