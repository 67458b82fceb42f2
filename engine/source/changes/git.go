package changes

import (
	"context"

	"github.com/loupe-dev/loupe/index/gitrun"
)

// ErrNotRepository is returned by Git when the directory is not inside a
// git work tree.
var ErrNotRepository = gitrun.ErrNotRepository

// ErrNotAFile is returned by Git, which runs no git, when a file git would
// read is a FIFO, socket or device (gitrun.ErrNotAFile).
var ErrNotAFile = gitrun.ErrNotAFile

// Git runs git with args in dir through the hardened runner (gitrun.Run:
// no program a repository names is ever run, output bounded) and returns
// its standard output. A directory outside any work tree gives
// ErrNotRepository.
func Git(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := gitrun.Run(ctx, dir, args...)
	return string(out), err
}

// GitLimit is Git with its own bound on the output (gitrun.RunLimit).
func GitLimit(ctx context.Context, dir string, limit int, args ...string) (string, error) {
	out, err := gitrun.RunLimit(ctx, dir, limit, args...)
	return string(out), err
}
