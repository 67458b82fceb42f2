package render

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/<test>/<name>.golden (rewritten with
// -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(t.Name()), name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from golden:\n%s", path, got)
	}
}

// fixturePack has one block of every kind, level and state.
func fixturePack() *packing.Pack {
	code := packing.Item{Candidate: engine.Candidate{ID: "pay/retry.go#Retry", Source: engine.SourceCode, Score: 4.2,
		Reason: "name matches retry", Signals: []engine.Signal{{Name: "bm25", Value: 2.1, Detail: "retry"}, {Name: "symbol", Value: 2.1}},
		Block: index.Block{Path: "pay/retry.go", Kind: index.KindFunction, Name: "Retry", StartLine: 10, EndLine: 14, Lang: "go"}},
		Body: "// Retry runs f until it succeeds.\nfunc Retry(f func() error) error {\n\treturn f()\n}\n", Tokens: 30,
		Shown: [][2]int{{10, 13}}}
	head := packing.Item{Candidate: engine.Candidate{ID: "pay/client.go#Client.Do", Source: engine.SourceCode, Score: 3.1, Stale: true,
		Block: index.Block{Path: "pay/client.go", Kind: index.KindMethod, Name: "Do", QualName: "Client.Do", StartLine: 20, EndLine: 80, Lang: "go"}},
		Level: engine.LevelHead, Body: "func (c *Client) Do() error {\n\ts := \"```\"\n… 58 lines omitted (pay/client.go:23-80)\n", Tokens: 25,
		Note: "… 58 lines omitted (pay/client.go:23-80)", Shown: [][2]int{{20, 22}}}
	focus := packing.Item{Candidate: engine.Candidate{ID: "pay/backoff.go#Backoff", Source: engine.SourceCode, Score: 3,
		Block: index.Block{Path: "pay/backoff.go", Kind: index.KindFunction, Name: "Backoff", StartLine: 1, EndLine: 40, Lang: "go"}},
		Level: engine.LevelFocus, Tokens: 40,
		Body: "func Backoff(n int) time.Duration {\n… 19 lines omitted (pay/backoff.go:2-20)\n\td := base << n // back off\n… 19 lines omitted (pay/backoff.go:22-40)\n",
		Note: "… 19 lines omitted (pay/backoff.go:2-20); … 19 lines omitted (pay/backoff.go:22-40)", Shown: [][2]int{{1, 1}, {21, 21}}}
	ref := packing.Item{Candidate: engine.Candidate{ID: "pay/log.go#logf", Source: engine.SourceCode, Score: 0.5,
		Block: index.Block{Path: "pay/log.go", Kind: index.KindFunction, Name: "logf", StartLine: 3, EndLine: 9}},
		Level: engine.LevelReference, Body: "function logf pay/log.go:3-9\n", Tokens: 12, Pinned: true, Shown: [][2]int{}}
	diag := packing.Item{Candidate: engine.Candidate{ID: "diag:1", Source: engine.SourceDiagnostics, Score: 6,
		Meta:  map[string]string{"severity": "error", "tool": "go vet"},
		Block: index.Block{Path: "pay/retry.go", Kind: index.KindDiagnostic, Name: "unreachable code", StartLine: 12, EndLine: 12}},
		Body: "pay/retry.go:12:2: unreachable code\n", Tokens: 15}
	commit := packing.Item{Candidate: engine.Candidate{ID: "commit:abc1234", Source: engine.SourceCommits, Score: 1.2, Deleted: true,
		Meta:  map[string]string{"sha": "abc1234", "author": "Ann <ann@example.com>", "date": "2026-11-20"},
		Block: index.Block{Kind: index.KindCommit, Name: "retry: back off exponentially"}},
		Body: "retry: back off exponentially\n\nfiles: pay/retry.go\n", Tokens: 20}
	hunk := packing.Item{Candidate: engine.Candidate{ID: "change:pay/retry.go:11", Source: engine.SourceChanges, Score: 2,
		Meta:  map[string]string{"age": "2 minutes ago"},
		Block: index.Block{Path: "pay/retry.go", Kind: index.KindHunk, StartLine: 11, EndLine: 12}},
		Body: "-\treturn nil\n+\treturn f()\n", Tokens: 14}
	p := &packing.Pack{Query: "how does retry back off", Budget: 2000, Available: 1800, Tokenizer: "o200k", Format: "md",
		Items: []packing.Item{diag, hunk, code, head, focus, ref, commit}, TokenCount: 412, FilesRead: 4,
		PerSource: map[engine.Source]packing.SourceUsage{engine.SourceCode: {Share: 900, Used: 80, Included: 3, Excluded: 1}},
		LeftOut: []packing.LeftOut{
			{Candidate: engine.Candidate{ID: "pay/big.go#Big", Source: engine.SourceCode, Score: 0.3, Block: index.Block{Path: "pay/big.go", StartLine: 1, EndLine: 900}}, Why: packing.OutBudget},
			{Candidate: engine.Candidate{ID: "x", Source: engine.SourceDocs}, Why: packing.OutDuplicate, Of: "pay/retry.go#Retry"},
		}}
	return p
}

