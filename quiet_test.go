package main

import (
	"bytes"
	"io"
	"log"
	"testing"
)

// TestQuietLibraries: after quietLibraries, a library's line through the
// standard logger (bleve's scorch uses it) reaches neither stderr nor any
// writer set before.
func TestQuietLibraries(t *testing.T) {
	old := log.Writer()
	t.Cleanup(func() { log.SetOutput(old) })
	var before bytes.Buffer
	log.SetOutput(&before)
	quietLibraries()
	log.Printf("got err removing file: %s", "00000000000b.zap")
	if before.Len() != 0 || log.Writer() != io.Discard {
		t.Errorf("the standard logger still writes: %q", before.String())
	}
}
