// Package gitrun is the one way loupe runs git. Every call is hardened so
// that a repository cannot make git run a program of its choosing: a
// hostile .git/config (from a tarball, a shared directory, a zip of a
// checkout) may name an fsmonitor hook, an external diff, a textconv or a
// clean filter, and git would run each of them on an ordinary `git diff`.
// Run overrides every such key on the command line, strips the
// environment variables that would point git elsewhere, never prompts,
// never fetches, and bounds what it reads.
//
// The user's global and system configuration are kept (their excludes,
// their aliases do not matter here): only program-valued keys are
// neutralised, whatever scope sets them.
package gitrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// ErrNotRepository is returned when dir is not inside a git work tree.
var ErrNotRepository = errors.New("git: not a git repository")

// MaxOutput caps what one git command may print: past it git is stopped
// and the output cut there (a huge diff of a vendored tree must not cost a
// query its deadline). Callers parse leniently.
const MaxOutput = 4 << 20

// hardening comes before every subcommand. Program-valued keys are
// emptied or turned off; the rest makes the output stable whatever the
// user's configuration says.
var hardening = []string{
	"-c", "core.fsmonitor=false",
	"-c", "core.hooksPath=/dev/null",
	"-c", "core.pager=cat",
	"-c", "core.askPass=",
	"-c", "core.sshCommand=false",
	"-c", "credential.helper=",
	"-c", "diff.external=",
	"-c", "diff.ignoreSubmodules=all",
	"-c", "status.submoduleSummary=false",
	"-c", "protocol.allow=never",
	"-c", "gpg.program=false",
	"-c", "log.showSignature=false",
	"-c", "core.quotePath=false",
	"-c", "diff.noprefix=false",
	"-c", "diff.mnemonicPrefix=false",
	"-c", "color.ui=false",
}

// diffLike subcommands take --no-ext-diff and --no-textconv: a diff
// driver's command or textconv program is chosen by .gitattributes.
var diffLike = []string{"diff", "log", "show"}

// scrubbedEnv are variables that would make git read another repository,
// another index or other configuration, or run a program.
var scrubbedEnv = []string{
	"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE",
	"GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_EXTERNAL_DIFF",
	"GIT_PAGER", "PAGER", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_SSH", "GIT_SSH_COMMAND",
	"GIT_EXEC_PATH", "GIT_TRACE", "GIT_EDITOR",
}

// Args returns the full argument list Run passes to git: the hardening,
// the neutralised filter drivers, then args with --no-ext-diff and
// --no-textconv after a diff-like subcommand.
func Args(filters []string, args ...string) []string {
	out := slices.Clone(hardening)
	for _, name := range filters {
		out = append(out, "-c", "filter."+name+".clean=", "-c", "filter."+name+".smudge=",
			"-c", "filter."+name+".process=", "-c", "filter."+name+".required=false")
	}
	if len(args) == 0 {
		return out
	}
	out = append(out, args[0])
	if slices.Contains(diffLike, args[0]) {
		out = append(out, "--no-ext-diff", "--no-textconv")
	}
	return append(out, args[1:]...)
}

// Env returns the environment git runs with: the process's own, less the
// variables in scrubbedEnv, plus a fixed locale, no prompts, no optional
// locks (git never competes with the person's own commands for the index
// lock) and no lazy fetches of a partial clone.
func Env() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if slices.Contains(scrubbedEnv, k) || strings.HasPrefix(k, "GIT_CONFIG_KEY_") || strings.HasPrefix(k, "GIT_CONFIG_VALUE_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_PAGER=cat", "PAGER=cat",
		"GIT_TERMINAL_PROMPT=0", "GIT_NO_LAZY_FETCH=1", "GIT_NO_REPLACE_OBJECTS=1")
}

// Run runs hardened git with args in dir and returns its standard output,
// at most MaxOutput bytes of it (then cut, mid-line perhaps). A directory
// outside any work tree gives ErrNotRepository without starting git.
func Run(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return RunLimit(ctx, dir, MaxOutput, args...)
}

// RunLimit is Run with its own output bound, for the few calls whose
// whole output is needed (the commit log the index reads once).
func RunLimit(ctx context.Context, dir string, limit int, args ...string) ([]byte, error) {
	if len(args) == 0 {
		return nil, errors.New("git: no subcommand")
	}
	l, err := runnable(dir)
	if err != nil {
		return nil, err
	}
	var filters []string
	if mayConfigureFilters(l) {
		if filters, err = filterDrivers(ctx, dir); err != nil {
			return nil, err
		}
	}
	// The work tree is pinned to the one dir is in (the directory that holds
	// the nearest .git): a repository's config may set core.worktree to any
	// directory, and git would then diff and list that directory's files
	// (the user's home, say) as the repository's changes, into the pack.
	// --work-tree overrides the key.
	return run(ctx, dir, limit, append([]string{"--work-tree=" + l.top()}, Args(filters, args...)...))
}

