package changes

import (
	"context"

	"github.com/loupe-dev/loupe/index/gitrun"
)

// ErrNotRepository is returned by Git when the directory is not inside a
// git work tree.
var ErrNotRepository = gitrun.ErrNotRepository

// ErrRefused is returned by Git, which then runs no git, when the
// repository's own files make running it unsafe (gitrun.ErrRefused: a FIFO
// where git reads a file, a .git naming another repository's directory).
var ErrRefused = gitrun.ErrRefused

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
