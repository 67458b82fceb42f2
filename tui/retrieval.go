package tui

import (
	"time"

	"github.com/loupe-dev/loupe/engine"
)

// Retrieval is what Engine.Retrieve returns: the analysed query, every
// candidate from every enabled source, warnings from sources that failed or
// timed out, and how long each source took. It mirrors engine.Retrieval
// field for field until that type lands; then this becomes an alias.
type Retrieval struct {
	Query      engine.Query
	Candidates []engine.Candidate
	Warnings   []string
	Timings    map[engine.Source]time.Duration
}
