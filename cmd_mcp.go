package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/loupe-dev/loupe/index"
)

// version is loupe's version, reported to MCP clients.
const version = "0.1.0"

func newMCPCmd(g *globalFlags) *cobra.Command {
	f := &requestFlags{}
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the engine to agents over MCP (stdio)",
		Long: "loupe mcp speaks the Model Context Protocol on stdin/stdout. Its context_query tool\n" +
			"returns the packed context for a task plus the blocks, their locations, the summary\n" +
			"and the token count. Configure it in an agent as the command `loupe mcp --root DIR`.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			srv, closeFn, err := newMCPServer(cmd, g, f)
			if err != nil {
				return err
			}
			defer closeFn()
			return srv.Run(cmd.Context(), filteredStdio(os.Stdin, os.Stdout))
		},
	}
	bindRequestFlags(cmd.Flags(), f, PackDeadline)
	return cmd
}

// contextQueryIn is the context_query tool's input.
type contextQueryIn struct {
	Query   string   `json:"query" jsonschema:"what you are about to work on, or a pasted issue or stack trace"`
	Budget  *int     `json:"budget,omitempty" jsonschema:"token budget of the returned context, a positive number (default when absent: the configured budget, 8000)"`
	Format  string   `json:"format,omitempty" jsonschema:"md (default), xml or plain"`
	Sources []string `json:"sources,omitempty" jsonschema:"sources to use (default all): code, docs, changes, diagnostics, commits, notes, tests"`
	Pins    []string `json:"pins,omitempty" jsonschema:"block ids to include first"`
	Drops   []string `json:"drops,omitempty" jsonschema:"block ids never to include"`
	// Candidates asks for a longer ranked list than the defaults (200 per
	// source, 60 for docs beside code).
	Candidates int `json:"candidates,omitempty" jsonschema:"ranked candidates per index source (default 200, and 60 for docs beside code); more gives a longer ranked list"`
}

// contextQueryOut is the tool's structured result.
type contextQueryOut struct {
	Context    string             `json:"context"`
	TokenCount int                `json:"token_count"`
	Budget     int                `json:"budget"`
	Tokenizer  string             `json:"tokenizer"`
	Blocks     []mcpBlock         `json:"blocks"`
	Summary    string             `json:"summary"`
	Warnings   []string           `json:"warnings,omitempty"`
	PerSource  map[string]mcpUsed `json:"per_source"`
	// Model says which parts of the local model took part (absent
	// without one).
	Model *modelReport `json:"model,omitempty"`
}

type mcpBlock struct {
	ID            string  `json:"id"`
	Source        string  `json:"source"`
	Path          string  `json:"path,omitempty"`
	StartLine     int     `json:"start_line,omitempty"`
	EndLine       int     `json:"end_line,omitempty"`
	Kind          string  `json:"kind"`
	Name          string  `json:"name,omitempty"`
	QualifiedName string  `json:"qualified_name,omitempty"`
	Level         string  `json:"level"`
	Tokens        int     `json:"tokens"`
	Score         float64 `json:"score"`
	Reason        string  `json:"reason,omitempty"`
	Filler        bool    `json:"filler,omitempty"` // only for budget left over
}

type mcpUsed struct {
	Used     int `json:"used"`
	Share    int `json:"share"`
	Included int `json:"included"`
}

// mcpServer holds one opened app for the life of the server. Requests are
// served one at a time: the engine is cheap per request and the index is
// refreshed incrementally before a query when the tree changed
// (freshness.go).
type mcpServer struct {
	mu  sync.Mutex
	app *app // app.fresh says when to refresh
	cfg Config
	srv *mcp.Server
	// built is closed when the first index update, which runs in the
	// background so that initialize is answered at once, has ended;
	// buildErr is written before built is closed and read
	// only after.
	built    chan struct{}
	buildErr error
	progress atomic.Pointer[index.Progress]
}

// firstQueryWait bounds how long a query waits for the first index update
// before it is answered from what is indexed so far.
const firstQueryWait = 20 * time.Second

func newMCPServer(cmd *cobra.Command, g *globalFlags, f *requestFlags) (*mcp.Server, func(), error) {
	root, err := resolveRoot(g.root)
	if err != nil {
		return nil, nil, err
	}
	cfg, err := resolveConfig(cmd, root, f)
	if err != nil {
		return nil, nil, err
	}
	if cfg.DiagnosticsFile == "-" {
		return nil, nil, usageError{errors.New("--diagnostics -: loupe mcp speaks the protocol on stdin, so diagnostics cannot come from it too: give a file, or --diagnostics-cmd")}
	}
	a, err := openApp(root, g.indexDir, cfg, true)
	if err != nil {
		return nil, nil, err
	}
	s := &mcpServer{app: a, cfg: cfg, built: make(chan struct{})}
	a.fresh.begin(time.Now()) // the first update starts now
	srv := mcp.NewServer(&mcp.Implementation{Name: "loupe", Version: version}, nil)
	s.srv = srv
	ctx, cancel := context.WithCancel(cmd.Context())
	go s.build(ctx)
	mcp.AddTool(srv, &mcp.Tool{
		Name: "context_query",
		Description: "Find, rank and pack the code, docs, recent changes, diagnostics, commits, notes and tests " +
			"of this repository that matter for a task, within a token budget. Returns the assembled context " +
			"and the blocks with their locations.",
	}, s.contextQuery)
	closeFn := func() {
		cancel()
		<-s.built
		a.Close()
	}
	return srv, closeFn, nil
}

