//go:build race

package turnplan

// raceEnabled shortens the tests whose length buys coverage of rules, not of
// concurrency: under the race detector a plan is ten times slower.
const raceEnabled = true
