//go:build race

package rulefile_test

const raceEnabled = true
