package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// e2e drives the real loupe binary in a real terminal (tmux) on a copy of
// the payments fixture: start with a query, pin a block, lower the budget,
// write the context to a file, quit. It then checks the captured screen
// and that the file equals `loupe pack` output for the same state.
type e2e struct {
	t      *testing.T
	bin    string
	repo   string
	env    []string
	socket string
}

func TestE2EExplorerInTmux(t *testing.T) {
	e := startE2E(t, "retry payment")
	e.waitScreen(" 1/") // the list's position: results are in
	e.keys("j", "j", "p")
	e.waitScreen("1 pinned")
	e.keys("-")
	e.waitScreen("of 7,000 tokens")
	e.keys("w")
	e.waitScreen("write to: loupe-context.md")
	e.keys("Enter")
	screen := e.waitScreen("wrote ")
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if !strings.Contains(lines[0], "query › retry payment") || len(lines) > 40 ||
		!strings.Contains(screen, "─ candidates ") || !strings.Contains(screen, "╰─") {
		t.Fatalf("screen (the header, then the framed list and preview):\n%s", screen)
	}
	e.curate()
	e.keys("q")
	e.waitExit()

	// Move the file out of the repository first: loupe pack would see it
	// as an untracked change.
	moved := filepath.Join(t.TempDir(), "explorer.md")
	if err := os.Rename(filepath.Join(e.repo, "loupe-context.md"), moved); err != nil {
		t.Fatal(err)
	}
	written, err := os.ReadFile(moved)
	if err != nil {
		t.Fatal(err)
	}
	s := e.session()
	if len(s.Pins) != 1 || len(s.Drops) != 1 || s.Budget != 2500 || s.Query != "retry payment" {
		t.Fatalf("session %+v", s)
	}
	out := filepath.Join(t.TempDir(), "pack.md")
	e.run(e.bin, "pack", "retry payment", "--budget", "7000", "--pin", s.Pins[0], "--out", out)
	packed, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(packed) != string(written) {
		t.Fatalf("explorer wrote %d bytes, loupe pack %d for the same state; first difference at byte %d",
			len(written), len(packed), firstDiff(written, packed))
	}
}

// curate goes on from the written context as a person would: a typed
// budget (the prompt's default is replaced, not appended to), a drop (the
// cursor stays on its line), a mouse click on a row, the context preview
// (no column of … where loupe cut glamour's lines) and the session list.
func (e *e2e) curate() {
	e.t.Helper()
	e.keys("b")
	e.waitScreen("budget: ")
	e.keys("2500", "Enter")
	// A re-pack that left budget unused (the budget step down to 7,000)
	// asked for more candidates; when they land the list may re-order, the
	// cursor staying on its block. Wait for that, then move one row down
	// from wherever the cursor is.
	e.waitScreen("of 2,500 tokens")
	row := listRow(e.t, e.waitSettled())
	e.keys("j")
	next := fmt.Sprintf(" %d/", row+1)
	e.waitScreen(next)
	e.keys("x")
	screen := e.waitScreen("1 dropped")
	if !strings.Contains(screen, next) {
		e.t.Fatalf("the cursor left its line on drop:\n%s", screen)
	}
	// A left click (SGR mouse report) on the list's second row, screen
	// line 6 (1-based): query, two meter lines, the list's title, row 1.
	e.tmux("send-keys", "-t", "loupe", "-l", "\x1b[<0;12;6M\x1b[<0;12;6m")
	e.waitScreen(" 2/")
	e.keys("v")
	// The title names both tabs, so wait for the block's explanation
	// ("score 0.84 · …") to give way to the context itself.
	screen = e.waitScreenFunc("the context preview", func(s string) bool {
		return strings.Contains(s, "context · md") && !strings.Contains(s, "│ score ") // inside the frame
	})
	lines := strings.Split(screen, "\n")
	inPreview := false
	for _, l := range lines {
		if strings.Contains(l, "context · md") {
			inPreview = true
			continue
		}
		inner := strings.TrimRight(strings.TrimSuffix(strings.TrimRight(l, " "), "│"), " ") // the frame's right border
		if inPreview && strings.HasSuffix(inner, "…") && !strings.Contains(l, "•") {
			e.t.Fatalf("a preview line was cut after glamour wrapped it: %q\n%s", l, screen)
		}
	}
	e.keys("C-r")
	screen = e.waitScreen("enter resumes")
	if !strings.Contains(screen, "retry payment") || !strings.Contains(screen, "budget 2,500 · 1 pin") {
		e.t.Fatalf("session list:\n%s", screen)
	}
	e.keys("Escape")
	e.waitScreen("context · md")
}

