package changes

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/loupe-dev/loupe/index"
)

// ErrNotRepository is returned by Git when the directory is not inside a
// git work tree.
var ErrNotRepository = errors.New("changes: not a git repository")

// maxGitOutput caps what one git command may print: past it git is
// stopped and the output cut there (a huge diff of a vendored tree must
// not cost a query its deadline). Callers parse leniently.
const maxGitOutput = 4 << 20

// gitArgs come before every command: stable, script-friendly output
// whatever the user's configuration says.
func gitArgs() []string {
	return []string{
		"-c", "core.quotePath=false",
		"-c", "diff.noprefix=false",
		"-c", "diff.mnemonicPrefix=false",
		"-c", "color.ui=false",
		"-c", "log.showSignature=false",
	}
}

// Git runs git with args in dir and returns its standard output, at most
// maxGitOutput bytes of it (then cut, mid-line perhaps). It takes no optional locks, so it never
// competes with the person's own git commands for the index lock. A
// directory outside any work tree gives ErrNotRepository.
func Git(ctx context.Context, dir string, args ...string) (string, error) {
	if !index.MaybeInWorkTree(dir) {
		return "", ErrNotRepository // what git would say, without the process
	}
	cmd := exec.CommandContext(ctx, "git", append(gitArgs(), args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	out, readErr := io.ReadAll(io.LimitReader(stdout, maxGitOutput))
	truncated := readErr == nil && len(out) == maxGitOutput
	if truncated {
		_ = cmd.Process.Kill() // enough: the rest would only be dropped
	}
	err = cmd.Wait()
	if ctxErr := ctx.Err(); ctxErr != nil {
		return "", ctxErr
	}
	if err != nil && !truncated {
		return "", gitError(args[0], stderr.String(), err)
	}
	if readErr != nil {
		return "", fmt.Errorf("git %s: reading output: %w", args[0], readErr)
	}
	return string(out), nil
}

func gitError(sub, stderr string, err error) error {
	msg := strings.TrimSpace(stderr)
	if strings.Contains(strings.ToLower(msg), "not a git repository") {
		return ErrNotRepository
	}
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if msg == "" {
		return fmt.Errorf("git %s: %w", sub, err)
	}
	return fmt.Errorf("git %s: %w: %s", sub, err, msg)
}
