//go:build !linux

package external

// initEnd says nothing: only on Linux does a bot run under an init (init_linux.go).
func initEnd(string) (how string, startErr error) { return "", nil }