func TestGolden(t *testing.T) {
	packs := map[string]*packing.Pack{
		"full":    fixturePack(),
		"nomatch": {Budget: 100, Available: 100, Tokenizer: "o200k", TokenCount: 9},
		"nofit": {Budget: 100, Available: 100, Tokenizer: "cl100k", TokenCount: 20,
			LeftOut: fixturePack().LeftOut[:1]},
	}
	for _, name := range Formats() {
		f, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		for pname, p := range packs {
			golden(t, pname+"."+name, f.Render(p))
		}
	}
}

func TestNew(t *testing.T) {
	for _, n := range []string{"", "md", "markdown", "xml", "plain", "json"} {
		if _, err := New(n); err != nil || !Valid(n) {
			t.Errorf("New(%q): %v", n, err)
		}
	}
	if _, err := New("html"); err == nil || Valid("html") {
		t.Error("html accepted")
	}
}

// TestRenderIsPartsConcatenated: the packer measures parts, so Render must
// contain every part verbatim.
func TestRenderIsPartsConcatenated(t *testing.T) {
	p := fixturePack()
	for _, name := range []string{"md", "xml", "plain"} {
		f, _ := New(name)
		out := f.Render(p)
		for _, it := range p.Items {
			if !strings.Contains(out, f.RenderItem(it)) {
				t.Errorf("%s: item %s not rendered as its part", name, it.ID)
			}
		}
	}
}

func TestMarkdownFence(t *testing.T) {
	it := fixturePack().Items[2]
	for _, body := range []string{"a ``` b\n", "````\n", "x `````` y\n", "no ticks\n"} {
		it.Body = body
		out := Markdown{}.RenderItem(it)
		fence := strings.Repeat("`", max(3, longestRun(body, '`')+1))
		if !strings.Contains(out, "\n"+fence+"go\n"+body+fence+"\n") {
			t.Errorf("body %q not fenced with %q:\n%s", body, fence, out)
		}
	}
}

func TestXMLWellFormedHostile(t *testing.T) {
	p := fixturePack()
	hostile := "a ]]> b ]]]]> c\x00\x01\x1b[31m\x7f \xff\xfe invalid ￾ <tag> & \"q\" 'a'\r\n"
	p.Items[2].Body = hostile
	p.Items[2].Block.Name = `na"me<&>'` + "\x02\n\t"
	p.Items[2].Meta = map[string]string{"we ird": "v\"<", "1x": "y", "path": "clash", "xmlns": "z"}
	p.Items[2].Block.Path = "a&b/<c>.go"
	out := XML{}.Render(p)
	dec := xml.NewDecoder(strings.NewReader(out))
	var cdata strings.Builder
	inBlock := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, out)
		}
		switch v := tok.(type) {
		case xml.StartElement:
			inBlock = v.Name.Local == "block" && attrOf(v, "path") == "a&b/<c>.go"
			if inBlock && attrOf(v, "name") != "na\"me<&>'\u2402\n\t" {
				t.Errorf("name attribute %q", attrOf(v, "name"))
			}
		case xml.CharData:
			if inBlock {
				cdata.Write(v)
			}
		case xml.EndElement:
			inBlock = false
		}
	}
	if !strings.Contains(cdata.String(), "a ]]> b ]]]]> c") {
		t.Errorf("CDATA content changed: %q", cdata.String())
	}
}

