package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// requestFlags are the flags that shape a request: budget, format,
// tokenizer, sources and their shares, and the sources' own inputs.
type requestFlags struct {
	budget         int
	format         string
	tokenizer      string
	reserveInstr   int
	reserveSel     int
	reserveCompl   int
	sources        string
	weights        []string
	order          string
	deadline       string
	maxChanges     int
	maxDiagnostics int
	diagnostics    string
	diagnosticsCmd string
	maxFileSize    int64
	candidates     int
	secretFiles    bool
	diagTimeout    string
	// defaultDeadline is the command's deadline when neither a config file
	// nor --deadline sets one.
	defaultDeadline time.Duration
	// model are the optional local model's flags.
	model modelFlags
}

// bindRequestFlags binds the request flags; deadline is the command's
// per-source default (DefaultDeadline for the explorer, which re-queries as
// the person types; PackDeadline for pack and mcp, which answer once).
func bindRequestFlags(fs *pflag.FlagSet, f *requestFlags, deadline time.Duration) {
	d := DefaultConfig()
	f.defaultDeadline = deadline
	fs.IntVar(&f.budget, "budget", d.Budget, "token budget of the rendered output, reserves included (env LOUPE_BUDGET)")
	fs.StringVar(&f.format, "format", d.Format, "output format: md, xml, plain or json")
	fs.StringVar(&f.tokenizer, "tokenizer", d.Tokenizer, "tokenizer: o200k, cl100k or chars4 (len/4 estimate)")
	fs.IntVar(&f.reserveInstr, "reserve-instruction", 0, "tokens kept free for your instruction")
	fs.IntVar(&f.reserveSel, "reserve-selection", 0, "tokens kept free for selected code")
	fs.IntVar(&f.reserveCompl, "reserve-completion", 0, "tokens kept free for the model's answer")
	fs.StringVar(&f.sources, "sources", "", "enabled sources, comma-separated (default all): "+strings.Join(DefaultConfig().Order, ","))
	fs.StringArrayVar(&f.weights, "weight", nil, "a source's budget share, e.g. --weight code=4 (repeatable)")
	fs.StringVar(&f.order, "order", "", "output order of sources, comma-separated")
	fs.StringVar(&f.deadline, "deadline", "", "per-source retrieval deadline (default "+deadline.String()+")")
	fs.IntVar(&f.maxChanges, "max-changes", d.MaxChanges, "most recent uncommitted changes kept even when the query does not mention them (committed ones must match it)")
	fs.IntVar(&f.maxDiagnostics, "max-diagnostics", d.MaxDiagnostics, "most diagnostics packed")
	fs.StringVar(&f.diagnostics, "diagnostics", "", "file of compiler/linter output to parse, or - for stdin")
	fs.StringVar(&f.diagnosticsCmd, "diagnostics-cmd", "", `command run in the root for diagnostics, e.g. "go vet ./..."`)
	fs.Int64Var(&f.maxFileSize, "max-file-size", d.MaxFileSize, "larger files are not indexed (bytes)")
	fs.IntVar(&f.candidates, "candidates", d.Candidates, "ranked candidates per index source (0: the defaults, 200, and 60 for docs beside code); more gives a longer ranked list")
	fs.BoolVar(&f.secretFiles, "secret-files", false, "also index and pack files that usually hold secrets (.env, *.pem, id_rsa, …); secrets are still redacted")
	bindModelFlags(fs, &f.model)
	fs.StringVar(&f.diagTimeout, "diagnostics-timeout", "", "time limit of --diagnostics-cmd (default 30s)")
}

// resolveConfig loads the config files of root and applies the flags the
// person set (and LOUPE_* environment variables), then validates.
func resolveConfig(cmd *cobra.Command, root string, f *requestFlags) (Config, error) {
	cfg, _, err := LoadConfig(root)
	if err != nil {
		return cfg, err
	}
	if err := applyEnv(&cfg); err != nil {
		return cfg, usageError{err}
	}
	if err := applyFlags(cmd.Flags(), f, &cfg); err != nil {
		return cfg, usageError{err}
	}
	if !cfg.deadlineSet && f.defaultDeadline > 0 {
		cfg.Deadline = Duration{f.defaultDeadline}
	}
	if err := cfg.Validate(); err != nil {
		return cfg, usageError{err}
	}
	if err := checkDiagnosticsFile(cfg.DiagnosticsFile); err != nil {
		return cfg, usageError{err}
	}
	return cfg, nil
}

