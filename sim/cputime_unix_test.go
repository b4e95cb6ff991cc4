//go:build unix

package sim_test

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time the process has used, user and system: unlike the
// wall clock, it does not count the time other programs had the processor, so that
// benchmarks on a shared machine compare.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
