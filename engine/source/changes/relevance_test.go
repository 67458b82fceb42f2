package changes

import (
	"slices"
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

func TestRelevanceOf(t *testing.T) {
	q := engine.Query{Keywords: []string{"token", "budget", "enforced"}}
	tests := []struct {
		name    string
		path    string
		diff    string
		matched []string
		text    float64 // the text signal's value
		firm    bool
	}{
		{
			name: "one term in a changed line, one in context: weak",
			path: "tui/meters.go",
			diff: "@@ -38,7 +39,7 @@ func (p metersPane) total() string {\n // tokens used of the budget\n-\tthousands(p.budget)\n+\trender.Thousands(p.budget), p.tokenizer)\n",
			// "tokens" (context) → token; p.budget (changed) → budget; tokenizer is another word.
			matched: []string{"token", "budget"},
			text:    weightText * 1.5 / 3,
		},
		{
			name:    "two terms changed, stems and identifier parts",
			path:    "engine/pack.go",
			diff:    "@@ -1,2 +1,3 @@\n x := 1\n+\t// enforce the budget\n+\tn := tokenCount(s)\n",
			matched: []string{"token", "budget", "enforc"},
			text:    weightText,
			firm:    true,
		},
		{
			name:    "the hunk header names the function",
			path:    "a/b.go",
			diff:    "@@ -1,2 +1,3 @@ func enforceBudget() {\n x := 1\n+\ty := 2\n",
			matched: []string{"budget", "enforc"},
			text:    weightText * 2 / 3,
			firm:    true,
		},
		{
			name: "path word only",
			path: "engine/budget.go",
			diff: "@@ -1 +1 @@\n-a\n+b\n",
			firm: true,
		},
		{
			name: "a substring is not a word",
			path: "x/tokenizer.go",
			diff: "@@ -1 +1 @@\n-budgets_old\n+tokenizers\n",
			// budgets → budget (stem) is a word; tokenizers is not token.
			matched: []string{"budget"},
			text:    weightText / 3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := relevanceOf(change{path: tt.path, text: tt.diff}, termsOf(q))
			if !slices.Equal(r.matched, tt.matched) {
				t.Errorf("matched %v, want %v", r.matched, tt.matched)
			}
			var text float64
			for _, s := range r.signals {
				if s.Name == "text" {
					text = s.Value
				}
			}
			if diff := text - tt.text; diff > 1e-9 || diff < -1e-9 {
				t.Errorf("text %.3f, want %.3f", text, tt.text)
			}
			if r.firm != tt.firm {
				t.Errorf("firm %v, want %v", r.firm, tt.firm)
			}
		})
	}
}

func TestTermsOfKeepsTheStrongest(t *testing.T) {
	q := engine.Query{
		Identifiers: []string{"retryPayment"},
		Keywords:    []string{"retry", "payment", "a", "retries", "one", "two", "three", "four", "five", "six", "seven"},
		Paths:       []string{"Pay/Retry.go"},
	}
	got := termsOf(q)
	want := []string{"retrypayment", "retry", "payment", "one", "two", "three", "four", "fiv"}
	if !slices.Equal(got.words, want) || !slices.Equal(got.paths, []string{"pay/retry.go"}) {
		t.Errorf("terms %v %v, want %v", got.words, got.paths, want)
	}
}
