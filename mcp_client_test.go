package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// mcpSnippets reads the MCP configuration snippets of the README (each a
// ```json block after an <!-- mcp:NAME --> marker).
func mcpSnippets(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)<!-- mcp:([a-z-]+) -->\\s*```json\\n(.*?)```")
	out := map[string]string{}
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = m[2]
	}
	return out
}

// loupeServer is the "loupe" entry of a snippet, whatever the client
// calls its list of servers.
func loupeServer(t *testing.T, snippet string) (string, []string) {
	t.Helper()
	var cfg map[string]map[string]struct {
		Command string   `json:"command"`
		Args    []string `json:"args"`
	}
	if err := json.Unmarshal([]byte(snippet), &cfg); err != nil {
		t.Fatalf("snippet is not JSON: %v\n%s", err, snippet)
	}
	for _, key := range []string{"mcpServers", "servers"} {
		if s, ok := cfg[key]["loupe"]; ok {
			return s.Command, s.Args
		}
	}
	t.Fatalf("no loupe server in\n%s", snippet)
	return "", nil
}

// TestReadmeMCPSnippetsConnectARealClient: for Claude Code, Cursor and VS
// Code, the README's configuration starts loupe so that the official MCP
// TypeScript SDK connects, lists context_query and gets a context.
func TestReadmeMCPSnippetsConnectARealClient(t *testing.T) {
	snippets := mcpSnippets(t)
	for _, name := range []string{"claude-code", "cursor", "vscode"} {
		if snippets[name] == "" {
			t.Fatalf("README has no %s MCP snippet", name)
		}
	}
	if testing.Short() {
		t.Skip("builds the binary and runs node; skipped with -short")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the MCP client test needs it (Debian: apt-get install nodejs npm; .ci/run installs it)")
	}
	client, _ := filepath.Abs(filepath.Join("testdata", "mcpclient"))
	if _, err := os.Stat(filepath.Join(client, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Skip("the MCP TypeScript SDK is not installed: run npm ci --prefix testdata/mcpclient (.ci/run does)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "loupe")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	root, _ := fixture(t, "payments")
	for name, snippet := range snippets {
		t.Run(name, func(t *testing.T) {
			command, args := loupeServer(t, snippet)
			if command != "loupe" {
				t.Fatalf("command %q, want loupe (on PATH)", command)
			}
			for i := range args { // what the client substitutes
				args[i] = strings.ReplaceAll(args[i], "${workspaceFolder}", root)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			argsJSON, _ := json.Marshal(args)
			cmd := exec.CommandContext(ctx, node, filepath.Join(client, "client.mjs"), bin, string(argsJSON), root, "retry failed payments")
			cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(dir, "cache-"+name))
			cmd.Stderr = os.Stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("MCP client: %v\n%s", err, out)
			}
			var res struct {
				Tools   []string `json:"tools"`
				Context string   `json:"context"`
				IsError bool     `json:"isError"`
			}
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatalf("client output: %v\n%s", err, out)
			}
			if !slices.Contains(res.Tools, "context_query") || res.IsError || !strings.Contains(res.Context, "retry") {
				t.Fatalf("tools %v error %v context %.300q", res.Tools, res.IsError, res.Context)
			}
		})
	}
}
