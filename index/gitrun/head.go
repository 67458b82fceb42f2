package gitrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/loupe-dev/loupe/index/inroot"
)

// Head returns the commit HEAD names in dir's repository, like `git
// rev-parse --verify -q HEAD`; ErrNotRepository or git's error when
// there is none (no repository, no commit yet). The plain case is read
// from the git directory without a process (one less on every update, so
// on every pack): a .git directory owned by this user whose HEAD holds a
// commit id or names a branch kept as a loose ref or in packed-refs.
// Anything else (a linked worktree, a ref naming a ref, reftable, an
// unborn branch, another owner) is git's to answer.
func Head(ctx context.Context, dir string) (string, error) {
	if id, ok := headFromFiles(dir); ok {
		return id, nil
	}
	out, err := Run(ctx, dir, "rev-parse", "--verify", "-q", "HEAD")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// HeadFromFiles is Head without git: ok is false where Head would run it.
func HeadFromFiles(dir string) (string, bool) { return headFromFiles(dir) }

// headFromFiles is Head for the plain case; ok is false when git must
// decide.
func headFromFiles(dir string) (string, bool) {
	gitDir, ok := plainGitDir(dir)
	if !ok || !ownDir(gitDir) || !ownDir(filepath.Dir(gitDir)) {
		return "", false
	}
	if _, err := os.Lstat(filepath.Join(gitDir, "commondir")); !errors.Is(err, os.ErrNotExist) {
		return "", false // a linked worktree: its refs live elsewhere
	}
	// Every file is read through an os.Root of the git directory: a HEAD,
	// ref or packed-refs that is a link out of it is git's to answer.
	root, err := os.OpenRoot(gitDir)
	if err != nil {
		return "", false
	}
	defer root.Close()
	head, err := inroot.ReadIn(root, "HEAD")
	if err != nil {
		return "", false
	}
	line := strings.TrimSpace(string(head))
	if isObjectID(line) {
		return line, true // detached
	}
	ref, ok := strings.CutPrefix(line, "ref: ")
	if !ok || !plainRef(ref) {
		return "", false
	}
	b, err := inroot.ReadIn(root, filepath.FromSlash(ref))
	if err == nil {
		id := strings.TrimSpace(string(b))
		return id, isObjectID(id)
	}
	if !errors.Is(err, os.ErrNotExist) {
		return "", false
	}
	return packedRef(root, ref)
}

// plainGitDir finds the .git of dir's work tree, in dir or above; ok is
// false when the nearest .git is not a directory (a worktree's or a
// submodule's file).
func plainGitDir(dir string) (string, bool) {
	l, ok := locate(dir)
	return l.dotGit, ok && l.entry.IsDir()
}

// packedRef looks ref up in the git directory's packed-refs.
func packedRef(gitDir *os.Root, ref string) (string, bool) {
	b, err := inroot.ReadIn(gitDir, "packed-refs")
	if err != nil {
		return "", false
	}
	for _, line := range strings.Split(string(b), "\n") {
		id, name, ok := strings.Cut(strings.TrimRight(line, "\r"), " ")
		if ok && name == ref && isObjectID(id) {
			return id, true
		}
	}
	return "", false
}

// plainRef accepts a branch name that can only mean one file under the
// git directory.
func plainRef(ref string) bool {
	if !strings.HasPrefix(ref, "refs/heads/") || strings.Contains(ref, "..") || strings.Contains(ref, "//") || strings.HasSuffix(ref, "/") {
		return false
	}
	for _, c := range ref {
		if c <= ' ' || c == 0x7f || c == '\\' || c == ':' {
			return false
		}
	}
	return true
}

// isObjectID reports whether s is a full SHA-1 or SHA-256 id in lower-case hex.
func isObjectID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
