package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// Config is everything a run of loupe can be told. DefaultConfig gives the
// product defaults; .loupe.toml in the repository and then config.toml in
// the user config directory override them; flags override both. Keys mirror
// the vocabulary of DESIGN.md: budget, reserves, source weights, format,
// tokenizer, keymap overrides.
type Config struct {
	// Budget is B, tokens of the rendered output, reserves included.
	Budget int `toml:"budget"`
	// Reserves come off the top of the budget.
	ReserveInstruction int `toml:"reserve_instruction"`
	ReserveSelection   int `toml:"reserve_selection"`
	ReserveCompletion  int `toml:"reserve_completion"`
	// Format is md, xml, plain or json.
	Format string `toml:"format"`
	// Tokenizer is o200k, cl100k or chars4.
	Tokenizer string `toml:"tokenizer"`
	// Sources lists the enabled sources; empty means all.
	Sources []string `toml:"sources"`
	// Weights weigh the sources against each other ("code" = 3, …): a
	// block's packing priority is its source's weight over the heaviest
	// one's, times its score plus its file's best (engine/budget.go).
	Weights map[string]float64 `toml:"weights"`
	// Order is the output order of source groups.
	Order []string `toml:"order"`
	// Deadline bounds each source's retrieval. When neither a config file
	// nor --deadline sets it, it is the command's default (see
	// bindRequestFlags): DefaultDeadline for the explorer, PackDeadline for
	// loupe pack and mcp.
	Deadline Duration `toml:"deadline"`
	// deadlineSet records that a config file or a flag chose Deadline.
	deadlineSet bool
	// MaxChanges recent uncommitted changes are kept even when the query
	// ignores them; committed changes are offered only when relevant.
	MaxChanges int `toml:"max_changes"`
	// MaxDiagnostics caps the diagnostics blocks.
	MaxDiagnostics int `toml:"max_diagnostics"`
	// DiagnosticsCmd is run in the root to collect diagnostics ("go vet ./...").
	DiagnosticsCmd string `toml:"diagnostics_cmd"`
	// DiagnosticsFile is a file of tool output to parse, "-" for stdin (a flag only).
	DiagnosticsFile string `toml:"-"`
	// MaxFileSize: larger files are not indexed.
	MaxFileSize int64 `toml:"max_file_size"`
	// IndexDir overrides the index location (default: the user cache dir).
	IndexDir string `toml:"index_dir"`
	// Style is the preview's glamour style: auto, dark, light or notty.
	Style string `toml:"style"`
	// Keys overrides key bindings: action name to keys.
	Keys map[string][]string `toml:"keys"`
	// Candidates is how many ranked candidates each index source returns
	// (0: the engine's default, 200): more gives a longer ranked list.
	Candidates int `toml:"candidates"`
	// SecretFiles indexes and packs the files that usually hold secrets
	// (.env, private keys: see index.SecretFile), left out by default.
	SecretFiles bool `toml:"secret_files"`
	// NoWatch keeps the explorer and the MCP server off file notifications:
	// on a network file system inotify misses other machines' writes, so
	// they refresh by time (every 2 s at most) instead.
	NoWatch bool `toml:"no_watch"`
	// Model is the optional local model; off unless Model.URL is set.
	Model ModelConfig `toml:"model"`
	// DiagnosticsTimeout bounds DiagnosticsCmd (default 30s): a build or
	// a linter on a busy machine may need more.
	DiagnosticsTimeout Duration `toml:"diagnostics_timeout"`
}

// Duration is a time.Duration written as "500ms" in TOML.
type Duration struct{ time.Duration }

// UnmarshalText parses a Go duration string.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("duration %q: %w", b, err)
	}
	d.Duration = v
	return nil
}

// MarshalText writes it the way UnmarshalText reads it (a server request
// carries the client's configuration: cmd_serve.go).
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.Duration.String()), nil }

