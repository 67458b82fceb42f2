package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/loupe-dev/loupe/index/inroot"
	"github.com/loupe-dev/loupe/index/safefile"
)

// A repository's .loupe.toml is text from whoever made the repository.
// Keys that choose a program to run (or where loupe writes, whether
// secret files are read, or which model server the query and the code are
// sent to) take effect only when the person trusted that
// exact file, as direnv and mise do: `loupe trust` records the root and a
// hash of its .loupe.toml in the user config directory; a changed file
// needs trusting again. Untrusted, those keys are ignored with one line on
// stderr saying how to trust.

// programKeys are the .loupe.toml keys that need trust, in name order (the
// notice lists them so), each with the value `loupe trust` shows and an
// undo that puts back what the person's own config gave when an untrusted
// file set it (false: the value is safe as set, and counts).
//
// The model server's url is one of them: it is where loupe sends the
// query and code, and an untrusted file naming a server of its own would
// get the person's task text (loupe connected to it before this was
// gated). The rest of the model table (which model, whether to plan)
// only chooses what the person's own server does, and counts untrusted.
// So is max_file_size, when raised: a repository unpacked from an archive
// can hold a file of gigabytes that compresses to almost nothing, and
// every file under the cap is read whole.
var programKeys = []programKey{
	{"diagnostics_cmd", func(c Config) any { return fmt.Sprintf("%q", c.DiagnosticsCmd) },
		func(c *Config, user Config) bool { c.DiagnosticsCmd = user.DiagnosticsCmd; return true }},
	{"index_dir", func(c Config) any { return fmt.Sprintf("%q", c.IndexDir) },
		func(c *Config, user Config) bool { c.IndexDir = user.IndexDir; return true }},
	{"max_file_size", func(c Config) any { return c.MaxFileSize },
		func(c *Config, user Config) bool {
			if c.MaxFileSize <= user.MaxFileSize {
				return false // lowering the cap is safe
			}
			c.MaxFileSize = user.MaxFileSize
			return true
		}},
	{"model.url", func(c Config) any { return fmt.Sprintf("%q", c.Model.URL) },
		func(c *Config, user Config) bool { c.Model.URL = user.Model.URL; return true }},
	{"secret_files", func(c Config) any { return c.SecretFiles },
		func(c *Config, user Config) bool { c.SecretFiles = user.SecretFiles; return true }},
}

// programKey is one key of programKeys, by its dotted name.
type programKey struct {
	name  string
	value func(Config) any
	undo  func(cfg *Config, user Config) bool
}

// keyDefined adapts md.IsDefined to the dotted names of programKeys.
func keyDefined(md toml.MetaData) func(string) bool {
	return func(k string) bool { return md.IsDefined(strings.Split(k, ".")...) }
}

// repoConfigName is the repository's own config file.
const repoConfigName = ".loupe.toml"

// trustFile is where trusted roots are kept.
func trustFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	return filepath.Join(dir, "loupe", "trusted.json"), nil
}

// trustStore maps a resolved root to the sha256 of the .loupe.toml trusted.
type trustStore struct {
	Roots map[string]string `json:"roots"`
}

func loadTrust() (trustStore, error) {
	ts := trustStore{Roots: map[string]string{}}
	p, err := trustFile()
	if err != nil {
		return ts, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return ts, nil
	}
	if err != nil {
		return ts, fmt.Errorf("trust: %w", err)
	}
	if err := json.Unmarshal(b, &ts); err != nil {
		return ts, fmt.Errorf("trust %s: %w", p, err)
	}
	if ts.Roots == nil {
		ts.Roots = map[string]string{}
	}
	return ts, nil
}

func (ts trustStore) save() error {
	p, err := trustFile()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	b, err := json.MarshalIndent(ts, "", "  ")
	if err != nil {
		return err
	}
	if err := safefile.WriteWith(p, func(w io.Writer) error { _, err := w.Write(append(b, '\n')); return err }); err != nil {
		return err
	}
	return os.Chmod(p, 0o600)
}

// trustKey is the root as recorded: absolute, links resolved.
func trustKey(root string) string {
	abs, err := filepath.Abs(root)
	if err != nil {
		return root
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// repoConfig reads root's .loupe.toml through inroot (a link out of the
// root is refused) and returns it with its hash; nil when there is none.
func repoConfig(root string) ([]byte, string, error) {
	b, err := inroot.ReadFile(root, repoConfigName)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("config %s: %w", filepath.Join(root, repoConfigName), err)
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

// trusted reports whether root's .loupe.toml, hashing to sum, is trusted.
func trusted(root, sum string) bool {
	ts, err := loadTrust()
	return err == nil && sum != "" && ts.Roots[trustKey(root)] == sum
}

// keepUserValues undoes what an untrusted repository file set for the
// program keys it defined, and names them.
func keepUserValues(cfg *Config, before Config, defined func(string) bool) []string {
	var ignored []string
	for _, k := range programKeys {
		if defined(k.name) && k.undo(cfg, before) {
			ignored = append(ignored, k.name)
		}
	}
	return ignored
}

// untrustedNotice is the one line shown when keys were ignored.
func untrustedNotice(root string, keys []string) string {
	return fmt.Sprintf("loupe: ignoring %v in %s: this repository is not trusted to run programs, choose a model server or raise limits; "+
		"read the file, then run `loupe trust --root %s`", keys, filepath.Join(root, repoConfigName), root)
}
