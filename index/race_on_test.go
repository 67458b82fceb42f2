//go:build race

package index

// raceEnabled: the race detector makes searching about ten times slower,
// so the tests that compare two searches ask fewer queries under it.
const raceEnabled = true
