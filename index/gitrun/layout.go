package gitrun

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/loupe-dev/loupe/index/inroot"
)

// layout is where git finds the repository of a directory, worked out
// once per git call and shared by the checks, the config scan and the
// --work-tree argument: the nearest .git at or above the directory, and
// the git directory it leads to, as git follows it (a link is followed;
// a regular file at the end of it is a "gitdir: …" pointer).
type layout struct {
	dotGit string      // the .git entry
	entry  fs.FileInfo // dotGit as Lstat sees it: a real directory, a link or a file
	gitDir string      // "" when a .git file names no directory
}

// locate finds dir's layout; ok is false when no .git is at or above dir.
func locate(dir string) (layout, bool) {
	p, st, ok := nearestDotGit(dir, os.Lstat)
	if !ok {
		return layout{}, false
	}
	return layoutOf(p, st), true
}

// layoutOf reads the .git entry dotGit (st is its Lstat).
func layoutOf(dotGit string, st fs.FileInfo) layout {
	l := layout{dotGit: dotGit, entry: st, gitDir: dotGit}
	if followed, err := os.Stat(dotGit); err == nil && followed.Mode().IsRegular() {
		l.gitDir = gitdirFile(dotGit)
	}
	return l
}

// top is the work tree: the directory that holds the .git.
func (l layout) top() string { return filepath.Dir(l.dotGit) }

// common is the common git directory a linked worktree's commondir
// names; ok is false for any other git directory.
func (l layout) common() (string, bool) {
	if l.gitDir == "" {
		return "", false
	}
	return commonDir(l.gitDir)
}

// gitdirFile is the directory a .git file names ("gitdir: …", relative
// to the file's directory), "" when it names none.
func gitdirFile(p string) string {
	b, err := inroot.ReadPath(p)
	line := strings.TrimSpace(string(b))
	if err != nil || !strings.HasPrefix(line, "gitdir:") {
		return ""
	}
	g := strings.TrimSpace(strings.TrimPrefix(line, "gitdir:"))
	if !filepath.IsAbs(g) {
		g = filepath.Join(filepath.Dir(p), g)
	}
	return g
}

// commonDir is the common git directory gitDir's commondir file names.
func commonDir(gitDir string) (string, bool) {
	c, err := inroot.ReadPath(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return "", false
	}
	common := strings.TrimSpace(string(c))
	if !filepath.IsAbs(common) {
		common = filepath.Join(gitDir, common)
	}
	return common, true
}

// nearestDotGit returns the .git entry of dir's work tree, in dir or
// above, as stat sees it (os.Stat follows a link, os.Lstat does not).
func nearestDotGit(dir string, stat func(string) (fs.FileInfo, error)) (string, fs.FileInfo, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, false
	}
	for {
		p := filepath.Join(dir, ".git")
		if st, err := stat(p); err == nil {
			return p, st, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil, false
		}
		dir = parent
	}
}

// InfoExclude is the path of .git/info/exclude for the work tree whose
// top is top (a .git right there, not above it: the patterns are relative
// to the top), following a .git file and a linked worktree's commondir as
// git does; "" when top holds no .git.
func InfoExclude(top string) string {
	dotGit := filepath.Join(top, ".git")
	st, err := os.Lstat(dotGit)
	if err != nil {
		return ""
	}
	l := layoutOf(dotGit, st)
	dir := l.gitDir
	if c, ok := l.common(); ok {
		dir = c
	}
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "info", "exclude")
}

// ShallowFile is the path of the file in which git lists the commits where
// a shallow clone's history stops (it exists only in a shallow
// repository), for the repository around dir; "" when dir is in none.
func ShallowFile(dir string) string {
	l, ok := locate(dir)
	if !ok {
		return ""
	}
	gitDir := l.gitDir
	if c, ok := l.common(); ok {
		gitDir = c
	}
	if gitDir == "" {
		return ""
	}
	return filepath.Join(gitDir, "shallow")
}