// build runs the first index update, reporting progress to the clients
// as log messages (sent once a client sets a log level).
func (s *mcpServer) build(ctx context.Context) {
	defer close(s.built)
	var last time.Time
	start := time.Now()
	s.buildErr = s.app.refresh(ctx, func(p index.Progress) {
		s.progress.Store(&p)
		if p.Phase == index.PhaseDone || time.Since(last) >= time.Second {
			last = time.Now()
			s.log(ctx, progressLine(p, time.Since(start)))
		}
	})
	if s.buildErr != nil {
		s.app.fresh.fail()
		s.log(ctx, "index update failed: "+s.buildErr.Error())
		return // the next query refreshes again and reports the error
	}
	s.app.model.syncBackground()
	go func() { s.log(ctx, s.app.fresh.describe()) }() // without holding the first query back
}

// log sends an info message to every client.
func (s *mcpServer) log(ctx context.Context, msg string) {
	for ss := range s.srv.Sessions() {
		ss.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Logger: "loupe", Data: msg}) //nolint:errcheck // best effort
	}
}

// building waits up to firstQueryWait for the first update; it returns a
// warning when the update is still running. (After a failed first update
// every query refreshes again and reports the error.)
func (s *mcpServer) building(ctx context.Context) (string, error) {
	select {
	case <-s.built:
		return "", nil
	default:
	}
	t := time.NewTimer(firstQueryWait)
	defer t.Stop()
	select {
	case <-s.built:
		return "", nil
	case <-t.C:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	line := "index still being built"
	if p := s.progress.Load(); p != nil {
		line = fmt.Sprintf("index still being built (%s %d/%d files)", p.Phase, p.FilesDone, p.FilesTotal)
	}
	return line + ": this answer comes from what is indexed so far; ask again for a complete one", nil
}

// contextQuery serves one request; a panic becomes that request's error,
// so one bad request (or file) never ends the server.
func (s *mcpServer) contextQuery(ctx context.Context, req *mcp.CallToolRequest, in contextQueryIn) (res *mcp.CallToolResult, out contextQueryOut, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			res, out, err = nil, contextQueryOut{}, fmt.Errorf("context_query: internal error: %v", p)
		}
	}()
	return s.serve(ctx, in)
}

func (s *mcpServer) serve(ctx context.Context, in contextQueryIn) (*mcp.CallToolResult, contextQueryOut, error) {
	if in.Query == "" {
		return nil, contextQueryOut{}, fmt.Errorf("context_query: query is empty: say what you are about to work on")
	}
	cfg := s.cfg
	if in.Budget != nil {
		if *in.Budget <= 0 {
			return nil, contextQueryOut{}, fmt.Errorf("context_query: budget %d: must be a positive number of tokens (leave it out for the default, %d)", *in.Budget, s.cfg.Budget)
		}
		cfg.Budget = *in.Budget
	}
	if in.Format != "" {
		cfg.Format = in.Format
	}
	if len(in.Sources) > 0 {
		cfg.Sources = in.Sources
	}
	if in.Candidates > 0 {
		cfg.Candidates = in.Candidates
	}
	if err := cfg.Validate(); err != nil {
		return nil, contextQueryOut{}, fmt.Errorf("context_query: %w", err)
	}
	partial, err := s.building(ctx)
	if err != nil {
		return nil, contextQueryOut{}, err
	}
	if partial == "" && s.app.fresh.due(time.Now()) {
		s.app.fresh.begin(time.Now())
		if err := s.app.refresh(ctx, nil); err != nil {
			s.app.fresh.fail()
			return nil, contextQueryOut{}, err
		}
		s.app.model.syncBackground()
	}
	res, err := s.app.pack(ctx, in.Query, cfg, in.Pins, in.Drops)
	if err != nil {
		return nil, contextQueryOut{}, err
	}
	out := mcpResult(res)
	if s.app.model != nil {
		out.Model = &res.Model
	}
	if partial != "" {
		out.Warnings = append(out.Warnings, partial)
	} else if s.app.stale != "" {
		out.Warnings = append(out.Warnings, s.app.stale)
	}
	out.Warnings = append(out.Warnings, unknownIDs(res, in.Pins, in.Drops)...)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}}, out, nil
}

// mcpResult turns a packed result into the tool's structured output.
func mcpResult(res *packResult) contextQueryOut {
	p := res.Pack
	out := contextQueryOut{
		Context: res.Text, TokenCount: p.TokenCount, Budget: p.Budget, Tokenizer: p.Tokenizer,
		Summary: res.Summary, Warnings: p.Warnings, PerSource: map[string]mcpUsed{},
	}
	for _, it := range p.Ranked() {
		b := it.Block
		out.Blocks = append(out.Blocks, mcpBlock{
			ID: it.ID, Source: string(it.Source), Path: b.Path, StartLine: b.StartLine, EndLine: b.EndLine,
			Kind: string(b.Kind), Name: b.Name, QualifiedName: b.QualName, Level: it.Level.String(),
			Tokens: it.Tokens, Score: it.Score, Reason: it.Reason, Filler: it.Filler,
		})
	}
	for s, u := range p.PerSource {
		out.PerSource[string(s)] = mcpUsed{Used: u.Used, Share: u.Share, Included: u.Included}
	}
	return out
}
