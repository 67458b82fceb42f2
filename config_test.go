package main

import (
	"os"
	"path/filepath"
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
		name    string
		command string
		args    []string
		toml    string
		want    time.Duration
	}{
		{"pack", "pack", nil, "", PackDeadline},
		{"explorer", "loupe", nil, "", DefaultDeadline},
		{"mcp", "mcp", nil, "", PackDeadline},
		{"pack with the flag", "pack", []string{"--deadline", "1s"}, "", time.Second},
		{"pack with a config file", "pack", nil, "deadline = \"2s\"\n", 2 * time.Second},
		{"explorer with a config file", "loupe", nil, "deadline = \"2s\"\n", 2 * time.Second},
	}
	for _, name := range []string{"pack", "mcp"} {
		if c, _, err := newRootCmd().Find([]string{name}); err != nil || c.Name() != name || !answersOnce(c) {
			t.Fatalf("the real %q command is not found or does not answer once: %v", name, err)
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
			cmd := &cobra.Command{Use: tt.command}
			bindRequestFlags(cmd.Flags(), &f)
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
