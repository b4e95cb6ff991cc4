//go:build linux || darwin

package main

import (
	"runtime"
	"syscall"
)

// peakMemory returns the most memory the process has held at once (its peak resident
// set), in bytes, or 0 where the system does not say.
func peakMemory() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) // bytes there, kilobytes on Linux
	}
	return int64(ru.Maxrss) << 10
}
