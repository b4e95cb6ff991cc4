// Package exacttest holds what the tests of the exact packages share (strategies/widget,
// solver, analysis, goals, columns, tableplay, optimal): small rule sets that keep every
// feature of the solver in play, games played with the simulator's loop against which
// exact figures are checked, and the switches of the race detector and of the cache. It
// knows the engine and the simulator only, so that the tests of every one of those
// packages can import it.
package exacttest