// waitSettled waits until no search is running and the screen has not
// changed for a second, and returns it.
func (e *e2e) waitSettled() string {
	e.t.Helper()
	last, since := "", time.Now()
	return e.waitScreenFunc("a settled screen", func(screen string) bool {
		if screen != last || strings.Contains(screen, "searching…") {
			last, since = screen, time.Now()
			return false
		}
		return time.Since(since) >= time.Second
	})
}

// listRow reads the cursor's row from the list's title ("─ 3/137 ─╮").
func listRow(t *testing.T, screen string) int {
	t.Helper()
	m := regexp.MustCompile(`─ (\d+)/\d+ ─╮`).FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no list position on screen:\n%s", screen)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// startE2E skips without tmux or under -short; otherwise it builds the
// binary and opens the explorer on query in a 120×40 tmux window.
func startE2E(t *testing.T, query string) *e2e {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test builds the binary; skipped with -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end explorer test needs it (Debian: apt-get install tmux; .ci/run installs it)")
	}
	e := newE2E(t)
	e.tmux("new-session", "-d", "-s", "loupe", "-x", "120", "-y", "40", "-c", e.repo, e.shell(e.bin+" "+query))
	return e
}

func newE2E(t *testing.T) *e2e {
	dir := t.TempDir()
	e := &e2e{t: t, bin: filepath.Join(dir, "loupe"), repo: filepath.Join(dir, "payments"),
		socket: fmt.Sprintf("loupe-e2e-%d", os.Getpid())}
	e.env = append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(dir, "state"),
		"XDG_CACHE_HOME="+filepath.Join(dir, "cache"), "HOME="+dir, "TERM=xterm-256color",
		"EDITOR=true", "LOUPE_DEBUG=", "DISPLAY=", "WAYLAND_DISPLAY=")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, "go", "build", "-o", e.bin, ".")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building loupe: %v\n%s", err, out)
	}
	if err := os.CopyFS(e.repo, os.DirFS(filepath.Join("..", "testdata", "repos", "payments"))); err != nil {
		t.Fatal(err)
	}
	// A fixed old date keeps "changed N ago" text identical across runs.
	gitEnv := []string{"GIT_AUTHOR_DATE=2020-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2020-01-02T03:04:05Z",
		"GIT_AUTHOR_NAME=e2e", "GIT_AUTHOR_EMAIL=e2e@example.com", "GIT_COMMITTER_NAME=e2e",
		"GIT_COMMITTER_EMAIL=e2e@example.com"}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "payments fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = e.repo, append(append([]string{}, e.env...), gitEnv...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.socket, "kill-server").Run() })
	return e
}

// shell wraps a command so tmux runs it with the test's environment.
func (e *e2e) shell(cmd string) string {
	var b strings.Builder
	b.WriteString("env -i")
	for _, kv := range e.env {
		if strings.HasPrefix(kv, "PATH=") || strings.HasPrefix(kv, "XDG_") || strings.HasPrefix(kv, "HOME=") ||
			strings.HasPrefix(kv, "TERM=") || strings.HasPrefix(kv, "EDITOR=") {
			b.WriteString(" '" + kv + "'")
		}
	}
	return b.String() + " " + cmd
}

