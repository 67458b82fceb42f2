package vocab

import "testing"

func TestStem(t *testing.T) {
	tests := []struct{ in, want string }{
		// the words of the issue meet the code's
		{"unescaping", "unescap"}, {"unescape", "unescap"}, {"unescaped", "unescap"},
		{"retries", "retry"}, {"retry", "retry"}, {"retried", "retry"},
		{"handlers", "handler"}, {"handler", "handler"},
		{"enforced", "enforc"}, {"enforce", "enforc"}, {"enforces", "enforc"},
		{"timeouts", "timeout"}, {"alives", "aliv"}, {"alive", "aliv"},
		{"caches", "cach"}, {"cache", "cach"}, {"caching", "cach"}, {"cached", "cach"},
		{"parse", "pars"}, {"parsing", "pars"}, {"parsed", "pars"}, {"parses", "pars"},
		{"mapped", "map"}, {"mapping", "map"}, {"committed", "commit"}, {"settings", "set"},
		{"classes", "class"}, {"class", "class"}, {"processes", "process"},
		{"gracefully", "graceful"}, {"graceful", "graceful"}, {"internally", "internal"},
		{"recursively", "recursiv"}, {"recursive", "recursiv"}, {"silently", "silent"},
		// not over-stemmed
		{"string", "string"}, {"strings", "string"}, {"news", "news"}, {"status", "status"},
		{"analysis", "analysis"}, {"alias", "alias"}, {"aliases", "alias"},
		{"called", "call"}, {"passing", "pass"}, {"embed", "embed"}, {"embedded", "embed"},
		{"speed", "speed"}, {"need", "need"}, {"thing", "thing"}, {"uses", "use"},
		{"use", "use"}, {"tree", "tree"}, {"free", "free"},
		{"rune", "rune"}, {"runes", "rune"}, {"modes", "mode"}, {"state", "state"},
		{"only", "only"}, {"reply", "reply"}, {"apply", "apply"}, {"family", "family"},
		{"supply", "supply"}, {"assembly", "assembly"}, {"early", "early"},
		// left alone
		{"sha256", "sha256"}, {"über", "über"}, {"Parsing", "Parsing"}, {"", ""}, {"ing", "ing"},
	}
	for _, tc := range tests {
		if got := Stem(tc.in); got != tc.want {
			t.Errorf("Stem(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := string(StemBytes([]byte(tc.in))); got != tc.want {
			t.Errorf("StemBytes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzStem(f *testing.F) {
	f.Add("unescaping")
	f.Add("ies")
	f.Fuzz(func(t *testing.T, s string) {
		got := Stem(s)
		if len(got) > len(s) || (len(got) < len(s) && len(got) < minStemLen-1) {
			t.Fatalf("Stem(%q) = %q", s, got)
		}
	})
}

// TestStemKeepsTheFirstTwoBytes: engine.TermSet skips stemming a word
// whose first two bytes start no term, which holds only if a stem keeps
// its word's first two bytes. Every word of up to six letters over the
// letters the suffix rules read, and every word of this package's tests.
func TestStemKeepsTheFirstTwoBytes(t *testing.T) {
	const letters = "abdeginsy"
	var words func(prefix string, n int)
	count := 0
	check := func(w string) {
		if s := Stem(w); len(w) >= 2 && (len(s) < 2 || s[:2] != w[:2]) {
			t.Fatalf("Stem(%q) = %q: the first two bytes changed", w, s)
		}
		count++
	}
	words = func(prefix string, n int) {
		check(prefix)
		if n == 0 {
			return
		}
		for i := range len(letters) {
			words(prefix+letters[i:i+1], n-1)
		}
	}
	words("", 6)
	for _, w := range []string{"retries", "mapped", "unescaping", "parsing", "abies", "ties", "eyes"} {
		check(w)
	}
	if count < 500000 {
		t.Fatalf("checked %d words", count)
	}
}
