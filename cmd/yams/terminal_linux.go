package main

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminalFile asks the terminal driver for the settings of f, which only a terminal has.
func isTerminalFile(f *os.File) bool {
	conn, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var errno syscall.Errno
	err = conn.Control(func(fd uintptr) {
		var t syscall.Termios
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	})
	return err == nil && errno == 0
}
