package index

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
)

// Options configure where an index lives and what the walk leaves out. They
// are plain data: main binds flags and environment variables to them.
type Options struct {
	// IndexDir is where the index is written; "" means DefaultDir(root),
	// under the user cache directory. Nothing is ever written into the
	// repository itself.
	IndexDir string
	// MaxFileSize is the largest file indexed, in bytes; larger files are
	// skipped and counted. Default 1 MiB.
	MaxFileSize int64
	// Ignore holds extra gitignore-style patterns applied at the root, after
	// .gitignore, .git/info/exclude and .loupeignore.
	Ignore []string
	// Logf receives one-line messages (an index rebuilt, a lock waited on).
	// nil discards them.
	Logf func(format string, args ...any)
	// NoCommits disables indexing git history.
	NoCommits bool
	// Workers is how many goroutines chunk files and how many write
	// batches; 0 means GOMAXPROCS.
	Workers int
	// SecretFiles indexes the files that usually hold secrets (.env,
	// private keys: see SecretFile), which are left out by default.
	SecretFiles bool
	// WorkTree keeps what the walks see of the work tree, every regular
	// file's stat data, for Index.WorkTree (the changes source: a one-shot
	// pack's first walk, a resident process's last refresh). Off (`loupe
	// index`), a walk keeps only the files it indexes.
	WorkTree bool
}

// DefaultMaxFileSize is the default MaxFileSize: 1 MiB.
const DefaultMaxFileSize = 1 << 20

// DefaultOptions returns the options loupe uses unless told otherwise.
func DefaultOptions() Options {
	return Options{MaxFileSize: DefaultMaxFileSize}
}

// ErrBadOptions is returned (wrapped) by Validate.
var ErrBadOptions = errors.New("index: invalid options")

// Validate reports options that cannot work.
func (o Options) Validate() error {
	if o.MaxFileSize <= 0 {
		return fmt.Errorf("%w: max file size %d must be positive", ErrBadOptions, o.MaxFileSize)
	}
	if o.Workers < 0 {
		return fmt.Errorf("%w: workers %d must not be negative", ErrBadOptions, o.Workers)
	}
	for _, p := range o.Ignore {
		if _, err := path.Match(globOnly(p), ""); err != nil {
			return fmt.Errorf("%w: ignore pattern %q: %v", ErrBadOptions, p, err)
		}
	}
	return nil
}

// globOnly strips gitignore decorations so path.Match can check the syntax.
func globOnly(p string) string {
	for len(p) > 0 && (p[0] == '!' || p[0] == '/') {
		p = p[1:]
	}
	return p
}

func (o Options) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

// DefaultDir is the index directory for a repository root:
// <user cache dir>/loupe/<base name>-<first 12 hex of sha256(abs root)>.
func DefaultDir(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("index: resolve %s: %w", root, err)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("index: user cache dir: %w", err)
	}
	sum := sha256.Sum256([]byte(abs))
	name := filepath.Base(abs) + "-" + hex.EncodeToString(sum[:6])
	return filepath.Join(cache, "loupe", name), nil
}
