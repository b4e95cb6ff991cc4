//go:build !race

package exacttest

// RaceEnabled: the tests run under the race detector.
const RaceEnabled = false
