//go:build unix && !linux && !freebsd

package external

import "syscall"

// setDeathSignal does nothing: this system has no parent-death signal.
func setDeathSignal(*syscall.SysProcAttr) {}
