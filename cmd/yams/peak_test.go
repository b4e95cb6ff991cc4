package main

import (
	"os"
	"regexp"
)

// envPeak names a file where yams run by the tests ("TESTBIN yams ARGS") writes its peak
// resident memory as it ends (writePeak).
const envPeak = "YAMS_TEST_PEAK"

// writePeak writes the process's own count of its peak resident memory (VmHWM on Linux, which an
// exec starts afresh; nothing elsewhere) into the file envPeak names. The operating system's count of a
// child's peak (its rusage) would not do: a child forked from a test binary of hundreds
// of megabytes starts with the parent's pages, before its exec.
func writePeak() {
	path := os.Getenv(envPeak)
	if path == "" {
		return
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	if m := regexp.MustCompile(`(?m)^VmHWM:\s+(\d+) kB`).FindSubmatch(status); m != nil {
		os.WriteFile(path, m[1], 0o644)
	}
}
