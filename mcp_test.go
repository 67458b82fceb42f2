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
	cmd := newMCPCmd(&globalFlags{root: root, indexDir: ix})
	cmd.SetContext(context.Background())
	srv, closeFn, err := newMCPServer(cmd, &globalFlags{root: root, indexDir: ix}, &requestFlags{})
	if err != nil {
		t.Fatalf("server: %v", err)
	}
	defer closeFn()
	ctx := context.Background()
	clientT, serverT := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

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
