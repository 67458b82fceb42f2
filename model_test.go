package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// TestModelThroughTheBinary builds loupe and runs it, as a person would,
// against a fake Ollama server on a loopback port and a real index on disk.
func TestModelThroughTheBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "loupe")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("OffMakesNoConnection", func(t *testing.T) { testModelOffMakesNoConnection(t, bin) })
	t.Run("SemanticFindsByMeaning", func(t *testing.T) { testSemanticFindsByMeaning(t, bin) })
	t.Run("PlannerAndReranker", func(t *testing.T) { testPlannerAndReranker(t, bin) })
	t.Run("FailuresAreNotFatal", func(t *testing.T) { testModelFailuresAreNotFatal(t, bin) })
}

// run runs bin in root with args and extra environment, and returns
// stdout and stderr; a non-zero exit fails the test.
func run(t *testing.T, bin string, env []string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "LOUPE_MODEL_URL=")
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("loupe %s: %v\nstderr:\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), errb.String()
}

// countingListener accepts on a loopback port and counts connections.
func countingListener(t *testing.T, addr string) (*atomic.Int64, string, bool) {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", false
	}
	t.Cleanup(func() { l.Close() })
	var n atomic.Int64
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	return &n, l.Addr().String(), true
}

// testModelOffMakesNoConnection: without a model URL, loupe pack, index
// and a config with model names but no URL open no connection, even with
// every variable a client might follow (OLLAMA_HOST, proxies) pointing at
// a listener, and Ollama's default port listened on when it is free.
func testModelOffMakesNoConnection(t *testing.T, bin string) {
	n, addr, _ := countingListener(t, "127.0.0.1:0")
	dflt, _, haveDefault := countingListener(t, "127.0.0.1:11434")
	root, ix := fixture(t, "payments")
	os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte("[model]\nembed = \"nomic-embed-text\"\nchat = \"qwen\"\nrerank = true\n"), 0o644)
	env := []string{"OLLAMA_HOST=" + addr, "HTTP_PROXY=http://" + addr, "HTTPS_PROXY=http://" + addr,
		"ALL_PROXY=http://" + addr, "NO_PROXY="}
	run(t, bin, env, "--root", root, "--index-dir", ix, "index")
	out, _ := run(t, bin, env, "--root", root, "--index-dir", ix, "pack", "retry failed payments", "--explain", "--rerank")
	if !strings.Contains(out, "retryWithBackoff") {
		t.Fatalf("pack without a model lost its result:\n%s", out)
	}
	if got := n.Load(); got != 0 {
		t.Fatalf("%d connections with no model configured", got)
	}
	if haveDefault && dflt.Load() != 0 {
		t.Fatalf("%d connections to Ollama's default port with no model configured", dflt.Load())
	}
	if m, err := newModel(DefaultConfig().Model, nil, nil); m != nil || err != nil {
		t.Fatalf("newModel without a URL = %v, %v; want nil, nil", m, err)
	}
}

const refundGo = `package payments

// issueRefund returns the charged amount to the card it came from.
func issueRefund(chargeID string, cents int64) error {
	if cents <= 0 {
		return nil
	}
	return nil
}
`

