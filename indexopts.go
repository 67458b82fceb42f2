package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/index"
)

// indexOptions is the one resolver of where an index lives and what it
// leaves out, for every command that opens one (index, pack, mcp, the
// explorer): the same max_file_size and index_dir everywhere, so two
// commands never re-index the same files in turn.
func indexOptions(root, indexDirFlag string, cfg Config) (index.Options, error) {
	opts := index.DefaultOptions()
	opts.MaxFileSize = cfg.MaxFileSize
	opts.SecretFiles = cfg.SecretFiles
	opts.Ignore = append(opts.Ignore, changes.OwnIgnores(root)...)
	dir, err := indexDirOf(root, indexDirFlag, cfg.IndexDir)
	if err != nil {
		return opts, usageError{err}
	}
	opts.IndexDir = dir
	opts.Logf = func(format string, args ...any) { fmt.Fprintf(os.Stderr, "loupe: "+format+"\n", args...) }
	return opts, nil
}

// indexDirOf returns the index directory: --index-dir (or LOUPE_INDEX_DIR)
// first, then the config's index_dir, "" for the default. A config file may
// come with the repository, and an index directory is written and wiped:
// index_dir must stay inside the repository or the user's cache directory
// (a relative one is taken from the root); anywhere else takes the flag.
func indexDirOf(root, flag, configured string) (string, error) {
	if flag != "" || configured == "" {
		return flag, nil
	}
	dir := configured
	if strings.HasPrefix(dir, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			dir = filepath.Join(home, dir[2:])
		}
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	dir = filepath.Clean(dir)
	cache, _ := os.UserCacheDir()
	if insideDir(root, dir) || (cache != "" && insideDir(cache, dir)) {
		return dir, nil
	}
	return "", fmt.Errorf("index_dir %s: outside the repository and the cache directory; pass --index-dir or set LOUPE_INDEX_DIR to use it", configured)
}

// insideDir reports whether path is dir or below it.
func insideDir(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
