// Package gittest makes real git repositories for tests: git init in a
// temporary directory, files, commits at fixed dates, staged and unstaged
// edits. Tests of loupe's git-backed sources use it so that they exercise
// the real git CLI rather than a fake.
package gittest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Repo is a git work tree under a test's temporary directory.
type Repo struct {
	t   testing.TB
	Dir string
}

// New runs git init in a fresh temporary directory. It skips the test when
// git is not installed.
func New(t testing.TB) *Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := &Repo{t: t, Dir: t.TempDir()}
	r.Git("init", "-q", "-b", "main")
	// The person at the keyboard is the author of the commits Git makes
	// (the changes source offers only one's own commits).
	r.Git("config", "user.email", "ada@example.com")
	return r
}

// Git runs git in the repository with a fixed identity and fails the test
// on error; it returns standard output.
func (r *Repo) Git(args ...string) string {
	return r.GitAt(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), args...)
}

// GitAt runs git with author and committer dates set to when.
func (r *Repo) GitAt(when time.Time, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = r.Dir
	date := when.Format(time.RFC3339)
	cmd.Env = append(os.Environ(),
		"GIT_AUTHOR_NAME=Ada Lovelace", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada Lovelace", "GIT_COMMITTER_EMAIL=ada@example.com",
		"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
	)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Write writes a file (creating directories) and sets its modification
// time to mtime when it is not zero.
func (r *Repo) Write(path, content string, mtime time.Time) {
	r.t.Helper()
	full := filepath.Join(r.Dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
	r.Touch(path, mtime)
}

// Touch sets a file's modification time (a zero time does nothing).
func (r *Repo) Touch(path string, mtime time.Time) {
	r.t.Helper()
	if mtime.IsZero() {
		return
	}
	full := filepath.Join(r.Dir, filepath.FromSlash(path))
	if err := os.Chtimes(full, mtime, mtime); err != nil {
		r.t.Fatal(err)
	}
}

// Commit stages everything and commits it at when.
func (r *Repo) Commit(when time.Time, subject string) {
	r.t.Helper()
	r.Git("add", "-A")
	r.GitAt(when, "commit", "-q", "-m", subject)
}
