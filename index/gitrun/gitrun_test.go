package gitrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hostileRepo makes a repository whose .git/config names a program for
// every hook git would run on a diff, a log or a status: fsmonitor, an
// external diff, a textconv and a clean filter. Each writes marker.
func hostileRepo(t *testing.T) (repo, marker string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo, marker = t.TempDir(), filepath.Join(t.TempDir(), "ran")
	script := filepath.Join(t.TempDir(), "evil.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho ran >> "+marker+"\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustGit(t, repo, "init", "-q", "-b", "main")
	for _, kv := range [][2]string{
		{"core.fsmonitor", script}, {"diff.external", script}, {"diff.evil.textconv", script},
		{"diff.evil.command", script}, {"filter.evil.clean", script}, {"filter.evil.smudge", script},
		{"filter.evil.required", "true"}, {"core.pager", script}, {"user.name", "t"}, {"user.email", "t@t"},
	} {
		mustGit(t, repo, "config", kv[0], kv[1])
	}
	write(t, repo, ".gitattributes", "*.go diff=evil filter=evil\n")
	write(t, repo, "a.go", "package a\n")
	// Commit with the plain git, hooks off, then forget what that ran.
	mustGit(t, repo, "-c", "filter.evil.clean=", "-c", "filter.evil.required=false", "-c", "core.fsmonitor=false", "add", "-A")
	mustGit(t, repo, "-c", "core.fsmonitor=false", "commit", "-q", "-m", "one")
	write(t, repo, "a.go", "package a\n\nfunc A() {}\n")
	os.Remove(marker)
	return repo, marker
}

func TestRunNeverRunsARepositoryProgram(t *testing.T) {
	repo, marker := hostileRepo(t)
	ctx := context.Background()
	for _, args := range [][]string{
		{"status", "--porcelain"}, {"diff"}, {"diff", "HEAD"}, {"log", "-p", "-1"}, {"show", "HEAD"},
		{"ls-files", "--others", "--exclude-standard"}, {"rev-parse", "HEAD"},
	} {
		out, err := Run(ctx, repo, args...)
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("git %v ran the repository's program (output %q)", args, out)
		}
	}
	out, _ := Run(ctx, repo, "diff")
	if !strings.Contains(string(out), "+func A() {}") {
		t.Fatalf("diff lost the change: %q", out)
	}
}

// TestPlainGitWouldRunThem proves the fixture is hostile: git without the
// runner's hardening runs the repository's programs.
func TestPlainGitWouldRunThem(t *testing.T) {
	repo, marker := hostileRepo(t)
	cmd := exec.Command("git", "diff")
	cmd.Dir = repo
	_, _ = cmd.Output()
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("plain git diff ran nothing: the fixture proves nothing")
	}
}

func TestArgs(t *testing.T) {
	got := strings.Join(Args([]string{"lfs"}, "log", "-p"), " ")
	for _, want := range []string{"core.fsmonitor=false", "filter.lfs.clean=", "log --no-ext-diff --no-textconv -p"} {
		if !strings.Contains(got, want) {
			t.Errorf("args %q lack %q", got, want)
		}
	}
	if got := strings.Join(Args(nil, "rev-parse", "HEAD"), " "); strings.Contains(got, "--no-ext-diff") {
		t.Errorf("rev-parse got diff options: %q", got)
	}
}

func TestEnvScrubsGitDir(t *testing.T) {
	t.Setenv("GIT_DIR", "/elsewhere")
	t.Setenv("GIT_EXTERNAL_DIFF", "/bin/evil")
	for _, kv := range Env() {
		if strings.HasPrefix(kv, "GIT_DIR=") || strings.HasPrefix(kv, "GIT_EXTERNAL_DIFF=") {
			t.Errorf("env keeps %s", kv)
		}
	}
}

func TestParseFilterNames(t *testing.T) {
	got := parseFilterNames([]byte("filter.lfs.clean\ngit-lfs clean\x00filter.lfs.smudge\nx\x00filter.a.b.process\ny\x00"))
	if strings.Join(got, ",") != "lfs,a.b" {
		t.Fatalf("names %v", got)
	}
}

