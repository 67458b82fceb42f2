package diagnostics

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// readInput reads the configured inputs: the file (or stdin), then the
// command's output. A timed-out command still yields what it printed.
func readInput(ctx context.Context, o Options) (string, error) {
	var text bytes.Buffer
	if o.File != "" {
		b, err := readFileInput(o)
		if err != nil {
			return "", err
		}
		text.Write(b)
		text.WriteByte('\n')
	}
	if o.Cmd != "" {
		out, err := runCommand(ctx, o.Root, o.Cmd, o.Timeout)
		text.Write(out)
		if err != nil {
			return text.String(), err
		}
	}
	return text.String(), nil
}

func readFileInput(o Options) ([]byte, error) {
	var r io.Reader = o.Stdin
	name := "stdin"
	if o.File != "-" {
		f, err := os.Open(o.File) // relative to the working directory, as typed
		if err != nil {
			return nil, fmt.Errorf("diagnostics: open %s: %w", o.File, err)
		}
		defer f.Close()
		r, name = f, o.File
	}
	b, err := io.ReadAll(io.LimitReader(r, maxOutput))
	if err != nil {
		return nil, fmt.Errorf("diagnostics: read %s: %w", name, err)
	}
	return b, nil
}

// runCommand runs cmd with sh -c in dir, stdout and stderr interleaved in
// one buffer, killing its whole process group at the timeout.
func runCommand(ctx context.Context, dir, cmd string, timeout time.Duration) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c := exec.CommandContext(ctx, "sh", "-c", cmd)
	c.Dir = dir
	var out limitedBuffer
	c.Stdout, c.Stderr = &out, &out
	setProcessGroup(c)
	c.WaitDelay = time.Second
	err := c.Run()
	var exit *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return out.b.Bytes(), fmt.Errorf("diagnostics: run %q: after %s: %w", cmd, timeout, ErrTimeout)
	case ctx.Err() != nil:
		return out.b.Bytes(), fmt.Errorf("diagnostics: run %q: %w", cmd, ctx.Err())
	case err == nil, errors.As(err, &exit):
		return out.b.Bytes(), nil // a failing build exits non-zero: that is the point
	default:
		return out.b.Bytes(), fmt.Errorf("diagnostics: run %q: %w", cmd, err)
	}
}

// limitedBuffer keeps the first maxOutput bytes and discards the rest, so
// a runaway command cannot exhaust memory.
type limitedBuffer struct{ b bytes.Buffer }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := maxOutput - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