type explainedJSON struct {
	Blocks []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"blocks"`
	Warnings []string `json:"warnings"`
}

// explained reports whether the --explain table has a line naming block
// with signal (e.g. "semantic=1.00").
func explained(stderr, block, signal string) bool {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, block) && strings.Contains(l, signal) {
			return true
		}
	}
	return false
}

func semanticArgs(f *fakeOllama, root, ix string, more ...string) []string {
	return append([]string{"--root", root, "--index-dir", ix, "pack", "--model-url", f.URL(),
		"--embed-model", fakeEmbed, "--format", "json"}, more...)
}

// testSemanticFindsByMeaning: a query whose words are nowhere in the code
// finds the block that means it, with a semantic signal; a second run
// embeds only the query; an edit re-embeds only the changed blocks; a new
// model rebuilds the vectors with a message.
func testSemanticFindsByMeaning(t *testing.T, bin string) {
	f := newFakeOllama(t)
	root, ix := fixture(t, "payments")
	os.WriteFile(filepath.Join(root, "refund.go"), []byte(refundGo), 0o644)
	_, stderr := run(t, bin, nil, "--root", root, "--index-dir", ix, "index", "--model-url", f.URL(), "--embed-model", fakeEmbed)
	if !strings.Contains(stderr, "semantic: embedded") {
		t.Fatalf("loupe index did not embed:\n%s", stderr)
	}
	_, indexed, _, _ := f.counts()
	out, stderr := run(t, bin, nil, semanticArgs(f, root, ix, "reimburse", "--explain")...)
	if _, n, _, _ := f.counts(); n != indexed+1 || strings.Contains(stderr, "semantic: embedded") {
		t.Fatalf("pack after index embedded %d inputs, want 1 (the query)\n%s", n-indexed, stderr)
	}
	var p explainedJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Blocks) == 0 || p.Blocks[0].Name != "issueRefund" || !explained(stderr, "issueRefund", "semantic=1.00") ||
		!strings.Contains(stderr, "model: semantic=true") {
		t.Fatalf("want issueRefund first, found by meaning; got %+v\n%s", p.Blocks, stderr)
	}
	_, first, _, _ := f.counts()

	run(t, bin, nil, semanticArgs(f, root, ix, "reimburse")...)
	if _, again, _, _ := f.counts(); again != first+1 {
		t.Fatalf("an unchanged tree embedded %d inputs, want 1 (the query)", again-first)
	}

	os.WriteFile(filepath.Join(root, "refund.go"), []byte(strings.Replace(refundGo, "cents <= 0", "cents < 1", 1)), 0o644)
	_, stderr = run(t, bin, nil, semanticArgs(f, root, ix, "reimburse")...)
	_, after, _, _ := f.counts()
	if changed := after - first - 2; changed < 1 || changed > 2 {
		t.Fatalf("one edited function re-embedded %d blocks, want 1 or 2 (it and its file header)\n%s", changed, stderr)
	}

	f.mu.Lock()
	f.models = append(f.models, "other-embed")
	f.mu.Unlock()
	args := semanticArgs(f, root, ix, "reimburse")
	args[slices.Index(args, fakeEmbed)] = "other-embed"
	_, stderr = run(t, bin, nil, args...)
	if !strings.Contains(stderr, "embedding model changed from fake-embed to other-embed") {
		t.Fatalf("a model change said nothing:\n%s", stderr)
	}
}

// testPlannerAndReranker: --explain shows the plan and which parts took
// part; the reranker reverses the fake's order within the budget logic.
func testPlannerAndReranker(t *testing.T, bin string) {
	f := newFakeOllama(t)
	root, ix := fixture(t, "payments")
	base := []string{"--root", root, "--index-dir", ix, "pack", "why do payments fail twice", "--model-url", f.URL(),
		"--chat-model", fakeChat, "--format", "json", "--explain"}
	_, stderr := run(t, bin, nil, base...)
	if !strings.Contains(stderr, "plan: intent debug · scope module · identifiers retryWithBackoff") ||
		!strings.Contains(stderr, "model: semantic=false planner=true reranker=false") {
		t.Fatalf("--explain does not show the plan:\n%s", stderr)
	}
	_, stderr = run(t, bin, nil, append(base, "--rerank", "--rerank-top", "5")...)
	if !strings.Contains(stderr, "planner=true reranker=true") {
		t.Fatalf("the reranker did not take part:\n%s", stderr)
	}
	reranked := strings.Count(stderr, " rerank=")
	if _, _, plans, reranks := f.counts(); plans != 2 || reranks != 1 || reranked == 0 {
		t.Fatalf("plans %d reranks %d, %d blocks with a rerank signal", plans, reranks, reranked)
	}
}

// testModelFailuresAreNotFatal: an endpoint that is down, slow, answers
// 500, malformed JSON, unknown ids, or lacks the model: loupe says so in
// one line and prints the lexical result byte for byte.
func testModelFailuresAreNotFatal(t *testing.T, bin string) {
	root, ix := fixture(t, "payments")
	query := []string{"--root", root, "--index-dir", ix, "pack", "retry failed payments with backoff"}
	lexical, _ := run(t, bin, nil, query...)
	down := newFakeOllama(t)
	downURL := down.URL()
	down.srv.Close()
	for _, tc := range []struct{ name, mode, warn string }{
		{"down", "down", "connection refused"},
		{"slow", fakeSlow, "no answer within 300ms"},
		{"http500", fakeHTTP500, "500 Internal Server Error"},
		{"malformed", fakeMalformed, "malformed answer"},
		{"unknown ids", fakeUnknownIDs, "c999"},
		{"not pulled", fakeNotPulled, "is not pulled (run: ollama pull"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := downURL
			if tc.mode != "down" {
				f := newFakeOllama(t)
				f.setMode(tc.mode)
				url = f.URL()
			}
			args := append(append([]string{}, query...), "--model-url", url, "--chat-model", fakeChat,
				"--model-timeout", "300ms", "--rerank")
			if tc.mode == fakeUnknownIDs {
				args = append(args, "--plan=false") // the plan would work and change the result
			} else {
				args = append(args, "--embed-model", fakeEmbed)
			}
			out, stderr := run(t, bin, nil, args...)
			if out != lexical {
				t.Fatalf("the result with a failing model differs from the lexical one")
			}
			lines := strings.Count(stderr, "loupe: warning: model:")
			if lines < 1 || lines > 2 || !strings.Contains(stderr, tc.warn) {
				t.Fatalf("want one warning line per failing part mentioning %q; got:\n%s", tc.warn, stderr)
			}
		})
	}
}

// TestMCPSaysWhichModelPartsTookPart calls context_query with a model
// configured ([model] in .loupe.toml, the URL from LOUPE_MODEL_URL): the
// result names the parts that took part, and a failure is a warning.
func TestMCPSaysWhichModelPartsTookPart(t *testing.T) {
	f := newFakeOllama(t)
	root, ix := fixture(t, "payments")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("LOUPE_MODEL_URL", f.URL())
	os.WriteFile(filepath.Join(root, ".loupe.toml"), []byte("[model]\nchat = \""+fakeChat+"\"\n"), 0o644)
	cs := mcpSession(t, root, ix)
	ctx := context.Background()
	call := func(query string) contextQueryOut {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_query", Arguments: map[string]any{"query": query}})
		if err != nil || res.IsError {
			t.Fatalf("tools/call: %v %+v", err, res)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var out contextQueryOut
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	out := call("why do payments fail twice")
	if out.Model == nil || !out.Model.Planner || out.Model.Semantic || out.Model.Reranker || out.Model.Plan == nil {
		t.Fatalf("model report %+v", out.Model)
	}
	f.setMode(fakeMalformed)
	out = call("where is the ledger written")
	if out.Model == nil || out.Model.Planner || len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], "planner") {
		t.Fatalf("a malformed plan: model %+v, warnings %q", out.Model, out.Warnings)
	}
	if out = call("where is the ledger read"); len(out.Warnings) != 0 {
		t.Fatalf("the failure was said again: %q", out.Warnings)
	}
}

// TestExplorerModelWiring drives what the explorer gets (exploreDeps'
// Build and Engine) on a real index: the build starts the embedding in
// the background, the lexical answer comes meanwhile, the plan shows as a
// status note, and once the vectors are in, the semantic side joins.
func TestExplorerModelWiring(t *testing.T) {
	f := newFakeOllama(t)
	root, dir := fixture(t, "payments")
	os.WriteFile(filepath.Join(root, "refund.go"), []byte(refundGo), 0o644)
	cfg := DefaultConfig()
	cfg.Model.URL, cfg.Model.Embed, cfg.Model.Chat = f.URL(), fakeEmbed, fakeChat
	opts := index.DefaultOptions()
	opts.IndexDir = dir
	ix, err := index.Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	m, err := newModel(cfg.Model, ix, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.close()
	eng, _ := buildEngine(root, ix, cfg, nil, m, nil)
	build := withSemanticSync(buildFunc(ix, root), m)
	if err := build(context.Background(), make(chan index.Progress, 1)); err != nil {
		t.Fatal(err)
	}
	e := modelEngine{eng: eng, m: m}
	ret, err := e.Retrieve(context.Background(), "reimburse")
	if err != nil || !slices.ContainsFunc(ret.Warnings, func(w string) bool { return strings.HasPrefix(w, "model: plan: intent debug") }) {
		t.Fatalf("no plan note: %v %q", err, ret.Warnings)
	}
	m.bg.Wait() // the background embedding is done
	ret, _ = e.Retrieve(context.Background(), "reimburse")
	if !slices.ContainsFunc(ret.Candidates, func(c engine.Candidate) bool { return c.Block.Name == "issueRefund" && hasSemantic(c) }) {
		t.Fatalf("the semantic side did not join: %d candidates", len(ret.Candidates))
	}
}