func TestNotRepository(t *testing.T) {
	dir := t.TempDir()
	if MaybeInWorkTree(dir) {
		t.Skip("a .git above the temp dir")
	}
	if _, err := Run(context.Background(), dir, "status"); err != ErrNotRepository {
		t.Fatalf("err %v", err)
	}
}

func mustGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v %s", args, err, out)
	}
}

func write(t *testing.T, dir, name, s string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// emptyUserConfig gives the test a home of its own with no git config in
// it, and no system config: what git and the config scan read of the
// user's is what the test writes there.
func emptyUserConfig(t *testing.T) (home string) {
	t.Helper()
	home = t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	return home
}

func TestExcludesFileIsTheUsers(t *testing.T) {
	repo, _ := hostileRepo(t)
	home := emptyUserConfig(t)
	mustGit(t, repo, "config", "core.excludesFile", "/etc/hostname")
	want := filepath.Join(home, ".config", "git", "ignore")
	if got := ExcludesFile(context.Background(), repo); got != want {
		t.Fatalf("a repository chose %q (want the default %q)", got, want)
	}
	write(t, home, ".gitconfig", "[core]\n\texcludesFile = "+filepath.Join(home, "ign")+"\n")
	if got := ExcludesFile(context.Background(), repo); got != filepath.Join(home, "ign") {
		t.Fatalf("the user's excludesFile: %q", got)
	}
}

func TestMayConfigureFilters(t *testing.T) {
	repo, _ := hostileRepo(t)
	emptyUserConfig(t)
	if !mayConfigureFilters(mustLocate(t, repo)) {
		t.Fatal("a repository with filter.evil.clean may configure no filter")
	}
	plain := t.TempDir()
	mustGit(t, plain, "init", "-q")
	if mayConfigureFilters(mustLocate(t, plain)) {
		t.Fatal("a fresh repository in an empty home configures filters")
	}
	write(t, filepath.Join(plain, ".git"), "config", "[include]\n\tpath = other\n")
	if !mayConfigureFilters(mustLocate(t, plain)) {
		t.Fatal("an include may bring filters")
	}
}

func TestMaySetExcludesFile(t *testing.T) {
	home := emptyUserConfig(t)
	t.Setenv("GIT_CONFIG_GLOBAL", "")
	if maySetExcludesFile() {
		t.Fatal("an empty home sets an excludes file")
	}
	write(t, home, ".gitconfig", "[user]\n\tname = A\n")
	if maySetExcludesFile() {
		t.Fatal("a config without the key sets an excludes file")
	}
	for _, cfg := range []string{"[core]\n\tExcludesFILE = ~/x\n", "[include]\n\tpath = more\n", "[includeIf \"gitdir:~/w/\"]\n\tpath = w\n"} {
		write(t, home, ".gitconfig", cfg)
		if !maySetExcludesFile() {
			t.Fatalf("%q may set an excludes file", cfg)
		}
	}
	os.Remove(filepath.Join(home, ".gitconfig"))
	if err := os.MkdirAll(filepath.Join(home, ".config", "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(home, ".config", "git"), "config", "[core]\nexcludesfile=/x\n")
	if !maySetExcludesFile() {
		t.Fatal("the XDG config may set an excludes file")
	}
}

// With nothing in the user's config naming a file, ExcludesFile gives the
// default without a git process: with no git on PATH it still answers.
func TestExcludesFileDefaultWithoutGit(t *testing.T) {
	home := emptyUserConfig(t)
	t.Setenv("GIT_CONFIG_GLOBAL", "")
	t.Setenv("PATH", t.TempDir())
	if got, want := ExcludesFile(context.Background(), t.TempDir()), filepath.Join(home, ".config", "git", "ignore"); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// committedRepo makes dir (created if needed) a repository on branch main
// with one commit of the file name holding s.
func committedRepo(t *testing.T, dir, name, s string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, dir, name, s)
	mustGit(t, dir, "init", "-q", "-b", "main")
	mustGit(t, dir, "add", name)
	mustGit(t, dir, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", name)
	return dir
}

func mustLocate(t *testing.T, dir string) layout {
	t.Helper()
	l, ok := locate(dir)
	if !ok {
		t.Fatalf("no .git at or above %s", dir)
	}
	return l
}