func applyEnv(cfg *Config) error {
	if v := os.Getenv("LOUPE_BUDGET"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("LOUPE_BUDGET %q: not a number", v)
		}
		cfg.Budget = n
	}
	if v := os.Getenv("LOUPE_TOKENIZER"); v != "" {
		cfg.Tokenizer = v
	}
	applyModelEnv(cfg)
	return nil
}

func applyFlags(fs *pflag.FlagSet, f *requestFlags, cfg *Config) error {
	set := func(name string) bool { return fs.Lookup(name) != nil && fs.Changed(name) }
	if set("budget") {
		cfg.Budget = f.budget
	}
	if set("format") {
		cfg.Format = f.format
	}
	if cfg.Format == "markdown" {
		cfg.Format = "md"
	}
	if set("tokenizer") {
		cfg.Tokenizer = f.tokenizer
	}
	applyInts(set, cfg, f)
	if set("sources") {
		cfg.Sources = splitList(f.sources)
	}
	if set("order") {
		cfg.Order = splitList(f.order)
	}
	for _, w := range f.weights {
		name, val, ok := strings.Cut(w, "=")
		n, err := strconv.ParseFloat(val, 64)
		if !ok || err != nil {
			return fmt.Errorf("--weight %q: want source=number, e.g. code=4", w)
		}
		cfg.Weights[strings.TrimSpace(name)] = n
	}
	if set("deadline") {
		if err := cfg.Deadline.UnmarshalText([]byte(f.deadline)); err != nil {
			return fmt.Errorf("--deadline: %w", err)
		}
		cfg.deadlineSet = true
	}
	if set("diagnostics") {
		cfg.DiagnosticsFile = f.diagnostics
	}
	if set("diagnostics-cmd") {
		cfg.DiagnosticsCmd = f.diagnosticsCmd
	}
	if set("secret-files") {
		cfg.SecretFiles = f.secretFiles
	}
	if set("diagnostics-timeout") {
		if err := cfg.DiagnosticsTimeout.UnmarshalText([]byte(f.diagTimeout)); err != nil {
			return fmt.Errorf("--diagnostics-timeout: %w", err)
		}
	}
	return applyModelFlags(fs, &f.model, cfg)
}

func applyInts(set func(string) bool, cfg *Config, f *requestFlags) {
	for _, p := range []struct {
		name string
		dst  *int
		v    int
	}{
		{"reserve-instruction", &cfg.ReserveInstruction, f.reserveInstr},
		{"reserve-selection", &cfg.ReserveSelection, f.reserveSel},
		{"reserve-completion", &cfg.ReserveCompletion, f.reserveCompl},
		{"max-changes", &cfg.MaxChanges, f.maxChanges},
		{"max-diagnostics", &cfg.MaxDiagnostics, f.maxDiagnostics},
		{"candidates", &cfg.Candidates, f.candidates},
	} {
		if set(p.name) {
			*p.dst = p.v
		}
	}
	if set("max-file-size") {
		cfg.MaxFileSize = f.maxFileSize
	}
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// resolveRoot makes root absolute and checks that it is a directory. An
// empty root (no --root) is the repository around the current directory.
func resolveRoot(root string) (string, error) {
	if root == "" {
		return findRoot(".")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("root %s: %w", root, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("root %s does not exist: pass --root with a repository directory", root)
	}
	if !st.IsDir() {
		return "", fmt.Errorf("root %s is a file, not a directory: pass --root with a repository directory", root)
	}
	return abs, nil
}

// findRoot walks up from dir to the nearest directory holding .git (a
// folder, or a file in a worktree or submodule) or .loupe.toml: run from
// pay/internal, loupe works on the repository, with its paths, not on the
// folder as if it were one. Without either, dir itself.
func findRoot(dir string) (string, error) {
	start, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("root %s: %w", dir, err)
	}
	for d := start; ; {
		for _, marker := range []string{".git", ".loupe.toml"} {
			if _, err := os.Lstat(filepath.Join(d, marker)); err == nil {
				return d, nil
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return start, nil
		}
		d = parent
	}
}
