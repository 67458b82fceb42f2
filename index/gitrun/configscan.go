package gitrun

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/loupe-dev/loupe/index/inroot"
)

// mayConfigureFilters reports whether any config file git would read in
// the repository l locates could define a filter driver: one of them
// mentions "filter", or "include" (an included file could). Most
// repositories and machines say no, and Run then skips listing the
// drivers (a second git process on every call). When the repository's git
// directory cannot be found it says yes: git decides.
func mayConfigureFilters(l layout) bool {
	files, ok := configFiles(l)
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

// configFiles lists the config files git reads in l's repository: system,
// global and the repository's (config, config.worktree, and the common
// directory's of a linked worktree).
func configFiles(l layout) ([]string, bool) {
	if l.gitDir == "" {
		return nil, false
	}
	files := append(userConfigFiles(), filepath.Join(l.gitDir, "config"), filepath.Join(l.gitDir, "config.worktree"))
	if common, ok := l.common(); ok {
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

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
