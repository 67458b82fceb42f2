package tui

import (
	"bytes"
	"errors"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	h := newHarness(t, 1)
	tests := []struct {
		name   string
		change func(d *Deps)
		want   error
	}{
		{"ok", func(*Deps) {}, nil},
		{"no engine", func(d *Deps) { d.Engine = nil }, ErrMissingDep},
		{"no pack", func(d *Deps) { d.Pack = nil }, ErrMissingDep},
		{"no counter", func(d *Deps) { d.Counter = nil }, ErrMissingDep},
		{"formatter defaults to render", func(d *Deps) { d.NewFormatter = nil }, nil},
		{"zero budget", func(d *Deps) { d.Config.Budget = 0 }, ErrBadConfig},
		{"bad format", func(d *Deps) { d.Config.Format = "yaml" }, ErrBadConfig},
		{"json allowed", func(d *Deps) { d.Config.Format = "json" }, nil},
		{"bad style", func(d *Deps) { d.Config.Style = "auto" }, ErrBadConfig},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := h.deps
			tc.change(&d)
			if err := d.Validate(); !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
		})
	}
}

func TestDebugLog(t *testing.T) {
	t.Setenv("LOUPE_DEBUG", "")
	lg, c, err := OpenDebugLog()
	if err != nil || lg == nil || c == nil {
		t.Fatal("no discard logger")
	}
	path := filepath.Join(t.TempDir(), "debug.log")
	t.Setenv("LOUPE_DEBUG", path)
	lg, c, err = OpenDebugLog()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, 5)
	h.deps.Log = lg
	h.ready(80, 24)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `search gen=1 "retry": 5 candidates`) || !strings.Contains(string(b), "pack gen=") {
		t.Fatalf("log:\n%s", b)
	}
}

func TestLogNeverOnScreen(t *testing.T) {
	var buf bytes.Buffer
	h := newHarness(t, 3)
	h.deps.Log = log.New(&buf, "", 0)
	m := h.ready(80, 24)
	if strings.Contains(m.View().Content, "pack gen=") || buf.Len() == 0 {
		t.Fatal("log went to the screen or nowhere")
	}
}
