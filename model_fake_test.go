package main

import (
	"encoding/json"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
)

// fakeOllama implements the documented shapes of Ollama's /api/tags,
// /api/embed and /api/chat (non-streaming, "format" a JSON schema) on a
// loopback port, with deterministic answers and every failure loupe must
// survive.
type fakeOllama struct {
	srv *httptest.Server
	dim int

	mu      sync.Mutex
	mode    string   // "", "down", "slow", "malformed", "unknown-ids", "http500", "empty-tags"
	models  []string // what /api/tags lists
	embeds  int      // /api/embed calls
	inputs  []string // every embedded input
	chats   int
	reranks int
	plans   int
}

// Fake failure modes.
const (
	fakeSlow       = "slow"
	fakeMalformed  = "malformed"
	fakeUnknownIDs = "unknown-ids"
	fakeHTTP500    = "http500"
	fakeNotPulled  = "empty-tags"
)

// fakeEmbed, fakeChat are the model names the fake has pulled.
const (
	fakeEmbed = "fake-embed"
	fakeChat  = "fake-chat"
)

func newFakeOllama(t *testing.T) *fakeOllama {
	t.Helper()
	f := &fakeOllama{dim: 64, models: []string{fakeEmbed + ":latest", fakeChat + ":latest"}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/tags", f.tags)
	mux.HandleFunc("POST /api/embed", f.embed)
	mux.HandleFunc("POST /api/chat", f.chat)
	f.srv = httptest.NewServer(mux) // 127.0.0.1 only
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeOllama) URL() string { return f.srv.URL }

func (f *fakeOllama) setMode(m string) { f.mu.Lock(); f.mode = m; f.mu.Unlock() }

// fail answers for the failure modes common to every endpoint; it
// reports whether it answered.
func (f *fakeOllama) fail(w http.ResponseWriter, r *http.Request) bool {
	f.mu.Lock()
	mode := f.mode
	f.mu.Unlock()
	switch mode {
	case fakeSlow:
		select {
		case <-time.After(time.Second):
		case <-r.Context().Done():
		}
		return true
	case fakeHTTP500:
		http.Error(w, "boom", http.StatusInternalServerError)
		return true
	case fakeMalformed:
		w.Write([]byte(`{"embeddings": [[0.1, `))
		return r.URL.Path != "/api/chat" // chat answers well-formed JSON with bad content
	}
	return false
}

func (f *fakeOllama) tags(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	models := f.models
	if f.mode == fakeNotPulled {
		models = []string{"llama3:latest"}
	}
	f.mu.Unlock()
	var out struct {
		Models []map[string]string `json:"models"`
	}
	for _, m := range models {
		out.Models = append(out.Models, map[string]string{"name": m, "model": m, "digest": "0"})
	}
	json.NewEncoder(w).Encode(out)
}

func (f *fakeOllama) embed(w http.ResponseWriter, r *http.Request) {
	if f.fail(w, r) {
		return
	}
	var in struct {
		Model string   `json:"model"`
		Input []string `json:"input"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Model == "" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.embeds++
	f.inputs = append(f.inputs, in.Input...)
	f.mu.Unlock()
	out := map[string]any{"model": in.Model, "embeddings": f.vectors(in.Input), "total_duration": 1, "prompt_eval_count": 1}
	json.NewEncoder(w).Encode(out)
}

// vectors are bags of hashed words (camelCase split, lowercased), with
// one synonym so that meaning can beat words: "reimburse" is "refund".
func (f *fakeOllama) vectors(input []string) [][]float32 {
	out := make([][]float32, len(input))
	for i, s := range input {
		v := make([]float32, f.dim)
		for _, w := range fakeWords(s) {
			if strings.HasPrefix(w, "reimburs") {
				w = "refund"
			}
			h := fnv.New32a()
			h.Write([]byte(w))
			v[h.Sum32()%uint32(f.dim)]++
		}
		out[i] = v
	}
	return out
}

func fakeWords(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 2 {
			words = append(words, strings.ToLower(string(cur)))
		}
		cur = cur[:0]
	}
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			flush()
			cur = append(cur, r)
		case unicode.IsLetter(r):
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return words
}

// chat answers a planner (any schema) or a reranker (a schema with an
// "ids" property): the plan names retryWithBackoff; the ranking is the
// reverse of the order given.
func (f *fakeOllama) chat(w http.ResponseWriter, r *http.Request) {
	if f.fail(w, r) {
		return
	}
	var in struct {
		Model    string           `json:"model"`
		Stream   bool             `json:"stream"`
		Messages []map[string]any `json:"messages"`
		Format   struct {
			Properties map[string]struct {
				Items struct {
					Enum []string `json:"enum"`
				} `json:"items"`
			} `json:"properties"`
		} `json:"format"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Stream || len(in.Messages) == 0 {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.chats++
	mode := f.mode
	f.mu.Unlock()
	var content any
	if ids, ok := in.Format.Properties["ids"]; ok {
		f.mu.Lock()
		f.reranks++
		f.mu.Unlock()
		order := slices.Clone(ids.Items.Enum)
		slices.Reverse(order)
		if mode == fakeUnknownIDs {
			order = append(order, "c999")
		}
		content = map[string]any{"ids": order}
	} else {
		f.mu.Lock()
		f.plans++
		f.mu.Unlock()
		content = map[string]any{"identifiers": []string{"retryWithBackoff"}, "paths": []string{}, "keywords": []string{"backoff"},
			"sub_queries": []string{"retry with backoff"}, "intent": "debug", "scope": "module"}
	}
	b, _ := json.Marshal(content)
	text := string(b)
	if mode == fakeMalformed {
		text = "Sure! Here is the JSON: {ids:"
	}
	json.NewEncoder(w).Encode(map[string]any{"model": in.Model, "created_at": "2026-01-01T00:00:00Z",
		"message": map[string]string{"role": "assistant", "content": text}, "done": true})
}

func (f *fakeOllama) counts() (embeds, inputs, plans, reranks int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.embeds, len(f.inputs), f.plans, f.reranks
}
