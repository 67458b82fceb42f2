package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPContextQuery connects a real MCP client to loupe's server over the
// SDK's in-memory transport and calls context_query on the fixture.
func TestMCPContextQuery(t *testing.T) {
	root, ix := fixture(t, "payments")
	cs := mcpSession(t, root, ix)
	ctx := context.Background()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 1 || tools.Tools[0].Name != "context_query" {
		t.Fatalf("tools/list: %v %+v", err, tools)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_query",
		Arguments: map[string]any{"query": "retry failed payments with backoff", "budget": 2500}})
	if err != nil || res.IsError {
		t.Fatalf("tools/call: %v %+v", err, res)
	}
	raw, _ := json.Marshal(res.StructuredContent)
	var out contextQueryOut
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	if out.TokenCount == 0 || out.TokenCount > 2500 || len(out.Blocks) == 0 {
		t.Fatalf("token_count %d, %d blocks", out.TokenCount, len(out.Blocks))
	}
	for i := 1; i < len(out.Blocks); i++ {
		if out.Blocks[i].Score > out.Blocks[i-1].Score {
			t.Fatalf("block %d scores %.3f, above block %d's %.3f: the blocks are ranked best first", i, out.Blocks[i].Score, i-1, out.Blocks[i-1].Score)
		}
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if text != out.Context || !strings.Contains(text, "retryWithBackoff") {
		t.Fatalf("text content and context differ or miss retryWithBackoff:\n%s", text)
	}

	bad, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_query", Arguments: map[string]any{"query": ""}})
	if err != nil {
		t.Fatal(err)
	}
	if !bad.IsError {
		t.Fatalf("an empty query should be a tool error")
	}
}

// mcpSession starts loupe's MCP server on root's index and connects a real
// client over the SDK's in-memory transport; all of it closes with the test.
func mcpSession(t *testing.T, root, ix string) *mcp.ClientSession {
	t.Helper()
	g := &globalFlags{root: root, indexDir: ix}
	cmd := newMCPCmd(g)
	cmd.SetContext(context.Background())
	srv, closeFn, err := newMCPServer(cmd, g, &requestFlags{})
	if err != nil {
		t.Fatalf("server: %v", err)
	}
	t.Cleanup(closeFn)
	clientT, serverT := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}
