package changes

import (
	"context"

	"github.com/loupe-dev/loupe/index"
)

// WalkOf is walkOf for the package's external tests.
var WalkOf = walkOf

// WalkStandsForGit reports whether tree answers for git's own walks of
// root (walkedView): without it a test that compares the two paths would
// compare git with itself.
func WalkStandsForGit(root string, tree index.WorkTree) bool {
	_, ok := walkedView(context.Background(), func(context.Context) (index.WorkTree, bool) { return tree, true },
		func() (gitIndex, error) { return readGitIndex(root) })
	return ok
}
