//go:build race

package strategies

// raceEnabled shortens the tests whose length buys coverage of rules and statistics, not
// of concurrency: under the race detector a table build is ten times slower.
const raceEnabled = true
