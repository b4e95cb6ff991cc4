//go:build race

package sim

// raceEnabled is true in the race detector's build, whose allocations differ.
const raceEnabled = true
