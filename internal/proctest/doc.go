// Package proctest finds, for tests, the processes that a test started, by a token in
// their command line or their environment: the tests of external bots check with it that
// nothing a bot started outlives what should end it. It reads Linux's /proc; elsewhere it
// finds nothing.
package proctest
