package packing

import (
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

func pkLines(n int, prefix string) string {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		sb.WriteString(prefix)
		sb.WriteString(strings.Repeat("x", i%7))
		sb.WriteString("\n")
	}
	return sb.String()
}

func pkFuncCandidate() engine.Candidate {
	text := "// Retry retries.\nfunc Retry(n int) error {\n" + pkLines(20, "\tstep") + "}\n"
	return engine.Candidate{ID: "pay/retry.go#Retry", Source: engine.SourceCode, Text: text, Score: 2,
		Block: index.Block{Path: "pay/retry.go", Kind: index.KindFunction, Name: "Retry",
			Signature: "func Retry(n int) error", StartLine: 10, EndLine: 32, Lang: "go"}}
}

func TestRenderBody(t *testing.T) {
	c := pkFuncCandidate()
	tests := []struct {
		name     string
		level    engine.Level
		head     int
		wantHas  []string
		wantNot  []string
		wantNote string
	}{
		{"full", engine.LevelFull, 0, []string{"func Retry", "step", "}\n"}, []string{"omitted"}, ""},
		{"head keeps signature and marks the rest", engine.LevelHead, 12,
			[]string{"// Retry retries.\nfunc Retry(n int) error {\n", "lines omitted (pay/retry.go:"}, nil, "… "},
		{"signature", engine.LevelSignature, 0, []string{"// Retry retries.\nfunc Retry(n int) error {\n",
			"… 21 lines omitted (pay/retry.go:12-32)"}, []string{"step"}, "… 21 lines omitted (pay/retry.go:12-32)"},
		{"bookend", engine.LevelBookend, 0, []string{"// Retry retries.\n", "… 18 lines omitted (pay/retry.go:13-30)", "}\n"}, nil, "…"},
		{"reference", engine.LevelReference, 0, []string{"function Retry pay/retry.go:10-32\n"}, []string{"step"}, "reference only (pay/retry.go:10-32)"},
		{"head larger than the block is full", engine.LevelHead, 100000, []string{"step"}, []string{"omitted"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body, note := RenderBody(c, tc.level, tc.head)
			for _, w := range tc.wantHas {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(body, w) {
					t.Errorf("body has %q:\n%s", w, body)
				}
			}
			if !strings.HasPrefix(note, tc.wantNote) {
				t.Errorf("note = %q, want prefix %q", note, tc.wantNote)
			}
			pkAssertWholeLines(t, c.Text, body)
		})
	}
}

// assertWholeLines checks that every line of body is a whole line of text
// or a marker: nothing is cut mid-line.
func pkAssertWholeLines(t *testing.T, text, body string) {
	t.Helper()
	have := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		have[l] = true
	}
	for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if !have[l] && !strings.HasPrefix(l, "… ") && !strings.Contains(l, ".go:") {
			t.Errorf("line %q is not a whole line of the block", l)
		}
	}
}

func TestRenderBodyEdgeCases(t *testing.T) {
	tests := []struct {
		name  string
		c     engine.Candidate
		level engine.Level
		want  string
	}{
		{"empty text falls back to reference", engine.Candidate{ID: "x", Block: index.Block{Kind: index.KindNote, Name: "n"}}, engine.LevelFull, "note n x\n"},
		{"no trailing newline gets one", engine.Candidate{ID: "x", Text: "a\nb"}, engine.LevelFull, "a\nb\n"},
		{"short block at bookend is whole", engine.Candidate{ID: "x", Text: "a\nb\nc\n"}, engine.LevelBookend, "a\nb\nc\n"},
		{"no signature: first line", engine.Candidate{ID: "x", Text: "a\nb\nc\n", Block: index.Block{Path: "f.txt", StartLine: 1, EndLine: 3}}, engine.LevelSignature, "a\n… 2 lines omitted (f.txt:2-3)\n"},
		{"one line omitted", engine.Candidate{ID: "x", Text: "a\nb\n"}, engine.LevelSignature, "a\n… 1 line omitted (x)\n"},
		{"hunk lines are not file lines", engine.Candidate{ID: "h", Text: "@@ -1,2 +1,3 @@\n a\n+b\n c\n", Block: index.Block{Path: "f.go", StartLine: 1, EndLine: 3}},
			engine.LevelSignature, "@@ -1,2 +1,3 @@\n… 3 lines omitted (of f.go:1-3)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got, _ := RenderBody(tc.c, tc.level, 0); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLevelNames(t *testing.T) {
	for l := engine.LevelFull; l <= engine.LevelReference; l++ {
		got, err := engine.ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := engine.ParseLevel("most"); err == nil {
		t.Error("ParseLevel(most) succeeded")
	}
	if s := engine.Level(9).String(); s != "level(9)" {
		t.Errorf("Level(9) = %q", s)
	}
}

func TestEstimateTokens(t *testing.T) {
	if got := EstimateTokens(strings.Repeat("a", 265), false); got != 100 {
		t.Errorf("code estimate = %d, want 100", got)
	}
	if got := EstimateTokens(strings.Repeat("a", 335), true); got != 100 {
		t.Errorf("prose estimate = %d, want 100", got)
	}
}

func TestRenderBodyTrimsTrailingBlankLines(t *testing.T) {
	c := engine.Candidate{ID: "f", Text: "a\nb\nc\nd\ne\nf\ng\n\n\n", Block: index.Block{Path: "f.go", StartLine: 10, EndLine: 18, Kind: index.KindFunction}}
	if body, _ := RenderBody(c, engine.LevelFull, 0); body != "a\nb\nc\nd\ne\nf\ng\n" {
		t.Errorf("full = %q", body)
	}
	if body, _ := RenderBody(c, engine.LevelBookend, 0); body != "a\nb\nc\n… 2 lines omitted (f.go:13-14)\nf\ng\n" {
		t.Errorf("bookend = %q", body)
	}
	h := engine.Candidate{ID: "h", Text: " a\n\n", Block: index.Block{Kind: index.KindHunk}}
	if body, _ := RenderBody(h, engine.LevelFull, 0); body != " a\n\n" {
		t.Errorf("hunk lost its blank context line: %q", body)
	}
}

// TestHeaderHasNoSignatureLevel: a header block's signature is its package
// clause, so it is never packed as "package x" and 87 omitted lines.
func TestHeaderHasNoSignatureLevel(t *testing.T) {
	c := pkCand("hdr", engine.SourceCode, "engine/budget.go", 1, 40, 1, "package engine\n\n"+pkLines(38, "// the essay"))
	c.Block.Kind, c.Block.Signature = index.KindHeader, "package engine"
	li := newLineInfo(c, lineMasks(newFocusQuery("budget").set, trimTrailingBlank(c)), nil, nil)
	for _, o := range levelOptions(c, li, engine.LevelFull, -1, c.Score) {
		if o.level == engine.LevelSignature {
			t.Fatalf("a header offered at signature level: %+v", o)
		}
	}
}
