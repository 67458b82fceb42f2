package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ErrLocked is returned when another process is writing the index.
var ErrLocked = errors.New("index: locked by another writer")

const lockName = "writer.lock"

// writerLock is an advisory lock (flock, LockFileEx on Windows) on a file
// holding the holder's pid. The kernel drops it when the holder dies, so a
// crash never leaves a stale lock; the pid is only for the message.
type writerLock struct{ f *os.File }

// lockPoll is how often a waiting writer tries the lock again.
const lockPoll = 25 * time.Millisecond

// lockWaiter is told, once, which process a writer waits for.
type lockWaiter func(holder string)

// acquireLock takes dir's writer lock. With wait false it fails at once
// with ErrLocked when another process holds it (a reader's refresh never
// waits); with wait true it waits until the lock is free or ctx ends
// (writers wait for each other), calling waiting once if it has to wait.
func acquireLock(ctx context.Context, dir string, wait bool, waiting lockWaiter) (*writerLock, error) {
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("index: open lock: %w", err)
	}
	told := false
	for {
		ok, err := tryLockFile(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("index: lock %s: %w", path, err)
		}
		if ok {
			break
		}
		holder := readHolder(path)
		if !wait || ctx.Err() != nil {
			f.Close()
			return nil, &lockedError{holder: holder, path: path}
		}
		if !told && waiting != nil {
			waiting(holder)
			told = true
		}
		select {
		case <-ctx.Done():
		case <-time.After(lockPoll):
		}
	}
	if err := writePid(f); err != nil {
		unlockFile(f)
		f.Close()
		return nil, err
	}
	return &writerLock{f: f}, nil
}

// lockedError is ErrLocked with the holder's pid, when it is known.
type lockedError struct{ holder, path string }

func (e *lockedError) Error() string {
	if e.holder == "" {
		return fmt.Sprintf("%v: another process holds %s", ErrLocked, e.path)
	}
	return fmt.Sprintf("%v: pid %s holds %s", ErrLocked, e.holder, e.path)
}

func (e *lockedError) Unwrap() error { return ErrLocked }

// writePid writes the pid over the file's start, then cuts what is left
// of a longer one: the file is never seen empty while a holder has it.
func writePid(f *os.File) error {
	pid := []byte(strconv.Itoa(os.Getpid()) + "\n")
	if _, err := f.WriteAt(pid, 0); err != nil {
		return fmt.Errorf("index: write lock: %w", err)
	}
	if err := f.Truncate(int64(len(pid))); err != nil {
		return fmt.Errorf("index: write lock: %w", err)
	}
	return nil
}

// readHolder returns the pid the lock file names, "" if it names none.
func readHolder(path string) string {
	b, err := os.ReadFile(path)
	s := strings.TrimSpace(string(b))
	if _, perr := strconv.Atoi(s); err != nil || perr != nil {
		return ""
	}
	return s
}

// release unlocks. The pid stays in the file: it is only read while
// somebody holds the lock, and the next holder overwrites it.
func (l *writerLock) release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlockFile(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	if err != nil {
		return fmt.Errorf("index: unlock: %w", err)
	}
	return nil
}
