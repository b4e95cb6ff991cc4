// Package simtest holds what the tests of package sim and of the summary file
// (sim/summaryfile) share: rules loaded or made for a test, strategies by name, a run
// that fails the test on an error, and results written as a summary file.
package simtest
