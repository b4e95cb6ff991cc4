//go:build race

package summaryfile

// raceEnabled is true in the race detector's build, whose allocations differ.
const raceEnabled = true
