// Package memlimit holds the process's memory budget (yams's --max-memory): what a solve,
// an exact analysis, a rule file's table of decisions or the workers of a run may take.
// Whatever allocates a large structure estimates it first and asks Check, so that a run
// that would not fit is refused at once, with the estimate, before anything is allocated.
package memlimit
