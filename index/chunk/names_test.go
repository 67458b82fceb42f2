package chunk

import "testing"

func TestIsIdentifier(t *testing.T) {
	for s, want := range map[string]bool{
		"res": true, "_private": true, "$el": true, "v2": true, "ñandú": true,
		"": false, "2fa": false, "a-b": false, "a()": false, "a b": false,
	} {
		if got := IsIdentifier(s); got != want {
			t.Errorf("IsIdentifier(%q) = %v, want %v", s, got, want)
		}
	}
}
