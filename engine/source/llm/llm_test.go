package llm

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/ollama"
)

// chat records the request and answers a fixed text.
type chat struct {
	answer string
	schema map[string]any
	msgs   []ollama.Message
}

func (c *chat) Chat(_ context.Context, _ string, msgs []ollama.Message, schema any) (string, error) {
	c.msgs, c.schema = msgs, schema.(map[string]any)
	return c.answer, nil
}

func TestPlan(t *testing.T) {
	c := &chat{answer: `{"identifiers":["retryWithBackoff"],"paths":["pay/"],"keywords":["retry"],"sub_queries":[],"intent":"debug","scope":"module"}`}
	p, err := NewPlanner(c, "m").Plan(context.Background(), strings.Repeat("x", 20000))
	if err != nil || p.Intent != "debug" || !slices.Equal(p.Identifiers, []string{"retryWithBackoff"}) {
		t.Fatalf("plan %+v %v", p, err)
	}
	if len(c.msgs[1].Content) != maxTaskChars {
		t.Fatalf("the task was sent whole (%d bytes)", len(c.msgs[1].Content))
	}
	req, _ := json.Marshal(c.schema)
	if !strings.Contains(string(req), `"required":["identifiers","paths","keywords","sub_queries","intent","scope"]`) {
		t.Fatalf("schema %s", req)
	}
	c.answer = "I think you should look at"
	if _, err := NewPlanner(c, "m").Plan(context.Background(), "x"); err == nil || !strings.Contains(err.Error(), "malformed") {
		t.Fatalf("malformed plan: %v", err)
	}
}

func TestRerank(t *testing.T) {
	c := &chat{answer: `{"ids":["c2","c1"]}`}
	ids, err := NewReranker(c, "m").Rerank(context.Background(), "q",
		[]engine.RerankItem{{ID: "c1", Text: "func a"}, {ID: "c2", Text: "func b"}})
	if err != nil || !slices.Equal(ids, []string{"c2", "c1"}) {
		t.Fatalf("ids %v %v", ids, err)
	}
	req, _ := json.Marshal(c.schema)
	if !strings.Contains(string(req), `"enum":["c1","c2"]`) || !strings.Contains(c.msgs[1].Content, "[c2]\nfunc b") {
		t.Fatalf("schema %s\nprompt %s", req, c.msgs[1].Content)
	}
}
