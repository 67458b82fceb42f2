//go:build !unix

package inroot

import "os"

// openFlags: only Unix has FIFOs that block an open.
const openFlags = os.O_RDONLY
