package index

import "github.com/loupe-dev/loupe/index/gitrun"

// MaybeInWorkTree reports whether git could find a repository for dir (see
// gitrun.MaybeInWorkTree).
func MaybeInWorkTree(dir string) bool { return gitrun.MaybeInWorkTree(dir) }
