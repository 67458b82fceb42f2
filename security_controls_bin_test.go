package main

import (
	"strings"
	"testing"
)

// TestPackNeutralizesTerminalEscapes: a repository file holding escape
// sequences (an OSC 52 that would set the clipboard, a colour, a cursor
// move) never reaches stdout as raw control characters, in any format: it
// would act on the terminal that prints the pack.
func TestPackNeutralizesTerminalEscapes(t *testing.T) {
	root, ix := t.TempDir(), t.TempDir()
	src := "package term\n\n// PaintBanner prints the banner in colour.\nfunc PaintBanner() string {\n" +
		"\treturn \"\x1b]52;c;cm0gLXJmIH4=\x07\x1b[31mbanner\x1b[0m\x1b[2J\"\n}\n"
	writeFiles(t, root, map[string]string{"term/banner.go": src})
	for _, format := range []string{"md", "xml", "plain", "json"} {
		r := runBin(t, "", "pack", "paint the banner in colour", "--root", root, "--index-dir", ix, "--format", format)
		if r.err != nil {
			t.Fatalf("%s: %v\n%s", format, r.err, r.stderr)
		}
		if !strings.Contains(r.stdout, "PaintBanner") {
			t.Fatalf("%s: the block is missing:\n%s", format, r.stdout)
		}
		if strings.ContainsAny(r.stdout, "\x1b\x07") || strings.Contains(r.stdout, `\u001b`) {
			t.Errorf("%s: raw control characters in the pack:\n%q", format, r.stdout)
		}
		if !strings.Contains(r.stdout, "␛]52;c;") {
			t.Errorf("%s: the escape is not shown as ␛:\n%s", format, r.stdout)
		}
	}
}
