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
	cs := mcpSession(t, root, ix)
	ctx := context.Background()
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