func (e *e2e) tmux(args ...string) string {
	e.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-L", e.socket, "-f", "/dev/null"}, args...)...)
	cmd.Env = e.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		e.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (e *e2e) keys(keys ...string) {
	e.tmux(append([]string{"send-keys", "-t", "loupe"}, keys...)...)
}

// waitScreen polls the captured screen until it shows want. The deadline
// is a ceiling for a loaded machine, not a speed assertion.
func (e *e2e) waitScreen(want string) string {
	e.t.Helper()
	var screen string
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		screen = e.tmux("capture-pane", "-t", "loupe", "-p")
		if strings.Contains(screen, want) {
			return screen
		}
	}
	e.t.Fatalf("screen never showed %q:\n%s", want, screen)
	return ""
}

// waitScreenFunc waits for a screen that ok accepts; what names it in
// the failure.
func (e *e2e) waitScreenFunc(what string, ok func(string) bool) string {
	e.t.Helper()
	var screen string
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		screen = e.tmux("capture-pane", "-t", "loupe", "-p")
		if ok(screen) {
			return screen
		}
	}
	e.t.Fatalf("screen never showed %s:\n%s", what, screen)
	return ""
}

func (e *e2e) waitExit() {
	e.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if exec.Command("tmux", "-L", e.socket, "has-session", "-t", "loupe").Run() != nil {
			return
		}
	}
	e.t.Fatal("loupe did not exit on q")
}

func (e *e2e) run(name string, args ...string) {
	e.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = e.repo, e.env
	if out, err := cmd.CombinedOutput(); err != nil {
		e.t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

// session reads the one session file the explorer saved.
func (e *e2e) session() Session {
	e.t.Helper()
	env := map[string]string{}
	for _, kv := range e.env {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	files, _ := filepath.Glob(filepath.Join(env["XDG_STATE_HOME"], "loupe", "sessions", "*", "*.json"))
	if len(files) != 1 {
		e.t.Fatalf("session files: %v", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		e.t.Fatal(err)
	}
	var s Session
	if err := json.Unmarshal(b, &s); err != nil {
		e.t.Fatal(err)
	}
	return s
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestE2EExplorerSeesAnEdit: a function written to the repository while
// the real explorer is open shows up in its list without a key pressed:
// the file notification updates the index and runs the search again.
func TestE2EExplorerSeesAnEdit(t *testing.T) {
	e := startE2E(t, "reconcile ledger drift")
	if s := e.waitScreen("─ candidates "); strings.Contains(s, "reconcileLedgerDrift") {
		t.Fatalf("found before it was written:\n%s", s)
	}
	src := "package payments\n\n// reconcileLedgerDrift settles the ledger drift between two batches.\n" +
		"func reconcileLedgerDrift(a, b int) int {\n\treturn a - b\n}\n"
	if err := os.WriteFile(filepath.Join(e.repo, "ledger_drift.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	e.waitScreen("reconcileLedgerDrift")
	e.keys("q")
	e.waitExit()
}

// TestE2EListIsBestFirst: on screen, the packed rows come first and, like
// the left-out rows after them, best first whatever their source: no
// row's score bar is longer than the bar of a row above it in its part of
// the list (the pack itself groups blocks by source; the list does not).
func TestE2EListIsBestFirst(t *testing.T) {
	e := startE2E(t, "retry payment")
	e.waitScreen(" 1/")
	screen := e.waitSettled()
	row := regexp.MustCompile(`^│[▌ ]([●+x!·]) (\S+) .* ([█░]{5}) `)
	last := map[bool]int{true: 6, false: 6} // packed, not packed: the shortest bar so far
	sources := map[string]bool{}
	n := 0
	for _, l := range strings.Split(screen, "\n") {
		m := row.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n++
		sources[m[2]] = true
		packed := m[1] == "+" || m[1] == "●"
		bar := strings.Count(m[3], "█")
		if bar > last[packed] {
			t.Fatalf("row %d (%s) has a longer bar than a row above it:\n%s", n, m[2], screen)
		}
		last[packed] = bar
	}
	if n < 10 || len(sources) < 2 {
		t.Fatalf("%d rows from %d sources on screen; want a list from several sources:\n%s", n, len(sources), screen)
	}
}
