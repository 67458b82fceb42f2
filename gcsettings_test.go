package main

import (
	"runtime/debug"
	"testing"
)

// The person's GOGC or GOMEMLIMIT wins over a command's settings; pack
// used to overwrite a GOMEMLIMIT set alone.
func TestSetGCKeepsThePersonsSettings(t *testing.T) {
	limit, percent := debug.SetMemoryLimit(-1), debug.SetGCPercent(100)
	defer func() { debug.SetMemoryLimit(limit); debug.SetGCPercent(percent) }()
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, "1")
			debug.SetMemoryLimit(1 << 40)
			setGC(-1, 123<<20)
			if got := debug.SetMemoryLimit(-1); got != 1<<40 {
				t.Errorf("with %s set, the soft limit became %d", env, got)
			}
		})
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	setGC(-1, 123<<20)
	if got := debug.SetMemoryLimit(-1); got != 123<<20 {
		t.Errorf("unset: soft limit %d, want the command's", got)
	}
}
