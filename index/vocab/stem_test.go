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
