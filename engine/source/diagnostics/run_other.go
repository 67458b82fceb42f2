//go:build !unix

package diagnostics

import "os/exec"

// setProcessGroup: without process groups only the shell is killed.
func setProcessGroup(*exec.Cmd) {}
