//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// `loupe serve` keeps one repository open so that `loupe pack` answers
// without starting from nothing: a one-shot pack builds the tokenizer's
// vocabulary, opens the index and walks the whole tree to see whether
// anything changed, every time. A server has all three ready and learns of
// changes from file notifications (freshness.go), so a pack asks it over a
// socket in the index directory and prints what it says (serve_client.go).
//
// The answer is the same bytes the pack would print on its own: the server
// answers only requests whose engine is its own (same binary, root and
// configuration up to the per-request settings), refreshes its index first
// when anything changed, and every other request is packed by the client
// itself. Nothing of this is needed: without a server, pack works alone.

func newServeCmd(g *globalFlags) *cobra.Command {
	f := &requestFlags{}
	var idle time.Duration
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Keep the index open so that loupe pack answers at once",
		Long: "loupe serve keeps the repository's index, tokenizer and engine open and watches the\n" +
			"tree for changes. While it runs, `loupe pack` in the same repository asks it instead of\n" +
			"starting from nothing, and prints the same bytes it would print on its own. Stop it\n" +
			"with Ctrl-C, or let --idle stop it (a script or an agent session that starts it need\n" +
			"not). Packs with other sources, diagnostics or a local model pack on their own.",
		Example: `  loupe serve &
  loupe serve --idle 30m &   # stops after 30 minutes without a pack`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if idle < 0 {
				return usageError{fmt.Errorf("--idle %v: must be positive (or 0: never)", idle)}
			}
			return runServe(cmd, g, f, idle)
		},
	}
	bindRequestFlags(cmd.Flags(), f, PackDeadline)
	cmd.Flags().DurationVar(&idle, "idle", 0, "stop after this long without a pack (0: never)")
	return cmd
}

func runServe(cmd *cobra.Command, g *globalFlags, f *requestFlags, idle time.Duration) error {
	root, err := resolveRoot(g.root)
	if err != nil {
		return err
	}
	cfg, err := resolveConfig(cmd, root, f)
	if err != nil {
		return err
	}
	if why := serveRefuses(cfg); why != "" {
		return usageError{errors.New("loupe serve: " + why)}
	}
	a, err := openApp(root, g.indexDir, cfg, true)
	if err != nil {
		return err
	}
	defer a.Close()
	sock := filepath.Join(a.ix.Dir(), socketName)
	if len(sock) > maxSocketPath {
		return fmt.Errorf("loupe serve: the socket path %s is longer than a socket may have (%d bytes): use a shorter --index-dir", sock, maxSocketPath)
	}
	// Listen first: a second server is refused before it does any work,
	// and a pack asked during the first update waits for the server
	// rather than updating the index beside it.
	ln, err := listenOnce(sock)
	if err != nil {
		return err
	}
	defer removeOwnSocket(sock, ln)
	a.fresh.begin(time.Now())
	if err := a.refresh(cmd.Context(), stderrProgress(os.Stderr)); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	s := &server{app: a, cfg: cfg, binary: binaryID()}
	fmt.Fprintf(os.Stderr, "loupe: %s\nloupe: serving %s: loupe pack here answers from this process; Ctrl-C stops it\n",
		a.fresh.describe(), a.ix.Root())
	idled := s.stopWhenIdle(ctx, idle, stop, time.After)
	err = s.run(ctx, ln)
	n, noun := s.served.Load(), "packs"
	if n == 1 {
		noun = "pack"
	}
	why := ""
	if idled.Load() {
		why = fmt.Sprintf(" (none for %v)", idle)
	}
	fmt.Fprintf(os.Stderr, "loupe: stopped serving %s after %d %s%s\n", a.ix.Root(), n, noun, why)
	return err
}

