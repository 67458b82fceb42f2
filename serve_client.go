//go:build linux

package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/sys/unix"

	"github.com/loupe-dev/loupe/index"
)

// serverWait bounds a pack answered by a server: its first refresh after a
// large change (a branch switch) may take seconds, but a server that hangs
// must not hang the pack.
const serverWait = 5 * time.Minute

// askServer asks the server of root's index directory (loupe serve) for
// the pack, and reports false when there is none or it cannot answer this
// request exactly: the caller then packs on its own. Nothing in it is
// fatal, since the pack can always be made without the server; an error
// the server met while packing is the pack's error.
func askServer(root, indexDirFlag string, cfg Config, req serveRequest) (serveReply, bool) {
	if serveRefuses(cfg) != "" {
		return serveReply{}, false
	}
	opts, err := indexOptions(root, indexDirFlag, cfg)
	if err != nil {
		return serveReply{}, false
	}
	real, dir, err := index.Locate(root, opts)
	if err != nil {
		return serveReply{}, false
	}
	sock := filepath.Join(dir, socketName)
	if !ownSocket(sock) {
		return serveReply{}, false // no server: the usual case
	}
	c, err := net.DialTimeout("unix", sock, time.Second)
	if err != nil {
		return serveReply{}, false // no server: the usual case
	}
	defer c.Close()
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return serveReply{}, false
	}
	if uid, ok := peerUID(uc); !ok || uid != os.Getuid() {
		return serveReply{}, false // not the person's own process
	}
	req.Proto, req.Binary, req.Root, req.Config = serveProto, binaryID(), real, cfg
	uc.SetDeadline(time.Now().Add(serverWait))
	if err := writeMessage(uc, req); err != nil {
		return serveReply{}, false
	}
	var reply serveReply
	if err := readMessage(uc, &reply); err != nil || reply.Mismatch != "" {
		return serveReply{}, false
	}
	return reply, true
}

// ownSocket reports whether sock is a socket of the person's own, itself
// and not through a link: an index directory inside a repository could
// hold a link to another program's socket, which must never be written.
func ownSocket(sock string) bool {
	var st unix.Stat_t
	if err := unix.Lstat(sock, &st); err != nil {
		return false
	}
	return st.Mode&unix.S_IFMT == unix.S_IFSOCK && int(st.Uid) == os.Getuid()
}

// peerUID is the user id of the process at the other end of c.
func peerUID(c *net.UnixConn) (int, bool) {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0, false
	}
	var cred *unix.Ucred
	var cerr error
	if err := raw.Control(func(fd uintptr) {
		cred, cerr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil || cerr != nil {
		return 0, false
	}
	return int(cred.Uid), true
}

// binaryID names the running executable by its file's identity (device,
// inode, size, modification time): a server answers only a client of the
// same build, whose pack it would print byte for byte. "" when unknown.
func binaryID() string {
	var st unix.Stat_t
	if err := unix.Stat("/proc/self/exe", &st); err != nil {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%s", st.Dev, st.Ino, st.Size, strconv.FormatInt(st.Mtim.Nano(), 10))
}