// Check returns what Run would stop at in dir without starting git
// (runnable); nil when git may run.
func Check(dir string) error {
	_, err := runnable(dir)
	return err
}

// runnable is dir's layout when git may be run there: ErrNotRepository
// outside a work tree (what git would say, without the process), or the
// error of a repository whose own files make running git unsafe
// (checkRepository).
func runnable(dir string) (layout, error) {
	l, ok := locate(dir)
	if !ok {
		return layout{}, ErrNotRepository
	}
	return l, checkRepository(l)
}

// run starts git with the exact argv and reads its bounded output.
func run(ctx context.Context, dir string, limit int, argv []string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", argv...)
	cmd.Dir = dir
	cmd.Env = Env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	sub := subcommand(argv)
	if err != nil {
		return nil, fmt.Errorf("git %s: %w", sub, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git %s: %w", sub, err)
	}
	out, readErr := io.ReadAll(io.LimitReader(stdout, int64(limit)))
	truncated := readErr == nil && len(out) == limit
	if truncated {
		_ = cmd.Process.Kill() // enough: the rest would only be dropped
	}
	err = cmd.Wait()
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	if err != nil && !truncated {
		return nil, gitError(sub, stderr.String(), err)
	}
	if readErr != nil {
		return nil, fmt.Errorf("git %s: reading output: %w", sub, readErr)
	}
	return out, nil
}

// filterDrivers names every filter driver with a program configured
// outside the command line: each is neutralised on the real call, since
// a clean filter runs on any diff against the working tree. Listing them
// runs no program.
func filterDrivers(ctx context.Context, dir string) ([]string, error) {
	out, err := run(ctx, dir, MaxOutput, append(slices.Clone(hardening), "config", "--null", "--get-regexp", `^filter\..*\.(clean|smudge|process)$`))
	if errors.Is(err, errNoMatch) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return parseFilterNames(out), nil
}

// parseFilterNames reads `git config --null --get-regexp` output: records
// "key\nvalue\x00"; it returns the distinct driver names in order.
func parseFilterNames(out []byte) []string {
	var names []string
	for _, rec := range strings.Split(string(out), "\x00") {
		key, _, _ := strings.Cut(rec, "\n")
		key = strings.TrimPrefix(key, "filter.")
		i := strings.LastIndexByte(key, '.')
		if i <= 0 {
			continue
		}
		if name := key[:i]; !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// errNoMatch is what `git config --get-regexp` exits with when nothing matches.
var errNoMatch = errors.New("git: no match")

func subcommand(argv []string) string {
	for i := 0; i < len(argv); i++ {
		if argv[i] == "-c" {
			i++
			continue
		}
		return argv[i]
	}
	return ""
}

func gitError(sub, stderr string, err error) error {
	msg := strings.TrimSpace(stderr)
	if strings.Contains(strings.ToLower(msg), "not a git repository") {
		return ErrNotRepository
	}
	var ee *exec.ExitError
	if sub == "config" && errors.As(err, &ee) && ee.ExitCode() == 1 {
		return errNoMatch
	}
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if msg == "" {
		return fmt.Errorf("git %s: %w", sub, err)
	}
	return fmt.Errorf("git %s: %w: %s", sub, err, msg)
}

// MaybeInWorkTree reports whether git could find a repository for dir: a
// .git entry (a directory, or the file of a worktree or submodule) in dir
// or one of its parents. When it says false git would only fail with "not
// a git repository", so loupe skips the process (several per query)
// altogether; when it says true, git decides. GIT_DIR is not consulted:
// Run scrubs it.
func MaybeInWorkTree(dir string) bool {
	if _, err := filepath.Abs(dir); err != nil {
		return true
	}
	_, _, ok := nearestDotGit(dir, os.Lstat) // whether it is there, not where it leads: no read
	return ok
}

// ExcludesFile returns the user's global excludes file: core.excludesFile
// when the user's own (global or system) config sets it, else
// $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore; "" when there is
// no home to find it in. A repository's own config may not choose a file
// for loupe to read. It works outside a repository too.
func ExcludesFile(ctx context.Context, dir string) string {
	if maySetExcludesFile() {
		if p := configuredExcludesFile(ctx, dir); p != "" {
			return p
		}
	}
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "git", "ignore")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".config", "git", "ignore")
	}
	return ""
}

// configuredExcludesFile asks git for the core.excludesFile the user's
// global or system config sets, "" when none does.
func configuredExcludesFile(ctx context.Context, dir string) string {
	if _, err := runnable(dir); err != nil {
		return ""
	}
	argv := append(slices.Clone(hardening), "config", "--show-scope", "--path", "--get-all", "core.excludesFile")
	out, err := run(ctx, dir, 64<<10, argv)
	if err != nil {
		return ""
	}
	var last string
	for _, line := range strings.Split(string(out), "\n") {
		scope, p, _ := strings.Cut(line, "\t")
		if p != "" && (scope == "global" || scope == "system") {
			last = p // the last one wins, as in git
		}
	}
	return last
}
