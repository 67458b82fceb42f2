package tui

import "github.com/loupe-dev/loupe/engine"

// Retrieval is what Engine.Retrieve returns: the analysed query, every
// candidate from every enabled source, warnings from sources that failed or
// timed out, and how long each source took.
type Retrieval = engine.Retrieval
