package gitrun

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/loupe-dev/loupe/index/inroot"
)

// ErrNotAFile is returned, without starting git, when a file git reads on
// every command is a FIFO, a socket or a device. A repository unpacked
// from an archive can hold one in its .git, and git (like any reader)
// waits forever on a FIFO for a writer that never comes: loupe would hang
// with it. Stat does not wait, so the files are looked at first.
var ErrNotAFile = fmt.Errorf("%w: a file it reads is not a regular file", ErrRefused)

// ErrRefused is what every refusal to start git wraps (ErrNotAFile,
// ErrForeignGitDir): the repository's own files make running git unsafe,
// and the caller goes on without it.
var ErrRefused = errors.New("git not run")

// checkRepository returns the reason (ErrRefused) git must not run in the
// repository l locates: its .git names another repository (owngitdir.go),
// or a file git reads is not a file.
func checkRepository(l layout) error {
	if err := checkOwnGitDir(l); err != nil {
		return err
	}
	return checkGitFiles(l)
}

// checkGitFiles returns ErrNotAFile, naming the file, when the .git, or a
// file git reads from the git directory on every command (HEAD and the
// branch it names, config, config.worktree, the index, packed-refs,
// commondir, info/exclude and info/attributes, and the common directory's
// config and packed-refs), or the work tree's top .gitignore or
// .gitattributes, is neither a regular file nor a directory.
// Like git, it follows links. A special file deeper in the work tree is
// left to the callers' deadlines (the index's walk skips it).
func checkGitFiles(l layout) error {
	if err := statKind(l.dotGit); err != nil {
		return err
	}
	for _, n := range []string{".gitignore", ".gitattributes"} {
		if err := statKind(filepath.Join(l.top(), n)); err != nil {
			return err
		}
	}
	gitDir := l.gitDir
	if gitDir == "" {
		return nil
	}
	names := []string{"HEAD", "config", "config.worktree", "index", "packed-refs", "commondir",
		filepath.Join("info", "exclude"), filepath.Join("info", "attributes")}
	for _, n := range names {
		if err := statKind(filepath.Join(gitDir, n)); err != nil {
			return err
		}
	}
	if ref, ok := headRef(gitDir); ok {
		if err := statKind(filepath.Join(gitDir, filepath.FromSlash(ref))); err != nil {
			return err
		}
	}
	if common, ok := l.common(); ok {
		for _, n := range []string{"config", "config.worktree", "packed-refs"} {
			if err := statKind(filepath.Join(common, n)); err != nil {
				return err
			}
		}
	}
	return nil
}

func statKind(p string) error {
	st, err := os.Stat(p)
	if err != nil {
		return nil // absent, or unreadable: git says what it makes of it
	}
	return fileKind(p, st)
}

func fileKind(p string, st os.FileInfo) error {
	if st.Mode().IsRegular() || st.IsDir() {
		return nil
	}
	return fmt.Errorf("%w: %s is a %s", ErrNotAFile, p, kindName(st.Mode()))
}

func kindName(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "FIFO"
	case m&os.ModeSocket != 0:
		return "socket"
	case m&os.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// headRef is the loose ref HEAD names ("ref: refs/heads/main"), when it
// names a plain branch.
func headRef(gitDir string) (string, bool) {
	b, err := inroot.ReadPath(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "ref: ")
	return ref, ok && plainRef(ref)
}
