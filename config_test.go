package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// TestDeadlineDefaults: loupe pack and mcp, which answer once, wait longer
// for their sources than the explorer; a config file or --deadline wins over
// either default.
func TestDeadlineDefaults(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	tests := []struct {
		name     string
		fallback time.Duration // the command's default, as bindRequestFlags gets it
		args     []string
		toml     string
		want     time.Duration
	}{
		{"pack", PackDeadline, nil, "", PackDeadline},
		{"explorer", DefaultDeadline, nil, "", DefaultDeadline},
		{"pack with the flag", PackDeadline, []string{"--deadline", "1s"}, "", time.Second},
		{"pack with a config file", PackDeadline, nil, "deadline = \"2s\"\n", 2 * time.Second},
		{"explorer with a config file", DefaultDeadline, nil, "deadline = \"2s\"\n", 2 * time.Second},
	}
	// The real commands bind their defaults: pack and mcp answer once.
	for args, want := range map[string]time.Duration{"pack": PackDeadline, "mcp": PackDeadline, "": DefaultDeadline} {
		c, _, err := newRootCmd().Find(strings.Fields(args))
		if err != nil {
			t.Fatal(err)
		}
		if fl := c.Flags().Lookup("deadline"); fl == nil || !strings.HasSuffix(fl.Usage, "(default "+want.String()+")") {
			t.Errorf("loupe %s: --deadline should default to %v: %+v", args, want, fl)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.toml != "" {
				if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte(tt.toml), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var f requestFlags
			cmd := &cobra.Command{Use: "test"}
			bindRequestFlags(cmd.Flags(), &f, tt.fallback)
			if err := cmd.Flags().Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			cfg, err := resolveConfig(cmd, root, &f)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Deadline.Duration != tt.want {
				t.Errorf("deadline %v, want %v", cfg.Deadline.Duration, tt.want)
			}
		})
	}
}

// TestUntrustedRepositoryKeysAreIgnored: a repository's .loupe.toml sets
// data keys freely, but its program keys only once trusted.
func TestUntrustedRepositoryKeysAreIgnored(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte("budget = 1234\ndiagnostics_cmd = \"id\"\nsecret_files = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := LoadConfig(root)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Budget != 1234 || cfg.DiagnosticsCmd != "" || cfg.SecretFiles {
		t.Fatalf("untrusted: budget %d, diagnostics_cmd %q, secret_files %v", cfg.Budget, cfg.DiagnosticsCmd, cfg.SecretFiles)
	}
	if err := trustRoot(io.Discard, root); err != nil {
		t.Fatal(err)
	}
	if cfg, _, _ = LoadConfig(root); cfg.DiagnosticsCmd != "id" || !cfg.SecretFiles {
		t.Fatalf("trusted: diagnostics_cmd %q, secret_files %v", cfg.DiagnosticsCmd, cfg.SecretFiles)
	}
}

// A repository's file may lower max_file_size but raise it only when
// trusted: an archive can hold a file of gigabytes that compresses to
// almost nothing, and every file under the cap is read whole.
func TestRepositoryRaisesTheFileSizeCapOnlyWhenTrusted(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("max_file_size = 1000\n")
	if cfg, _, err := LoadConfig(root); err != nil || cfg.MaxFileSize != 1000 {
		t.Fatalf("a lowered cap: %d, %v", cfg.MaxFileSize, err)
	}
	write("max_file_size = 10000000000\n")
	if cfg, _, err := LoadConfig(root); err != nil || cfg.MaxFileSize != DefaultConfig().MaxFileSize {
		t.Fatalf("an untrusted raised cap was used: %d, %v", cfg.MaxFileSize, err)
	}
	if err := trustRoot(io.Discard, root); err != nil {
		t.Fatal(err)
	}
	if cfg, _, _ := LoadConfig(root); cfg.MaxFileSize != 10000000000 {
		t.Fatalf("a trusted raised cap was not used: %d", cfg.MaxFileSize)
	}
}
