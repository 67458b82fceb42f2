package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPCandidatesArgument: context_query's candidates argument bounds
// how many ranked candidates each index source returns.
func TestMCPCandidatesArgument(t *testing.T) {
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
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	blocks := func(args map[string]any) int {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_query", Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("tools/call: %v %+v", err, res)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var out contextQueryOut
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatal(err)
		}
		return len(out.Blocks)
	}
	q := map[string]any{"query": "payments ledger gateway retry", "budget": 100000, "sources": []string{"code"}}
	all := blocks(q)
	q["candidates"] = 1
	if one := blocks(q); one >= all || one == 0 {
		t.Errorf("candidates 1 packed %d blocks, the default %d", one, all)
	}
}
