package changes

import (
	"testing"
	"time"
)

func TestAge(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		ago  time.Duration
		want string
	}{
		{-time.Hour, "just now"},
		{10 * time.Second, "just now"},
		{time.Minute, "a minute ago"},
		{2 * time.Minute, "2 minutes ago"},
		{59 * time.Minute, "59 minutes ago"},
		{time.Hour, "1 hour ago"},
		{3 * time.Hour, "3 hours ago"},
		{30 * time.Hour, "yesterday"},
		{5 * 24 * time.Hour, "5 days ago"},
		{65 * 24 * time.Hour, "2 months ago"},
		{800 * 24 * time.Hour, "2 years ago"},
	}
	for _, tc := range tests {
		if got := Age(now, now.Add(-tc.ago)); got != tc.want {
			t.Errorf("Age(%v ago) = %q, want %q", tc.ago, got, tc.want)
		}
	}
	if got := Age(now, time.Time{}); got != "at an unknown time" {
		t.Errorf("zero time: %q", got)
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"pay: retry with backoff", 10, "pay: retr…"},
		{"héllo wörld", 6, "héllo…"},
	}
	for _, tc := range tests {
		if got := clip(tc.in, tc.n); got != tc.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
