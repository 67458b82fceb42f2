//go:build !unix

package gitrun

// ownDir says no where ownership is not a uid: Head asks git.
func ownDir(string) bool { return false }
