package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The tests in security_*_test.go run the real binary, built once per test
// process, in a sealed environment: HOME and the XDG directories are temp
// dirs, so the trust store, the index cache and the global git excludes
// are the test's own.

// sealedEnv is the environment of a binary run: a private home and XDG
// directories, no display (so --copy falls back to a file), no GIT_DIR.
type sealedEnv struct {
	home, tmp string
}

func newSealedEnv(t *testing.T) sealedEnv {
	t.Helper()
	home := t.TempDir()
	tmp := t.TempDir()
	for _, d := range []string{".config", ".cache", ".local/state"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return sealedEnv{home: home, tmp: tmp}
}

func (e sealedEnv) environ() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case k == "HOME" || k == "TMPDIR" || k == "DISPLAY" || k == "WAYLAND_DISPLAY" || strings.HasPrefix(k, "XDG_") ||
			strings.HasPrefix(k, "GIT_") || strings.HasPrefix(k, "LOUPE_"):
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+e.home, "TMPDIR="+e.tmp, "XDG_CONFIG_HOME="+filepath.Join(e.home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(e.home, ".cache"), "XDG_STATE_HOME="+filepath.Join(e.home, ".local/state"),
		"GIT_CONFIG_NOSYSTEM=1")
}

// run runs the binary with args; it returns stdout and stderr.
func (e sealedEnv) run(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(loupeBin(t), args...)
	cmd.Env = e.environ()
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.String(), errb.String(), err
}

// mcpClient is an initialized MCP session with a real `loupe mcp` in a
// sealed environment, over the rpcClient of mcp_binary_test.go.
type mcpClient struct {
	rpc *rpcClient
	id  int
}

func (e sealedEnv) startMCP(t *testing.T, args ...string) *mcpClient {
	t.Helper()
	c := &mcpClient{rpc: startMCPWith(t, e.environ(), args...)}
	c.call(t, "initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "test", "version": "1"}})
	c.send(t, map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return c
}

func (c *mcpClient) send(t *testing.T, msg any) {
	t.Helper()
	b, _ := json.Marshal(msg)
	c.rpc.send(string(b))
}

// call sends a request and returns its result (raw JSON).
func (c *mcpClient) call(t *testing.T, method string, params any) json.RawMessage {
	t.Helper()
	c.id++
	c.send(t, map[string]any{"jsonrpc": "2.0", "id": c.id, "method": method, "params": params})
	for {
		r := c.rpc.next()
		if string(r.ID) != strconv.Itoa(c.id) {
			continue // a reply to another request
		}
		if r.Error != nil {
			t.Fatalf("mcp %s: %d %s", method, r.Error.Code, r.Error.Message)
		}
		return r.Result
	}
}

// query calls context_query and returns the whole result as text.
func (c *mcpClient) query(t *testing.T, q string, budget int) string {
	t.Helper()
	return string(c.call(t, "tools/call", map[string]any{"name": "context_query",
		"arguments": map[string]any{"query": q, "budget": budget}}))
}

// gitRepo initialises a repository in dir and commits files.
func gitRepo(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	writeFiles(t, dir, files)
	gitIn(t, dir, "init", "-q", "-b", "main")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "-m", "initial")
}

// gitIn runs git in dir, with no user or system configuration, and
// returns what it printed on stdout, trimmed.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "core.fsmonitor=false",
		"-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v\n%s%s", args, err, out, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, s := range files {
		abs := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}
