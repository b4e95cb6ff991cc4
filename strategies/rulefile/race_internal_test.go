//go:build race

package rulefile

// underRace tells the internal tests that the race detector runs them, ten times slower.
const underRace = true
