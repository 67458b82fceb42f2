//go:build unix

package diagnostics

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the shell and its children in their own group and
// kills the whole group on cancel, so `go vet` started by sh dies too.
func setProcessGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error {
		if c.Process == nil {
			return nil
		}
		return syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}
