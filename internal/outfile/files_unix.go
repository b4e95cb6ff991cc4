//go:build unix

package outfile

import (
	"errors"
	"os"
	"syscall"
)

// probeInPlace makes sure that a file written in place (a device, a pipe) opens for
// writing, without writing to it nor truncating it. A pipe that no one reads yet is
// fine: its reader may come before the result does.
func probeInPlace(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, syscall.ENXIO) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// sameDevice reports whether two folders are on the same file system, so that a rename
// may move one into the other's place (a mount point is not).
func sameDevice(a, b os.FileInfo) bool {
	sa, okA := a.Sys().(*syscall.Stat_t)
	sb, okB := b.Sys().(*syscall.Stat_t)
	return !okA || !okB || sa.Dev == sb.Dev
}
