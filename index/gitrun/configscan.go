package gitrun

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/loupe-dev/loupe/index/inroot"
)

// mayConfigureFilters reports whether any config file git would read in
// dir could define a filter driver: one of them mentions "filter", or
// "include" (an included file could). Most repositories and machines say
// no, and Run then skips listing the drivers (a second git process on
// every call). When the repository's git directory cannot be found it
// says yes: git decides.
func mayConfigureFilters(dir string) bool {
	files, ok := configFiles(dir)
	if !ok {
		return true
	}
	for _, p := range files {
		b, err := inroot.ReadPath(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return true // git decides
		}
		l := bytes.ToLower(b)
		if bytes.Contains(l, []byte("filter")) || bytes.Contains(l, []byte("include")) {
			return true
		}
	}
	return false
}

// configFiles lists the config files git reads in dir: system, global and
// the repository's (config, config.worktree, and the common directory's of
// a linked worktree).
func configFiles(dir string) ([]string, bool) {
	files := userConfigFiles()
	gitDir, ok := findGitDir(dir)
	if !ok {
		return nil, false
	}
	files = append(files, filepath.Join(gitDir, "config"), filepath.Join(gitDir, "config.worktree"))
	if common, ok := commonDir(gitDir); ok {
		files = append(files, filepath.Join(common, "config"), filepath.Join(common, "config.worktree"))
	}
	return files, true
}

// userConfigFiles lists the system and global config files git reads: the
// user's own, whatever the repository.
func userConfigFiles() []string {
	var files []string
	if os.Getenv("GIT_CONFIG_NOSYSTEM") == "" {
		files = append(files, cmpOr(os.Getenv("GIT_CONFIG_SYSTEM"), "/etc/gitconfig"))
	}
	if g := os.Getenv("GIT_CONFIG_GLOBAL"); g != "" {
		return append(files, g)
	}
	home, _ := os.UserHomeDir()
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	if home != "" {
		files = append(files, filepath.Join(home, ".gitconfig"))
	}
	if xdg != "" {
		files = append(files, filepath.Join(xdg, "git", "config"))
	}
	return files
}

// maySetExcludesFile reports whether the user's own config could set
// core.excludesFile: one of the files mentions "excludesfile" or
// "include" (an included file could), in any case, or cannot be read.
// Most machines say no, and ExcludesFile then needs no git process (one
// on every walk, so every pack).
func maySetExcludesFile() bool {
	for _, p := range userConfigFiles() {
		b, err := inroot.ReadPath(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return true
		}
		l := bytes.ToLower(b)
		if bytes.Contains(l, []byte("excludesfile")) || bytes.Contains(l, []byte("include")) {
			return true
		}
	}
	return false
}

// findGitDir finds the git directory of dir: a .git directory, or the
// directory a .git file ("gitdir: …") names, in dir or above.
func findGitDir(dir string) (string, bool) {
	p, st, ok := nearestDotGit(dir, os.Stat)
	if !ok {
		return "", false
	}
	if st.IsDir() {
		return p, true
	}
	b, err := inroot.ReadPath(p)
	line := strings.TrimSpace(string(b))
	if err != nil || !strings.HasPrefix(line, "gitdir:") {
		return "", false
	}
	g := strings.TrimSpace(strings.TrimPrefix(line, "gitdir:"))
	if !filepath.IsAbs(g) {
		g = filepath.Join(filepath.Dir(p), g)
	}
	return g, true
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

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