// Per-source retrieval deadlines. The explorer re-queries as the person
// types and must answer fast, whatever a slow source does. A one-shot
// loupe pack answers once, so an empty code group because a loaded machine
// took 600 ms is the worse outcome: there the deadline only guards against
// a stuck git (changes, commits), since the diagnostics command is awaited
// before retrieval under its own timeout, and the index-backed code, docs
// and tests sources take a few tens of milliseconds when the machine is idle.
const (
	DefaultDeadline = 500 * time.Millisecond
	PackDeadline    = 5 * time.Second
)

// DefaultConfig returns the product defaults.
func DefaultConfig() Config {
	weights := map[string]float64{}
	for s, w := range engine.DefaultWeights() {
		weights[string(s)] = w
	}
	return Config{
		Budget:         8000,
		Format:         "md",
		Tokenizer:      "o200k",
		Weights:        weights,
		Order:          sourceNames(engine.DefaultOrder()),
		Deadline:       Duration{DefaultDeadline},
		MaxChanges:     3,
		MaxDiagnostics: 5,
		MaxFileSize:    1 << 20,
		Style:          "auto",
		Model:          DefaultModelConfig(),
	}
}

var (
	formats    = []string{"md", "xml", "plain", "json"}
	tokenizers = []string{"o200k", "cl100k", "chars4"}
	styles     = []string{"auto", "dark", "light", "notty", "ascii"}
)

// Validate reports the first setting that cannot work, naming the key.
func (c Config) Validate() error {
	var errs []error
	if c.Budget < 1 || c.Budget > maxBudget {
		errs = append(errs, fmt.Errorf("budget %d: must be between 1 and %s tokens", c.Budget, maxBudgetText))
	}
	if c.MaxChanges < 0 || c.MaxDiagnostics < 0 {
		errs = append(errs, fmt.Errorf("max_changes %d, max_diagnostics %d: must be 0 (none) or more", c.MaxChanges, c.MaxDiagnostics))
	}
	if c.DiagnosticsTimeout.Duration < 0 {
		errs = append(errs, fmt.Errorf("diagnostics_timeout %s: must be positive", c.DiagnosticsTimeout))
	}
	if c.ReserveInstruction < 0 || c.ReserveSelection < 0 || c.ReserveCompletion < 0 {
		errs = append(errs, errors.New("reserves must be 0 or more"))
	}
	if c.Format == "markdown" {
		c.Format = "md"
	}
	errs = append(errs, oneOf("format", c.Format, formats), oneOf("tokenizer", c.Tokenizer, tokenizers),
		oneOf("style", c.Style, styles))
	known := sourceNames(engine.DefaultOrder())
	for _, s := range c.Sources {
		errs = append(errs, oneOf("source", s, known))
	}
	for _, s := range c.Order {
		errs = append(errs, oneOf("order", s, known))
	}
	for s, w := range c.Weights {
		errs = append(errs, oneOf("weight", s, known))
		if w < 0 || math.IsNaN(w) || math.IsInf(w, 0) {
			errs = append(errs, fmt.Errorf("weight %s=%g: must be a finite number, 0 or more", s, w))
		}
	}
	if c.Candidates < 0 || c.Candidates > engine.MaxRequestCandidates {
		errs = append(errs, fmt.Errorf("candidates %d: must be 0 to %d", c.Candidates, engine.MaxRequestCandidates))
	}
	errs = append(errs, c.checkWeightSum())
	if c.Deadline.Duration <= 0 {
		errs = append(errs, fmt.Errorf("deadline %s: must be positive", c.Deadline))
	}
	if c.MaxFileSize <= 0 {
		errs = append(errs, fmt.Errorf("max_file_size %d: must be positive", c.MaxFileSize))
	}
	errs = append(errs, c.Model.Validate())
	return errors.Join(errs...)
}

func oneOf(key, v string, allowed []string) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	return fmt.Errorf("%s %q: want one of %s", key, v, strings.Join(allowed, ", "))
}

