//go:build !linux

package index

import "os"

// treeStats: the portable walk reads no ctime or inode, so WorkTree
// cannot stand for git's view of the tree here.
const treeStats = false

// dirBufSize is unused without getdents: os.ReadDir has its own buffer.
const dirBufSize = 0

// readDir lists a directory with os.ReadDir and lstat's its regular files
// (the portable path; Linux reads and stats relative to the directory).
func readDir(abs, prefix string, _ []byte) ([]dirEntry, error) {
	des, err := os.ReadDir(abs)
	if err != nil {
		return nil, err
	}
	entries := make([]dirEntry, 0, len(des))
	for _, de := range des {
		e := dirEntry{rel: prefix + de.Name(), name: de.Name(), mode: de.Type()}
		if e.mode.IsRegular() {
			if info, err := de.Info(); err != nil {
				e.vanished = true
			} else {
				e.size, e.mtime = info.Size(), info.ModTime().UnixNano()
			}
		}
		entries = append(entries, e)
	}
	return entries, nil
}
