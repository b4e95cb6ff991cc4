//go:build race

package external_test

// raceEnabled shortens the tests whose length buys coverage of rule sets, not of
// concurrency: under the race detector every bot process is an instrumented test binary,
// ten times slower, and the optimal ones solve their tables.
const raceEnabled = true
