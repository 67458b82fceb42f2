package main

import (
	"bytes"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

const clipText = "## code\n\n### a.go:1-3 · function F\n```go\nfunc F() {} // ``` and ]]>\n```\n"

// TestCopyToARealClipboard copies through the system clipboard of a real
// X server (Xvfb) and reads it back with xclip.
func TestCopyToARealClipboard(t *testing.T) {
	for _, bin := range []string{"Xvfb", "xclip"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skipf("%s is not installed: this test needs a real X server and clipboard (Debian: xvfb, xclip; .ci/run installs them)", bin)
		}
	}
	display := startXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")

	out, err := copyText(clipText, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Native || out.SavedTo != "" {
		t.Fatalf("outcome %+v, want the system clipboard", out)
	}
	got, err := exec.Command("xclip", "-o", "-selection", "clipboard").Output()
	if err != nil {
		t.Fatalf("xclip -o: %v", err)
	}
	if string(got) != clipText {
		t.Fatalf("clipboard holds %q, want %q", got, clipText)
	}
}

// startXvfb starts an X server on a free display and stops it at cleanup.
func startXvfb(t *testing.T) string {
	t.Helper()
	for n := 90; n < 110; n++ {
		if fileExists(filepath.Join("/tmp/.X11-unix", "X"+strconv.Itoa(n))) {
			continue // taken
		}
		display := ":" + strconv.Itoa(n)
		cmd := exec.Command("Xvfb", display, "-nolisten", "tcp", "-screen", "0", "640x480x24")
		if err := cmd.Start(); err != nil {
			t.Fatalf("Xvfb: %v", err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		// Readiness, not timing: the server creates its socket when it
		// accepts clients; wait for it, for at most 10 s.
		for range 100 {
			if fileExists(filepath.Join("/tmp/.X11-unix", "X"+strconv.Itoa(n))) {
				return display
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("Xvfb on %s did not come up", display)
	}
	t.Fatal("no free X display between :90 and :109")
	return ""
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestCopyWithoutAnyClipboardSavesAFile: no display and no terminal, so
// nothing can be confirmed; the context goes to a file and the outcome
// says where and why.
func TestCopyWithoutAnyClipboardSavesAFile(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("TMPDIR", t.TempDir())
	out, err := copyText(clipText, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out.SavedTo)
	if err != nil || string(b) != clipText {
		t.Fatalf("fallback file %q: %v %q", out.SavedTo, err, b)
	}
	if msg := out.String(); !strings.Contains(msg, out.SavedTo) || !strings.Contains(msg, "no display") {
		t.Fatalf("status %q should name the file and the reason", msg)
	}
}

// TestCopyWritesExactOSC52: the terminal sequence carries exactly the text.
func TestCopyWritesExactOSC52(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	var tty bytes.Buffer
	out, err := copyText(clipText, &tty)
	if err != nil || !out.OSC52 || out.SavedTo != "" {
		t.Fatalf("outcome %+v, err %v", out, err)
	}
	want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(clipText)) + "\x07"
	if tty.String() != want {
		t.Fatalf("OSC 52 sequence %q, want %q", tty.String(), want)
	}
}
