//go:build unix

package serve

import "syscall"

// openNoWait opens a file without waiting: a FIFO's open would wait for a writer.
const openNoWait = syscall.O_NONBLOCK
