//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestEngineKeySurvivesTheSocket: a configuration sent to the server as
// JSON builds the same engine as the server's own, and one with other
// sources does not. (A Duration that did not survive the trip made every
// request a mismatch: the server never answered.)
func TestEngineKeySurvivesTheSocket(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Deadline = Duration{3 * time.Second}
	cfg.Model.Timeout = Duration{time.Minute}
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var back Config
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !sameEngine(cfg, back) {
		t.Fatalf("the configuration changed on its way:\n%s", b)
	}
	perRequest := back
	perRequest.Budget, perRequest.Format, perRequest.Candidates = 123, "json", 500
	if !sameEngine(cfg, perRequest) {
		t.Error("a budget, format or candidate count of its own made the request a mismatch")
	}
	other := back
	other.Sources = []string{"code"}
	if sameEngine(cfg, other) {
		t.Error("other sources were taken for the same engine")
	}
	other = back
	other.Deadline = Duration{time.Second}
	if sameEngine(cfg, other) {
		t.Error("another deadline was taken for the same engine")
	}
}

// TestServe: through the real binary, in a git repository, with `loupe
// serve` running, `loupe pack` prints the same bytes on stdout and stderr
// as `loupe pack --no-server` (markdown, JSON, --explain, pins); a file
// saved just before a pack is in it; a request the server cannot answer
// exactly (other sources) is packed by the client; a second server is
// refused; the server says how many packs it answered and removes its
// socket when stopped; a pack after a server was killed packs on its own.
func TestServe(t *testing.T) {
	root, ix := fixture(t, "payments")
	gitInit(t, root)
	writeFiles(t, root, map[string]string{"wip.go": "package pay\n\n// draftRefund is work in progress.\nfunc draftRefund() {}\n"})
	srv, stderr := startServe(t, "--root", root, "--index-dir", ix)
	sock := filepath.Join(ix, socketName)

	same := func(args ...string) binResult {
		t.Helper()
		served := runBin(t, "", append(args, "--root", root, "--index-dir", ix)...)
		alone := runBin(t, "", append(args, "--root", root, "--index-dir", ix, "--no-server")...)
		if served.err != nil || alone.err != nil {
			t.Fatalf("%v: served %v, alone %v\n%s\n%s", args, served.err, alone.err, served.stderr, alone.stderr)
		}
		if served.stdout != alone.stdout || served.stderr != alone.stderr {
			t.Fatalf("%v: the served pack differs from the pack alone:\n--- served\n%s\n%s\n--- alone\n%s\n%s",
				args, served.stdout, served.stderr, alone.stdout, alone.stderr)
		}
		return served
	}
	out := same("pack", "retry failed payments with backoff", "--budget", "1500")
	if !strings.Contains(out.stdout, "func retryWithBackoff(") {
		t.Fatalf("the pack misses the retry code:\n%s", out.stdout)
	}
	same("pack", "retry failed payments", "--budget", "900", "--format", "json", "--explain")
	same("pack", "draft refund", "--budget", "2000", "--pin", "nosuchblock")
	answered := 3

	// A save right before the pack: the server must see it (the watcher's
	// barrier), not an index of a moment ago.
	for i := range 5 {
		name := "settleLedgerDrift" + string(rune('A'+i))
		writeFiles(t, root, map[string]string{"ledger.go": "package pay\n\n// " + name + " settles the drift.\nfunc " + name + "() {}\n"})
		got := runBin(t, "", "pack", name, "--budget", "2000", "--root", root, "--index-dir", ix)
		answered++
		if got.err != nil || !strings.Contains(got.stdout, "func "+name+"()") {
			t.Fatalf("round %d: a function saved just before the pack is not in it (%v):\n%s", i, got.err, got.stdout)
		}
	}

	// Other sources build another engine: the client packs itself, and
	// the result is still right.
	same("pack", "retry failed payments", "--budget", "900", "--sources", "code")

	again := runBin(t, "", "serve", "--root", root, "--index-dir", ix)
	if again.err == nil || !strings.Contains(again.stderr, "already answers") {
		t.Fatalf("a second server was not refused: %v\n%s", again.err, again.stderr)
	}

	if err := srv.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	srv.Wait()
	if want := "after " + strconv.Itoa(answered) + " packs"; !strings.Contains(stderr.String(), want) {
		t.Fatalf("the server did not answer every pack it could (want %q):\n%s", want, stderr.String())
	}
	if _, err := os.Lstat(sock); !os.IsNotExist(err) {
		t.Fatalf("the socket outlived its server: %v", err)
	}

	// A server killed outright leaves its socket: packs go on alone, and
	// the next server replaces it.
	srv, _ = startServe(t, "--root", root, "--index-dir", ix)
	srv.Process.Kill()
	srv.Wait()
	if _, err := os.Lstat(sock); err != nil {
		t.Fatalf("a killed server left no socket to test with: %v", err)
	}
	if got := runBin(t, "", "pack", "retry failed payments", "--budget", "900", "--root", root, "--index-dir", ix); got.err != nil || !strings.Contains(got.stdout, "retryWithBackoff") {
		t.Fatalf("a pack beside a dead server's socket failed: %v\n%s\n%s", got.err, got.stderr, got.stdout)
	}
	srv, _ = startServe(t, "--root", root, "--index-dir", ix)
	srv.Process.Signal(syscall.SIGTERM)
	srv.Wait()
}