func attrOf(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func TestJSONSchema(t *testing.T) {
	p := fixturePack()
	p.Query = strings.Repeat("long query ", 30000)
	for i := range 30 {
		p.LeftOut = append(p.LeftOut, packing.LeftOut{Candidate: engine.Candidate{ID: "l" + string(rune('a'+i))}, Why: packing.OutBudget})
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(JSON{}.Render(p)), &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"query", "budget", "tokenizer", "token_count", "context", "blocks", "left_out", "summary"} {
		if _, ok := got[k]; !ok {
			t.Errorf("no %q", k)
		}
	}
	if q := got["query"].(string); len(q) > maxQueryEcho+4 {
		t.Errorf("query echoed whole (%d bytes)", len(q))
	}
	if n := len(got["left_out"].([]any)); n != maxLeftOutJSON || got["left_out_total"].(float64) != 32 {
		t.Errorf("left_out has %d entries, total %v", n, got["left_out_total"])
	}
	b := got["blocks"].([]any)[2].(map[string]any)
	for _, k := range []string{"source", "path", "start_line", "end_line", "kind", "name", "qualified_name", "level", "tokens", "score", "pinned", "stale", "reasons"} {
		if _, ok := b[k]; !ok {
			t.Errorf("block lacks %q", k)
		}
	}
	s := got["summary"].(map[string]any)
	for _, k := range []string{"included", "excluded", "files_read", "per_source"} {
		if _, ok := s[k]; !ok {
			t.Errorf("summary lacks %q", k)
		}
	}
}

func TestSummary(t *testing.T) {
	p := &packing.Pack{Items: make([]packing.Item, 14), Budget: 8000, Available: 8000, TokenCount: 7812, Tokenizer: "o200k"}
	for i := range p.Items {
		p.Items[i].Source = engine.SourceCode
		if i > 9 {
			p.Items[i].Source = engine.SourceDocs
		}
	}
	for range 9 {
		p.LeftOut = append(p.LeftOut, packing.LeftOut{Why: packing.OutBudget})
	}
	if got, want := Summary(p), "14 blocks from 2 sources · 7,812 of 8,000 tokens (o200k) · 9 left out (budget)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	p.LeftOut = append(p.LeftOut, packing.LeftOut{Why: packing.OutDuplicate, Of: "x"}, packing.LeftOut{Why: packing.OutDropped})
	p.Available = 7000
	if got, want := Summary(p), "14 blocks from 2 sources · 7,812 of 7,000 tokens (o200k, 1,000 reserved) · 11 left out (9 budget, 1 dropped, 1 duplicate)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestTerminal(t *testing.T) {
	md := Markdown{}.Render(fixturePack())
	for _, style := range []string{"notty", "ascii"} {
		for _, w := range []int{40, 80, 120} {
			out, err := Terminal(md, w, style)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, style+"-"+itoa(w), out)
		}
	}
	if _, err := Terminal(md, 80, "auto"); err == nil {
		t.Error("auto style accepted")
	}
	for _, style := range Styles() {
		out, err := Terminal(md, 60, style)
		if err != nil || !strings.Contains(out, "Retry") {
			t.Errorf("%s: %v", style, err)
		}
	}
}

func itoa(n int) string { return strings.TrimSpace(Thousands(n)) }