// stopWhenIdle calls stop once idle has passed without a pack asked
// (never when idle is 0); the flag it returns says it did. Every request,
// and an answer still running when the time is up, starts the clock again.
// after is the clock (time.After; a test's own in tests).
func (s *server) stopWhenIdle(ctx context.Context, idle time.Duration, stop func(), after func(time.Duration) <-chan time.Time) *atomic.Bool {
	var idled atomic.Bool
	if idle <= 0 {
		return &idled
	}
	s.asked = make(chan struct{}, 1)
	go func() {
		for {
			select {
			case <-s.asked:
			case <-after(idle):
				if !s.mu.TryLock() {
					continue // a pack is being answered: not idle
				}
				s.mu.Unlock()
				idled.Store(true)
				stop()
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return &idled
}

// serveRefuses says why cfg cannot be served, "" when it can: the sources
// a server would have to run anew for every pack to print what a pack on
// its own prints.
func serveRefuses(cfg Config) string {
	switch {
	case cfg.DiagnosticsCmd != "" || cfg.DiagnosticsFile != "":
		return "diagnostics are read anew by every pack (a server would answer from an old run): pack them on their own"
	case cfg.Model.URL != "":
		return "a local model is configured (its embeddings are synced by each pack): pack with it on its own"
	}
	return ""
}

// listenOnce listens on sock, refusing when a server already answers
// there, and replacing a socket left by one that died.
func listenOnce(sock string) (*net.UnixListener, error) {
	if answers(sock, time.Second) {
		return nil, fmt.Errorf("loupe serve: a server already answers at %s", sock)
	}
	if st, err := os.Lstat(sock); err == nil {
		if st.Mode()&os.ModeSocket == 0 {
			return nil, fmt.Errorf("loupe serve: %s exists and is not a socket: remove it first", sock)
		}
		if err := os.Remove(sock); err != nil {
			return nil, fmt.Errorf("loupe serve: remove a dead server's socket: %w", err)
		}
	}
	old := syscall.Umask(0o177) // the socket is the person's alone from the start
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	syscall.Umask(old)
	if err != nil {
		return nil, fmt.Errorf("loupe serve: %w", err)
	}
	ln.SetUnlinkOnClose(false) // removeOwnSocket decides
	return ln, nil
}

// removeOwnSocket closes ln and removes sock when it is still this
// server's (a second server may have replaced it).
func removeOwnSocket(sock string, ln *net.UnixListener) {
	st, err := os.Lstat(sock)
	ln.Close()
	if err == nil && st.Mode()&os.ModeSocket != 0 && !answers(sock, 100*time.Millisecond) {
		os.Remove(sock) // still this server's: no other answers there now
	}
}

// answers reports whether a server accepts connections at sock.
func answers(sock string, wait time.Duration) bool {
	c, err := net.DialTimeout("unix", sock, wait)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// server answers packs one at a time over its socket.
type server struct {
	mu     sync.Mutex
	app    *app
	cfg    Config
	binary string
	served atomic.Int64  // packs answered, said when the server stops
	asked  chan struct{} // a tick per request, for --idle (nil without)
}

// run accepts connections until ctx ends.
func (s *server) run(ctx context.Context, ln *net.UnixListener) error {
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		c, err := ln.AcceptUnix()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("loupe serve: %w", err)
		}
		wg.Go(func() { s.conn(ctx, c) })
	}
}

// requestWait bounds how long a connection may take to send its request.
const requestWait = 10 * time.Second

// conn serves one connection: one request, one reply. A peer of another
// user is hung up on (the socket's mode already keeps them out).
func (s *server) conn(ctx context.Context, c *net.UnixConn) {
	defer c.Close()
	if uid, ok := peerUID(c); !ok || uid != os.Getuid() {
		return
	}
	c.SetReadDeadline(time.Now().Add(requestWait))
	var req serveRequest
	if err := readMessage(c, &req); err != nil {
		return
	}
	c.SetReadDeadline(time.Time{})
	if s.asked != nil {
		select {
		case s.asked <- struct{}{}:
		default:
		}
	}
	reply := s.answer(ctx, req)
	writeMessage(c, reply) //nolint:errcheck // a client that hung up packs itself
}

// answer packs one request, or says why it cannot answer it exactly. A
// panic becomes the request's error, so one bad request never ends the
// server.
func (s *server) answer(ctx context.Context, req serveRequest) (reply serveReply) {
	if why := s.mismatch(req); why != "" {
		return serveReply{Mismatch: why}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if ctx.Err() != nil {
		return serveReply{Mismatch: stopping}
	}
	s.served.Add(1)
	defer func() {
		if p := recover(); p != nil {
			reply = serveReply{Err: fmt.Sprintf("internal error in the server: %v", p)}
		}
	}()
	if s.app.fresh.dueExact() {
		s.app.fresh.begin(time.Now())
		if err := s.app.refresh(ctx, nil); err != nil {
			s.app.fresh.fail()
			if ctx.Err() != nil {
				return serveReply{Mismatch: stopping}
			}
			return serveReply{Err: err.Error()}
		}
	}
	res, err := s.app.pack(ctx, req.Query, req.Config, req.Pins, req.Drops)
	if err != nil {
		if ctx.Err() != nil {
			return serveReply{Mismatch: stopping}
		}
		var ue usageError
		return serveReply{Err: packError(err).Error(), Usage: errors.As(err, &ue)}
	}
	var notes bytes.Buffer
	writePackNotes(&notes, s.app, res, req.Config, req.Pins, req.Drops, req.Explain)
	return serveReply{Text: res.Text, Summary: res.Summary, Stderr: notes.String()}
}

// stopping is the mismatch of a request the server stops during: its
// client packs on its own rather than fail.
const stopping = "the server is stopping"

// mismatch says why req cannot be packed here exactly as the client would
// pack it, "" when it can.
func (s *server) mismatch(req serveRequest) string {
	refused := serveRefuses(req.Config)
	switch {
	case req.Proto != serveProto:
		return "another protocol version"
	case req.Binary == "" || req.Binary != s.binary:
		return "another loupe binary"
	case req.Root != s.app.ix.Root():
		return "another root"
	case refused != "":
		return refused
	case !sameEngine(req.Config, s.cfg):
		return "another configuration (sources, tokenizer, deadline or index settings)"
	}
	return ""
}

// sameEngine reports whether a and b build the same engine: they may
// differ only in what each request sets anew (budget, reserves, format,
// weights, order, candidates) and in what only the explorer reads.
func sameEngine(a, b Config) bool {
	ka, erra := engineKey(a)
	kb, errb := engineKey(b)
	return erra == nil && errb == nil && bytes.Equal(ka, kb)
}

func engineKey(c Config) ([]byte, error) {
	c.Budget, c.ReserveInstruction, c.ReserveSelection, c.ReserveCompletion = 0, 0, 0, 0
	c.Format, c.Weights, c.Order, c.Candidates = "", nil, nil, 0
	c.Style, c.Keys, c.IndexDir, c.deadlineSet = "", nil, "", false
	return json.Marshal(c)
}
