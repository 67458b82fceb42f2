// Package llm holds the two jobs loupe gives an optional local chat model:
// planning a query (engine.Planner) and reranking the top candidates
// (engine.Reranker). Each is one non-streaming chat call whose answer is
// constrained by a JSON schema (Ollama's structured outputs) and then
// checked again here: an answer that does not parse, or names what it was
// not given, is an error, and the engine keeps its own result.
package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/internal/textcut"
	"github.com/loupe-dev/loupe/engine/source/ollama"
)

// maxTaskChars bounds the task text sent to the model (a pasted issue).
const maxTaskChars = 8000

// Chatter is one chat call with a JSON schema (ollama.Client implements it).
type Chatter interface {
	Chat(ctx context.Context, model string, msgs []ollama.Message, schema any) (string, error)
}

// Planner plans queries with a chat model.
type Planner struct {
	c     Chatter
	model string
}

// NewPlanner returns a planner that asks model through c.
func NewPlanner(c Chatter, model string) *Planner { return &Planner{c: c, model: model} }

const planSystem = `You plan a code search in a software repository for the task the user gives.
Answer with JSON only:
- identifiers: names of functions, methods, types, variables or constants the code for this task likely uses, spelled as in code (at most 12)
- paths: file or directory paths the task names or clearly implies (at most 8)
- keywords: single lowercase words to search for (at most 16)
- sub_queries: short search phrases, one per part of the task (at most 4)
- intent: one of create, modify, debug, explain, refactor, search
- scope: symbol (one or two named things), module (a few files or a package) or codebase
Do not invent paths; leave a list empty when unsure.`

func stringArray() map[string]any {
	return map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
}

// planSchema is the JSON schema of a plan, sent as "format".
func planSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"identifiers": stringArray(), "paths": stringArray(), "keywords": stringArray(), "sub_queries": stringArray(),
			"intent": map[string]any{"type": "string", "enum": []string{"create", "modify", "debug", "explain", "refactor", "search"}},
			"scope":  map[string]any{"type": "string", "enum": []string{"symbol", "module", "codebase"}},
		},
		"required": []string{"identifiers", "paths", "keywords", "sub_queries", "intent", "scope"},
	}
}

// Plan asks the model for a plan of raw.
func (p *Planner) Plan(ctx context.Context, raw string) (engine.Plan, error) {
	msgs := []ollama.Message{{Role: "system", Content: planSystem}, {Role: "user", Content: textcut.Prefix(raw, maxTaskChars)}}
	out, err := p.c.Chat(ctx, p.model, msgs, planSchema())
	if err != nil {
		return engine.Plan{}, err
	}
	var plan engine.Plan
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		return engine.Plan{}, fmt.Errorf("planner: malformed answer: %v", err)
	}
	return plan, nil
}

// Reranker orders candidates with a chat model.
type Reranker struct {
	c     Chatter
	model string
}

// NewReranker returns a reranker that asks model through c.
func NewReranker(c Chatter, model string) *Reranker { return &Reranker{c: c, model: model} }

const rerankSystem = `You rank search results for a programming task. The user gives the task and
candidate code or documentation blocks, each with an id in brackets. Answer with JSON only:
{"ids": [...]}, the ids of the candidates from the most to the least useful for the task,
using only the ids given, each once.`

// Rerank returns the items' ids, most relevant first.
func (r *Reranker) Rerank(ctx context.Context, query string, items []engine.RerankItem) ([]string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "Task:\n%s\n\nCandidates:\n", textcut.Prefix(query, maxTaskChars/2))
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
		fmt.Fprintf(&b, "\n[%s]\n%s\n", it.ID, it.Text)
	}
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"ids": map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": ids}},
		},
		"required": []string{"ids"},
	}
	msgs := []ollama.Message{{Role: "system", Content: rerankSystem}, {Role: "user", Content: b.String()}}
	out, err := r.c.Chat(ctx, r.model, msgs, schema)
	if err != nil {
		return nil, err
	}
	var ans struct {
		IDs []string `json:"ids"`
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		return nil, fmt.Errorf("reranker: malformed answer: %v", err)
	}
	return ans.IDs, nil
}
