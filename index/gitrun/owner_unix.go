//go:build unix

package gitrun

import (
	"os"
	"syscall"
)

// ownDir reports whether this process's user owns the directory p: git
// refuses a repository someone else owns (safe.directory), and so must
// Head's shortcut.
func ownDir(p string) bool {
	st, err := os.Stat(p)
	if err != nil || !st.IsDir() {
		return false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) == os.Geteuid()
}
