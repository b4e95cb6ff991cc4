//go:build race

package sim_test

// raceEnabled shortens the tests whose length buys statistics, not concurrency coverage.
const raceEnabled = true
