//go:build race

package tokens

// raceEnabled: the race detector makes regexp2 about ten times slower, so
// the tests that compare with it split fewer texts under it.
const raceEnabled = true
