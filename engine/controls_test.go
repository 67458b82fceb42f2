package engine

import (
	"strings"
	"testing"
)

func TestNeutralizeControls(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain\ttext\n", "plain\ttext\n"},
		{"crlf\r\nline\r\n", "crlf\r\nline\r\n"},
		{"\x1b]52;c;ZWNobyBoaQ==\x07", "␛]52;c;ZWNobyBoaQ==␇"},
		{"red \x1b[31mX\x1b[0m", "red ␛[31mX␛[0m"},
		{"over\rwrite", "over␍write"},
		{"del\x7f", "del␡"},
		{"c1 \u009b2J", "c1 \ufffd2J"},
		{"héllo → ✓", "héllo → ✓"},
	} {
		if got := neutralize(tc.in); got != tc.want {
			t.Errorf("neutralize(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if strings.Count(neutralize(tc.in), "\n") != strings.Count(tc.in, "\n") {
			t.Errorf("%q: line count changed", tc.in)
		}
	}
}
