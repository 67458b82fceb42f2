package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// rpcClient speaks JSON-RPC over the stdio of a real `loupe mcp`.
type rpcClient struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
}

func startMCP(t *testing.T, args ...string) *rpcClient {
	t.Helper()
	return startMCPWith(t, nil, args...)
}

// startMCPWith starts `loupe mcp` with the environment env (nil: this
// process's own).
func startMCPWith(t *testing.T, env []string, args ...string) *rpcClient {
	t.Helper()
	cmd := exec.Command(loupeBin(t), append([]string{"mcp"}, args...)...)
	cmd.Env = env
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	c := &rpcClient{t: t, cmd: cmd, in: in, lines: sc}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	return c
}

// query asks context_query with a budget and returns the result's JSON;
// an error answer fails the test.
func (c *rpcClient) query(id int, query string, budget int) string {
	c.t.Helper()
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"context_query","arguments":{"query":%q,"budget":%d}}}`, id, query, budget))
	r := c.next()
	if r.Error != nil || strings.Contains(string(r.Result), `"isError":true`) {
		c.t.Fatalf("query %q: %+v %.500s", query, r.Error, r.Result)
	}
	return string(r.Result)
}

func (c *rpcClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("write to loupe mcp: %v (it exited?)", err)
	}
}

// rpcReply is one message from the server.
type rpcReply struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// next returns the next reply that is not a notification.
func (c *rpcClient) next() rpcReply {
	c.t.Helper()
	for c.lines.Scan() {
		var r rpcReply
		if err := json.Unmarshal(c.lines.Bytes(), &r); err != nil {
			c.t.Fatalf("server wrote a line that is not JSON: %q", c.lines.Text())
		}
		if r.Method == "" {
			return r
		}
	}
	c.t.Fatalf("loupe mcp closed stdout: %v", c.lines.Err())
	return rpcReply{}
}

func (c *rpcClient) initialize() {
	c.t.Helper()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
	if r := c.next(); r.Error != nil || string(r.ID) != "1" {
		c.t.Fatalf("initialize: %+v", r)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// TestMCPSurvivesBadInput sends the real binary each kind of bad line; each
// must be answered with a JSON-RPC error, and the next request served.
func TestMCPSurvivesBadInput(t *testing.T) {
	root, ix := fixture(t, "payments")
	c := startMCP(t, "--root", root, "--index-dir", ix)
	c.initialize()
	bad := []string{
		`{not json`,
		`null`,
		`[]`,
		`[{"jsonrpc":"2.0","id":90,"method":"ping"}]`,
		`{"id":91,"method":"ping"}`,
		strings.Repeat("[", 100000) + strings.Repeat("]", 100000),
		`{"jsonrpc":"2.0"}`,
		`"just a string"`,
		`42`,
		`{"jsonrpc":"2.0","id":true,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":92,"method":"ping","params":5}`,
	}
	for i, line := range bad {
		c.send(line)
		if r := c.next(); r.Error == nil {
			t.Errorf("bad line %d (%.40s) answered without an error: %+v", i, line, r)
		}
		id := 100 + i
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, id))
		if r := c.next(); r.Error != nil || string(r.ID) != fmt.Sprint(id) {
			t.Fatalf("after bad line %d (%.40s) the server does not serve: %+v", i, line, r)
		}
	}
}

// TestMCPRequestChecks: a budget of 0 or less is an error, unknown pins
// and drops are reported, and --diagnostics - is refused.
func TestMCPRequestChecks(t *testing.T) {
	root, ix := fixture(t, "payments")
	c := startMCP(t, "--root", root, "--index-dir", ix)
	c.initialize()
	call := func(id int, args string) rpcReply {
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"context_query","arguments":%s}}`, id, args))
		return c.next()
	}
	for i, budget := range []string{"0", "-5"} {
		r := call(10+i, `{"query":"retry failed payments","budget":`+budget+`}`)
		if !strings.Contains(string(r.Result), `"isError":true`) || !strings.Contains(string(r.Result), "budget") {
			t.Errorf("budget %s: %s", budget, r.Result)
		}
	}
	r := call(20, `{"query":"retry failed payments","pins":["no/such.go:1"],"drops":["nor/this.go:2"]}`)
	if !strings.Contains(string(r.Result), `pin \"no/such.go:1\"`) || !strings.Contains(string(r.Result), `drop \"nor/this.go:2\"`) {
		t.Errorf("unknown pin and drop not reported: %.2000s", r.Result)
	}
	res := runBin(t, "", "mcp", "--root", root, "--index-dir", ix, "--diagnostics", "-")
	if res.err == nil || !strings.Contains(res.stderr, "stdin") {
		t.Errorf("--diagnostics - accepted: %v %s", res.err, res.stderr)
	}
}

// TestMCPAnswersInitializeBeforeIndexing: on a repository without an
// index, initialize is answered while the first build runs (its manifest
// is written only when it ends), and a query is answered.
func TestMCPAnswersInitializeBeforeIndexing(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes 4000 files")
	}
	root, ix := fixture(t, "payments")
	addFiles(t, root, 4000)
	c := startMCP(t, "--root", root, "--index-dir", ix)
	c.initialize()
	if _, err := os.Stat(filepath.Join(ix, "manifest.bin")); err == nil {
		t.Fatal("initialize was answered only after the index was built")
	}
	c.send(`{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"context_query","arguments":{"query":"retry failed payments with backoff"}}}`)
	if r := c.next(); r.Error != nil || strings.Contains(string(r.Result), `"isError":true`) {
		t.Fatalf("query during the first build: %+v %s", r.Error, r.Result)
	}
}
