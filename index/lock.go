package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ErrLocked is returned when another process is writing the index.
var ErrLocked = errors.New("index: locked by another writer")

const lockName = "writer.lock"

// writerLock is an advisory lock (flock) on a file holding the holder's
// pid. The kernel drops it when the holder dies, so a crash never leaves a
// stale lock; the pid is only for the message.
type writerLock struct{ f *os.File }

// Lock timing: a second writer polls for lockWait, then gives up.
const (
	lockWait = 2 * time.Second
	lockPoll = 25 * time.Millisecond
)

// acquireLock takes dir's writer lock, waiting up to wait.
func acquireLock(ctx context.Context, dir string, wait time.Duration) (*writerLock, error) {
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("index: open lock: %w", err)
	}
	deadline := time.Now().Add(wait)
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) || ctx.Err() != nil {
			holder := readHolder(path)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%w: pid %s holds %s", ErrLocked, holder, path)
			}
			return nil, fmt.Errorf("index: lock %s: %w", path, err)
		}
		time.Sleep(lockPoll)
	}
	if err := writePid(f); err != nil {
		f.Close()
		return nil, err
	}
	return &writerLock{f: f}, nil
}

func writePid(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return fmt.Errorf("index: write lock: %w", err)
	}
	if _, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0); err != nil {
		return fmt.Errorf("index: write lock: %w", err)
	}
	return nil
}

func readHolder(path string) string {
	b, err := os.ReadFile(path)
	if s := strings.TrimSpace(string(b)); err == nil && s != "" {
		return s
	}
	return "?"
}

func (l *writerLock) release() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	if err != nil {
		return fmt.Errorf("index: unlock: %w", err)
	}
	return nil
}