// LoadConfig returns DefaultConfig overridden by the user's config file and
// then by the repository's .loupe.toml; it names the files it read. The
// repository's file is read inside the root (never through a link out of
// it), and its program keys (programKeys) count only when the person
// trusted it (see trust.go); otherwise they are ignored with one line on
// stderr.
func LoadConfig(root string) (Config, []string, error) {
	cfg := DefaultConfig()
	var read []string
	if dir, err := os.UserConfigDir(); err == nil {
		p := filepath.Join(dir, "loupe", "config.toml")
		b, err := os.ReadFile(p)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return cfg, read, fmt.Errorf("config: %w", err)
		}
		if err == nil {
			if _, err := decodeConfig(p, b, &cfg); err != nil {
				return cfg, read, err
			}
			read = append(read, p)
		}
	}
	b, sum, err := repoConfig(root)
	if err != nil {
		// A link out of the root, an unreadable file: the repository's
		// settings are not worth failing for.
		fmt.Fprintf(os.Stderr, "loupe: ignoring %s: %v\n", repoConfigName, err)
		return cfg, read, nil
	}
	if b == nil {
		return cfg, read, nil
	}
	p := filepath.Join(root, repoConfigName)
	before := cfg
	md, err := decodeConfig(p, b, &cfg)
	if err != nil {
		return cfg, read, err
	}
	read = append(read, p)
	if !trusted(root, sum) {
		if ignored := keepUserValues(&cfg, before, keyDefined(md)); len(ignored) > 0 {
			fmt.Fprintln(os.Stderr, untrustedNotice(root, ignored))
		}
	}
	return cfg, read, nil
}

// decodeConfig decodes b, the file p, onto cfg.
func decodeConfig(p string, b []byte, cfg *Config) (toml.MetaData, error) {
	md, err := toml.Decode(string(b), cfg)
	if err != nil {
		return md, fmt.Errorf("config %s: %w", p, err)
	}
	if undec := md.Undecoded(); len(undec) > 0 {
		return md, fmt.Errorf("config %s: unknown key %q", p, undec[0].String())
	}
	cfg.deadlineSet = cfg.deadlineSet || md.IsDefined("deadline")
	return md, nil
}

// Reserves returns the reserves as the engine's type.
func (c Config) Reserves() packing.Reserves {
	return packing.Reserves{Instruction: c.ReserveInstruction, Selection: c.ReserveSelection, Completion: c.ReserveCompletion}
}

// EngineWeights returns the weights keyed by engine.Source.
func (c Config) EngineWeights() map[engine.Source]float64 {
	out := engine.DefaultWeights()
	for s, w := range c.Weights {
		out[engine.Source(s)] = w
	}
	return out
}

// EngineOrder returns the output order as engine sources.
func (c Config) EngineOrder() []engine.Source {
	out := make([]engine.Source, 0, len(c.Order))
	for _, s := range c.Order {
		out = append(out, engine.Source(s))
	}
	return out
}

// Disabled returns the sources that are off (all on when Sources is empty).
func (c Config) Disabled() map[engine.Source]bool {
	if len(c.Sources) == 0 {
		return nil
	}
	off := map[engine.Source]bool{}
	for _, s := range engine.DefaultOrder() {
		if !slices.Contains(c.Sources, string(s)) {
			off[s] = true
		}
	}
	return off
}

// Enabled reports whether source s is on.
func (c Config) Enabled(s engine.Source) bool {
	return len(c.Sources) == 0 || slices.Contains(c.Sources, string(s))
}

func sourceNames(ss []engine.Source) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return out
}

// checkWeightSum rejects weights that leave every enabled source a share
// of 0: nothing would get budget, and every block would drop to a
// reference.
func (c Config) checkWeightSum() error {
	sum := 0.0
	for s, w := range c.EngineWeights() {
		if c.Enabled(s) && w > 0 && !math.IsInf(w, 0) {
			sum += w
		}
	}
	if sum > 0 {
		return nil
	}
	return errors.New("weights: every enabled source has weight 0; give at least one a positive share, e.g. --weight code=4")
}
