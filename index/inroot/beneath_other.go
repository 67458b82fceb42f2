//go:build !linux

package inroot

import "os"

// pathOnly: unused where openBeneath never opens.
const pathOnly = 0

// openBeneath: only Linux resolves a path below a directory in one call
// (openat2); elsewhere every open goes through os.Root.
func openBeneath(root, rel string, flags int) (*os.File, bool, error) {
	return nil, false, nil
}
