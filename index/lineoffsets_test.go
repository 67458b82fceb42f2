package index

import (
	"slices"
	"testing"
)

// TestLineOffsets checks lineOffsets against its definition: the start of
// every line, a newline ending the data starting none, then len(data).
func TestLineOffsets(t *testing.T) {
	for _, s := range []string{"", "a", "\n", "a\n", "a\nb", "\n\n", "a\n\nb\n", "x\r\ny\r\n", "no newline at all"} {
		want := []int{0}
		for i := 0; i < len(s); i++ {
			if s[i] == '\n' && i+1 < len(s) {
				want = append(want, i+1)
			}
		}
		want = append(want, len(s))
		if got := lineOffsets([]byte(s)); !slices.Equal(got, want) {
			t.Errorf("lineOffsets(%q) = %v, want %v", s, got, want)
		}
	}
}
