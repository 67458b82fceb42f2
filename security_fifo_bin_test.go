//go:build unix

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A repository unpacked from an archive can hold FIFOs, and opening one
// for reading waits for a writer that never comes. Before, a FIFO as
// .git/config, .git/HEAD or .loupe.toml hung `loupe pack` for good (git
// and loupe's own reads both waited). Now the pack is made from what can
// be read, and stderr says which file is not a file. The watchdog only
// turns a hang into a failure; nothing here is timed.
func TestPackIsNotHeldByFIFOsInTheRepository(t *testing.T) {
	cases := map[string][]string{
		"git config":            {".git/config"},
		"git HEAD":              {".git/HEAD"},
		"git info exclude":      {".git/info/exclude"},
		"work tree specials":    {".gitignore", ".loupe.toml", "pipe.go"},
		"branch the HEAD names": {".git/refs/heads/main"},
	}
	for name, fifos := range cases {
		t.Run(name, func(t *testing.T) {
			env := newSealedEnv(t)
			root, ix := filepath.Join(t.TempDir(), "repo"), t.TempDir()
			gitRepo(t, root, map[string]string{"retry.go": "package pay\n\n// RetryPayment retries a failed payment with backoff.\nfunc RetryPayment() error { return nil }\n"})
			for _, f := range fifos {
				p := filepath.Join(root, filepath.FromSlash(f))
				if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
					t.Fatal(err)
				}
				if err := syscall.Mkfifo(p, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, loupeBin(t), "pack", "retry failed payments", "--root", root, "--index-dir", ix, "--budget", "2000")
			cmd.Env = env.environ()
			var out, errb strings.Builder
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			if ctx.Err() != nil {
				t.Fatalf("loupe pack still waiting after 2 minutes with FIFOs at %v", fifos)
			}
			if err != nil {
				t.Fatalf("pack: %v\n%s", err, errb.String())
			}
			if !strings.Contains(out.String(), "func RetryPayment") {
				t.Errorf("the code is not in the pack:\n%s", out.String())
			}
			if f := fifos[0]; !strings.Contains(errb.String(), "not a regular file") {
				t.Errorf("stderr does not say that %s is not a file:\n%s", f, errb.String())
			}
		})
	}
}
