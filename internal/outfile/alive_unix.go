//go:build unix

package outfile

import (
	"errors"
	"syscall"
)

// alive reports whether a process runs with that pid. A process of another user still
// counts (EPERM): its file is not ours to remove.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
