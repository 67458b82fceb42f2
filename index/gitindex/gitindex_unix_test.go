//go:build unix

package gitindex

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO planted at .git/index has no writer: opening it would wait for
// ever, so ReadFile must refuse it before opening.
func TestReadFileRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "index")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	if _, _, err := ReadFile(fifo); err == nil {
		t.Fatal("a FIFO reads")
	}
}
