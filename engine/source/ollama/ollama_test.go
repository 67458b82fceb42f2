package ollama

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// server answers the documented shapes; handler overrides one path.
func server(t *testing.T, handler map[string]http.HandlerFunc) *Client {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/tags", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"models":[{"name":"nomic-embed-text:latest","model":"nomic-embed-text:latest","size":1}]}`))
	})
	mux.HandleFunc("POST /api/embed", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		json.NewDecoder(r.Body).Decode(&in)
		vs := make([][]float32, len(in.Input))
		for i := range vs {
			vs[i] = []float32{float32(i), 1}
		}
		json.NewEncoder(w).Encode(map[string]any{"model": in.Model, "embeddings": vs})
	})
	mux.HandleFunc("POST /api/chat", func(w http.ResponseWriter, r *http.Request) {
		var in map[string]any
		json.NewDecoder(r.Body).Decode(&in)
		if in["stream"] != false || in["format"] == nil {
			http.Error(w, "want stream false and a format", http.StatusBadRequest)
			return
		}
		w.Write([]byte(`{"model":"m","message":{"role":"assistant","content":"{\"ok\":true}"},"done":true}`))
	})
	for p, h := range handler {
		mux.HandleFunc(p, h)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEndpoints(t *testing.T) {
	c := server(t, nil)
	ctx := context.Background()
	vs, err := c.Embed(ctx, "nomic-embed-text", []string{"a", "b"})
	if err != nil || len(vs) != 2 || vs[1][0] != 1 {
		t.Fatalf("embed: %v %v", vs, err)
	}
	out, err := c.Chat(ctx, "m", []Message{{Role: "user", Content: "hi"}}, map[string]any{"type": "object"})
	if err != nil || out != `{"ok":true}` {
		t.Fatalf("chat: %q %v", out, err)
	}
	tags, err := c.Tags(ctx)
	if err != nil || !Has(tags, "nomic-embed-text") || Has(tags, "llama3") {
		t.Fatalf("tags: %v %v", tags, err)
	}
}

func TestFailures(t *testing.T) {
	slow := func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(time.Second):
		case <-r.Context().Done():
		}
	}
	for _, tc := range []struct {
		name string
		h    http.HandlerFunc
		want string
	}{
		{"malformed", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"embeddings":[[1,`)) }, "malformed answer"},
		{"status", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "model not found", 404) }, "404 Not Found: model not found"},
		{"count", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"embeddings":[[1]]}`)) }, "1 vectors for 2 inputs"},
		{"slow", slow, "no answer within 200ms"},
		{"redirect", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://198.51.100.7:80/api/embed", http.StatusTemporaryRedirect)
		}, "redirected"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(tc.h)
			defer srv.Close()
			// Only the slow server is about the timeout: the others get
			// a timeout a loaded machine cannot reach, so they fail only
			// for their own reason.
			timeout := time.Minute
			if tc.name == "slow" {
				timeout = 200 * time.Millisecond
			}
			c, _ := New(srv.URL, timeout)
			_, err := c.Embed(context.Background(), "m", []string{"a", "b"})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}

// TestDialsOnlyTheConfiguredAddress: the transport refuses any other
// address, whatever asks for it.
func TestDialsOnlyTheConfiguredAddress(t *testing.T) {
	c, err := New("http://127.0.0.1:1", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:2/api/tags", nil)
	_, err = c.http.Do(req)
	if err == nil || !strings.Contains(err.Error(), "refusing to dial 127.0.0.1:2") {
		t.Fatalf("err %v", err)
	}
}

func TestParseURL(t *testing.T) {
	for in, want := range map[string]string{
		"http://localhost":         "http://localhost:11434",
		"http://127.0.0.1:9999/":   "http://127.0.0.1:9999",
		"https://gpu.lan:443":      "https://gpu.lan:443",
		"ftp://x":                  "",
		"http://x/api":             "",
		"localhost:11434":          "",
		"http://user:pw@host:1234": "",
	} {
		u, err := ParseURL(in)
		if got := ""; err == nil {
			got = u.String()
			if got != want {
				t.Errorf("%s: %s, want %s", in, got, want)
			}
		} else if want != "" {
			t.Errorf("%s: %v", in, err)
		}
	}
}
