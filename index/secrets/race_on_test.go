//go:build race

package secrets

// raceEnabled: the race detector makes the regular expressions of the
// prefilter tests about ten times slower, so they check a sample.
const raceEnabled = true
