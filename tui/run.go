package tui

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Run runs the explorer until the person quits. Deps must be valid (see
// Deps.Validate); main does its fatal checks before calling it. NO_COLOR
// in the environment turns colours off even if main did not.
func Run(ctx context.Context, deps Deps, initialQuery string) error {
	if err := deps.Validate(); err != nil {
		return err
	}
	if os.Getenv("NO_COLOR") != "" {
		deps.Config.NoColor = true
	}
	m := New(deps, initialQuery)
	_, err := tea.NewProgram(m, tea.WithContext(ctx)).Run()
	m.stopAll()
	if !m.waitBuilds(buildStopTimeout) {
		m.logf("index build still running %s after quitting", buildStopTimeout)
	}
	if err != nil {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}

// buildStopTimeout bounds how long Run waits for a cancelled index build,
// so that main closes the index only after the build let go of it.
const buildStopTimeout = 10 * time.Second

// waitBuilds waits for running builds to return; false on timeout.
func (m Model) waitBuilds(d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		m.builds.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

// OpenDebugLog returns a logger writing to the file named by LOUPE_DEBUG,
// or a logger that discards everything when it is unset: the explorer owns
// the terminal, so logs must never go to stdout or stderr.
func OpenDebugLog() (*log.Logger, io.Closer, error) {
	path := os.Getenv("LOUPE_DEBUG")
	if path == "" {
		return log.New(io.Discard, "", 0), io.NopCloser(nil), nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("tui: open debug log: %w", err)
	}
	return log.New(f, "loupe ", log.LstdFlags|log.Lmicroseconds), f, nil
}