// TestServeIdle: through the binary, with --idle, the server stops by
// itself once no pack was asked for that long, says why, and removes its
// socket; the pack asked before then was answered by it. (When the clock
// starts again: TestIdleClockRestarts, on a clock of the test's own.)
func TestServeIdle(t *testing.T) {
	root, ix := fixture(t, "payments")
	srv, stderr := startServe(t, "--root", root, "--index-dir", ix, "--idle", "5s")
	if got := runBin(t, "", "pack", "retry failed payments", "--budget", "900", "--root", root, "--index-dir", ix); got.err != nil {
		t.Fatalf("pack: %v\n%s", got.err, got.stderr)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the server did not stop when idle")
	}
	if !strings.Contains(stderr.String(), "after 1 pack (none for 5s)") {
		t.Fatalf("the idle server did not answer the pack, or did not say why it stopped:\n%s", stderr.String())
	}
	if _, err := os.Lstat(filepath.Join(ix, socketName)); !os.IsNotExist(err) {
		t.Fatalf("the socket outlived its idle server: %v", err)
	}
}

// TestIdleClockRestarts: on a clock the test fires by hand, the idle
// server stops when its time is up, not when a clock started before the
// last request runs out, and not while an answer is running.
func TestIdleClockRestarts(t *testing.T) {
	clocks := make(chan chan time.Time, 8)
	after := func(time.Duration) <-chan time.Time {
		c := make(chan time.Time, 1)
		clocks <- c
		return c
	}
	next := func() chan time.Time {
		t.Helper()
		select {
		case c := <-clocks:
			return c
		case <-time.After(time.Minute):
			t.Fatal("no clock started")
			return nil
		}
	}
	stopped := make(chan struct{})
	s := &server{}
	idled := s.stopWhenIdle(context.Background(), time.Hour, func() { close(stopped) }, after)
	stillRunning := func(what string) {
		t.Helper()
		select {
		case <-stopped:
			t.Fatalf("stopped %s", what)
		default:
		}
	}
	first := next()
	s.asked <- struct{}{} // a request: the clock starts again
	second := next()
	first <- time.Now() // the clock from before the request runs out
	s.mu.Lock()         // an answer is running
	second <- time.Now()
	third := next() // the time was up during the answer: the clock starts again
	stillRunning("while an answer ran, or on a clock the request had replaced")
	s.mu.Unlock()
	third <- time.Now()
	select {
	case <-stopped:
	case <-time.After(time.Minute):
		t.Fatal("not stopped when idle")
	}
	if !idled.Load() {
		t.Error("stopped, but does not say it was idle")
	}
}

// TestPackNeverWritesAnotherSocket: a link named like the server's socket,
// pointing at another program's socket, is never connected to; the pack
// packs on its own and the other program hears nothing.
func TestPackNeverWritesAnotherSocket(t *testing.T) {
	root, ix := fixture(t, "payments")
	other := filepath.Join(t.TempDir(), "agent.sock")
	ln, err := net.Listen("unix", other)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if got := runBin(t, "", "index", "--root", root, "--index-dir", ix); got.err != nil {
		t.Fatalf("index: %v\n%s", got.err, got.stderr)
	}
	if err := os.Symlink(other, filepath.Join(ix, socketName)); err != nil {
		t.Fatal(err)
	}
	got := runBin(t, "", "pack", "retry failed payments", "--budget", "900", "--root", root, "--index-dir", ix)
	if got.err != nil || !strings.Contains(got.stdout, "retryWithBackoff") {
		t.Fatalf("the pack failed beside a linked socket: %v\n%s", got.err, got.stderr)
	}
	// A connection the pack made waits in the listener's queue, and Accept
	// takes it at once; the deadline only ends the wait when there is none.
	ln.(*net.UnixListener).SetDeadline(time.Now().Add(50 * time.Millisecond))
	if c, err := ln.Accept(); err == nil {
		c.Close()
		t.Fatal("the pack connected to another program's socket through a link")
	}
}

// startServe starts `loupe serve` and waits until it answers on its socket.
func startServe(t *testing.T, args ...string) (*exec.Cmd, *lockedBuffer) {
	t.Helper()
	cmd := exec.Command(loupeBin(t), append([]string{"serve"}, args...)...)
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if strings.Contains(stderr.String(), "loupe: serving ") {
			return cmd, stderr
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not start:\n%s", stderr.String())
		}
	}
}

// lockedBuffer is a bytes.Buffer a running process writes while the test
// reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
