package gitrun

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/loupe-dev/loupe/index/inroot"
)

// ErrForeignGitDir is returned, without starting git, when the work
// tree's .git is a file ("gitdir: …") or a link naming a git directory
// outside the work tree that does not name this work tree back. A
// repository from an archive can carry a .git file pointing at another
// repository on the same disk (gitdir: ../../dotfiles/.git), and git would
// show that repository's history and its files' content as this one's
// changes and commits, into the pack.
var ErrForeignGitDir = fmt.Errorf("%w: .git names another repository's git directory", ErrRefused)

// checkOwnGitDir accepts a .git directory (a real one, not a link), a git
// directory inside the work tree (however a link or a .git file leads
// there), and the two layouts git itself makes outside it: a linked
// worktree (its git directory lies in the common directory's worktrees/
// and its "gitdir" file names this .git) and a submodule (its config's
// core.worktree is this work tree). A git directory with a commondir is a
// linked worktree's wherever it is: a .git directory inside the work tree
// can name another repository as its common directory and borrow its
// refs and history, so it must pass the worktree test too.
func checkOwnGitDir(l layout) error {
	if l.gitDir == "" {
		return nil // not a gitdir file: git refuses it too
	}
	top, err1 := filepath.EvalSymlinks(l.top())
	real, err2 := filepath.EvalSymlinks(l.gitDir)
	if err1 != nil || err2 != nil {
		return nil // nothing there: git finds no repository either
	}
	if common, ok := l.common(); ok {
		rc, err := filepath.EvalSymlinks(common)
		if err == nil && within(rc, real) && namesWorktree(real, l.dotGit) {
			return nil
		}
		return fmt.Errorf("%w: %s takes its refs from %s", ErrForeignGitDir, l.gitDir, common)
	}
	if l.entry.IsDir() || within(top, real) || namesSubmodule(real, top) {
		return nil
	}
	return fmt.Errorf("%w: %s → %s", ErrForeignGitDir, l.dotGit, l.gitDir)
}

// within reports whether the absolute path p is dir or below it.
func within(dir, p string) bool {
	_, err := inroot.Rel(dir, p)
	return err == nil
}

// namesWorktree: a linked worktree's git directory keeps, in its file
// "gitdir", the path of the worktree's .git file.
func namesWorktree(gitDir, dotGit string) bool {
	b, err := inroot.ReadPath(filepath.Join(gitDir, "gitdir"))
	if err != nil {
		return false
	}
	back := strings.TrimSpace(string(b))
	if !filepath.IsAbs(back) {
		back = filepath.Join(gitDir, back)
	}
	return samePath(back, dotGit)
}

// namesSubmodule: a submodule's git directory (.git/modules/<name> of the
// superproject) sets core.worktree to the submodule's work tree.
func namesSubmodule(gitDir, top string) bool {
	b, err := inroot.ReadPath(filepath.Join(gitDir, "config"))
	if err != nil {
		return false
	}
	wt, ok := coreWorktree(b)
	if !ok {
		return false
	}
	if !filepath.IsAbs(wt) {
		wt = filepath.Join(gitDir, wt)
	}
	return samePath(wt, top)
}

// coreWorktree finds core.worktree in a git config file: enough of git's
// format for the line git itself writes for a submodule.
func coreWorktree(config []byte) (string, bool) {
	inCore := false
	sc := bufio.NewScanner(bytes.NewReader(config))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			inCore = strings.EqualFold(strings.TrimSpace(strings.Trim(line, "[]")), "core")
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if inCore && ok && strings.EqualFold(strings.TrimSpace(key), "worktree") {
			return strings.Trim(strings.TrimSpace(val), `"`), true
		}
	}
	return "", false
}

func samePath(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}
