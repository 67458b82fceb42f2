// Package ollama is a small client for the three endpoints of a local
// Ollama server that loupe uses: POST /api/embed (batched embeddings),
// POST /api/chat (non-streaming, with a JSON schema in "format") and
// GET /api/tags (which models are pulled). It talks to one base URL only,
// the one the user configured, over a transport that dials nothing else:
// a redirect elsewhere is refused, and no proxy from the environment is
// used. Every call has its own deadline.
//
// Why not github.com/ollama/ollama/api: that module brings the server's
// dependency tree into go.mod for three JSON shapes, follows the
// OLLAMA_HOST environment variable rather than loupe's setting, and has no
// per-call deadline of its own; the three requests below are forty lines.
package ollama

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// DefaultTimeout bounds one call.
const DefaultTimeout = 10 * time.Second

// maxResponse bounds what one answer may be (a batch of 64 vectors of
// 4096 floats in JSON is about 6 MB).
const maxResponse = 64 << 20

// Client calls one Ollama server.
type Client struct {
	base    *url.URL
	http    *http.Client
	timeout time.Duration
}

// New returns a client of the server at base ("http://127.0.0.1:11434").
// timeout bounds each call; 0 means DefaultTimeout.
func New(base string, timeout time.Duration) (*Client, error) {
	u, err := ParseURL(base)
	if err != nil {
		return nil, err
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	host := u.Host
	dialer := &net.Dialer{Timeout: timeout}
	tr := &http.Transport{
		Proxy: nil, // never a proxy from the environment: only the configured address
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if addr != host {
				return nil, fmt.Errorf("ollama: refusing to dial %s: only %s is configured", addr, host)
			}
			return dialer.DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 2,
	}
	hc := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error {
		return errors.New("ollama: the server redirected; loupe talks only to the configured address")
	}}
	return &Client{base: u, http: hc, timeout: timeout}, nil
}

// ParseURL checks a base URL: http or https, a host with a port (the
// default port 11434 is added when none is given), no path beyond "/".
func ParseURL(base string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil {
		return nil, fmt.Errorf("model url %q: %w", base, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("model url %q: want http://host:port", base)
	}
	if u.Hostname() == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
		return nil, fmt.Errorf("model url %q: want http://host:port and nothing else", base)
	}
	if u.Port() == "" {
		u.Host = net.JoinHostPort(u.Hostname(), "11434")
	}
	return u, nil
}

// URL is the base URL the client talks to.
func (c *Client) URL() string { return c.base.String() }

// Embed returns one vector per input, in order, from POST /api/embed.
func (c *Client) Embed(ctx context.Context, model string, input []string) ([][]float32, error) {
	req := map[string]any{"model": model, "input": input, "truncate": true}
	var resp struct {
		Embeddings [][]float32 `json:"embeddings"`
	}
	if err := c.call(ctx, http.MethodPost, "/api/embed", req, &resp); err != nil {
		return nil, err
	}
	if len(resp.Embeddings) != len(input) {
		return nil, fmt.Errorf("ollama: /api/embed gave %d vectors for %d inputs", len(resp.Embeddings), len(input))
	}
	return resp.Embeddings, nil
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // system, user, assistant
	Content string `json:"content"`
}

// Chat sends messages to POST /api/chat without streaming, with schema as
// the "format" (structured output) and temperature 0, and returns the
// assistant's content (JSON text that should match schema).
func (c *Client) Chat(ctx context.Context, model string, msgs []Message, schema any) (string, error) {
	req := map[string]any{
		"model": model, "messages": msgs, "stream": false, "format": schema,
		"options": map[string]any{"temperature": 0},
	}
	var resp struct {
		Message Message `json:"message"`
		Done    bool    `json:"done"`
	}
	if err := c.call(ctx, http.MethodPost, "/api/chat", req, &resp); err != nil {
		return "", err
	}
	if resp.Message.Content == "" {
		return "", errors.New("ollama: /api/chat gave an empty message")
	}
	return resp.Message.Content, nil
}

// Tags lists the names of the models the server has pulled (GET /api/tags).
func (c *Client) Tags(ctx context.Context) ([]string, error) {
	var resp struct {
		Models []struct {
			Name  string `json:"name"`
			Model string `json:"model"`
		} `json:"models"`
	}
	if err := c.call(ctx, http.MethodGet, "/api/tags", nil, &resp); err != nil {
		return nil, err
	}
	var names []string
	for _, m := range resp.Models {
		names = append(names, m.Name, m.Model)
	}
	return names, nil
}

// Has reports whether a model name is among the pulled names Tags gave;
// "name" matches "name:latest".
func Has(pulled []string, model string) bool {
	return slices.Contains(pulled, model) || slices.Contains(pulled, model+":latest")
}

// call sends one request under the client's deadline and decodes the JSON
// answer into out.
func (c *Client) call(ctx context.Context, method, path string, in, out any) error {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base.String()+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return callError(path, err, c.timeout)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return callError(path, err, c.timeout)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("ollama: %s: %s: %s", path, resp.Status, firstLine(b))
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("ollama: %s: malformed answer: %v", path, err)
	}
	return nil
}

func callError(path string, err error, timeout time.Duration) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("ollama: %s: no answer within %v", path, timeout)
	}
	return fmt.Errorf("ollama: %s: %w", path, err)
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}
