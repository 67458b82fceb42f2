//go:build !race

package secrets

const raceEnabled = false
