//go:build !linux && !darwin

package main

// peakMemory returns 0: this system does not say the peak memory of a process.
func peakMemory() int64 { return 0 }
