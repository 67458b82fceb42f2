//go:build unix

package inroot

import (
	"os"
	"syscall"
)

// openFlags opens for reading without waiting on a FIFO's writer.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK
