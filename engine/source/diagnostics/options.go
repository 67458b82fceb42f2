package diagnostics

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/loupe-dev/loupe/index"
)

// Defaults of Options.
const (
	DefaultMax     = 5
	DefaultTimeout = 30 * time.Second
	// maxOutput bounds what is read from a file, stdin or a command.
	maxOutput = 16 << 20
)

// Sentinel errors.
var (
	// ErrTimeout: the diagnostics command did not finish in time; what it
	// printed until then is still parsed.
	ErrTimeout = errors.New("diagnostics command timed out")
	// ErrInvalidOptions: Options.Validate failed.
	ErrInvalidOptions = errors.New("invalid diagnostics options")
)

// Options configure the diagnostics source. Zero values take the defaults.
type Options struct {
	// Root is the repository root: commands run there, relative paths are
	// resolved against it and nothing outside it is read.
	Root string
	// File is a file of tool output to parse (relative to the working
	// directory), or "-" for Stdin.
	File string
	// Stdin is read when File is "-" (main passes os.Stdin).
	Stdin io.Reader
	// Cmd is a shell command run in Root with `sh -c` ("go vet ./...");
	// stdout and stderr are parsed together. A non-zero exit is normal.
	Cmd string
	// Timeout bounds Cmd (default 30 s).
	Timeout time.Duration
	// Max is how many diagnostics become candidates (default 5).
	Max int
	// Enclosing optionally returns the innermost indexed block (function,
	// method, type) of path that contains line; path is relative to Root.
	Enclosing func(path string, line int) (index.Block, bool)
	// ReadFile optionally reads a file by its Root-relative path; the
	// default reads from disk and refuses symlinks that leave Root.
	ReadFile func(path string) ([]byte, error)
}

// DefaultOptions returns the defaults (no input configured).
func DefaultOptions() Options {
	return Options{Max: DefaultMax, Timeout: DefaultTimeout}
}

// Validate reports options that cannot work.
func (o Options) Validate() error {
	switch {
	case o.Max < 0:
		return fmt.Errorf("diagnostics: max %d below 0: %w", o.Max, ErrInvalidOptions)
	case o.Timeout < 0:
		return fmt.Errorf("diagnostics: timeout %s below 0: %w", o.Timeout, ErrInvalidOptions)
	case o.File == "-" && o.Stdin == nil:
		return fmt.Errorf("diagnostics: file \"-\" needs a stdin reader: %w", ErrInvalidOptions)
	case o.Cmd != "" && o.Root == "":
		return fmt.Errorf("diagnostics: command %q needs a root to run in: %w", o.Cmd, ErrInvalidOptions)
	}
	return nil
}

// withDefaults fills zero values.
func (o Options) withDefaults() Options {
	if o.Max == 0 {
		o.Max = DefaultMax
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	return o
}
