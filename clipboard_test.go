package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"os"
	"os/exec"
	"strings"
	"syscall"
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
	if got := readClipboard(t, clipText); got != clipText {
		t.Fatalf("clipboard holds %q, want %q", got, clipText)
	}
}

// startXvfb starts an X server on a display it picks itself and stops it
// at cleanup. -displayfd makes the server write its display number once it
// accepts clients: readiness, not a guess at a free number or a timing.
func startXvfb(t *testing.T) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "640x480x24")
	cmd.ExtraFiles = []*os.File{w} // fd 3 in the server
	if err := cmd.Start(); err != nil {
		t.Fatalf("Xvfb: %v", err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		b, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(b)
	}()
	select {
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb exited before it accepted clients")
		}
		return ":" + n
	case <-time.After(60 * time.Second):
		t.Fatal("Xvfb did not accept clients within a minute")
	}
	return ""
}

// readClipboard reads the X clipboard, waiting until it holds want: the
// xclip that owns the selection serves it from a background process, which
// may not have taken the selection yet when the writer returns.
func readClipboard(t *testing.T, want string) string {
	t.Helper()
	var got string
	for range 300 { // up to 30 s on a loaded machine; usually the first read
		out, err := exec.Command("xclip", "-o", "-selection", "clipboard").Output()
		if got = string(out); err == nil && got == want {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return got
}

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
