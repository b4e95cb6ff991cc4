// Package exhaustive tells a test whether it runs in the exhaustive run of yams's tests.
//
// yams has two test runs. The default run, go test ./..., is the one a newcomer types
// first and every change runs: it checks each property at least once, on the smallest
// rule set that exercises it (the tiny and small rule sets of each package's tests), with
// samples just large enough to tell a wrong figure from a right one; each package takes
// about a minute or less on a 2-core machine. The exhaustive run, go test -tags
// exhaustive ./..., runs the default run's tests and then the same properties on every
// preset, every objective and option, Monte Carlo runs of hundreds of thousands of games,
// exact figures against large simulations and long CLI runs; .ci/run runs both.
//
// Where a new test goes: in the default run if it checks something no test checks yet,
// on the smallest rules and sample that can catch the fault. It calls Only first, and so
// belongs to the exhaustive run, if it repeats a property the default run checks on
// smaller rules, plays more than about 100,000 games, solves a 13-box game for an
// objective other than the mean, or takes more than a few seconds on its own. A test
// whose size only differs between the runs keeps one body and picks its size with On.
//
// Share solved tables rather than solving them in each test: in package optimal,
// solved(t, name, options...) solves a preset once per test binary; elsewhere TestMain
// points YAMS_CACHE_DIR at one temporary directory for the whole package, so that a
// table is solved by the first test that needs it and read back by the others. Only a
// test of the cache itself (what a first solve prints, a damaged file) sets a directory
// of its own.
//
// The tests skipped by Only are compiled, vetted and listed in the default run (go test
// -list, go test -v shows them skipped and why): a build tag on whole files would hide
// them from go vet ./... and let them rot.
package exhaustive
