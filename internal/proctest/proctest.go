package proctest

import (
	"os"
	"time"
)

// Survivors waits up to wait for the live processes marked by token to end, but those
// expected to live on (expected may be nil), and returns those left, by pid, with their
// command lines.
func Survivors(token string, wait time.Duration, expected func(cmdline string) bool) map[int]string {
	deadline := time.Now().Add(wait)
	for {
		left := Live(token)
		unexpected := 0
		for _, cmd := range left {
			if expected == nil || !expected(cmd) {
				unexpected++
			}
		}
		if unexpected == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Kill kills the live processes marked by token: what a test left.
func Kill(token string) {
	for pid := range Live(token) {
		if p, err := os.FindProcess(pid); err == nil {
			p.Kill()
		}
	}
}
