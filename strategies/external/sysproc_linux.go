package external

import (
	"os"
	"os/exec"
	"syscall"
)

// sysProcAttr puts a bot in a process group of its own, which yams stops whole, and has
// the kernel kill it if yams dies first: no bot outlives yams.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the bot's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// pipeSize is the size asked for the pipes to and from a bot: a batch of requests (some
// 260 KB on a sheet of one column) then goes in one write and one read, where Linux's
// 64 KiB pipes take four of each, and as many switches between yams and the bot.
const pipeSize = 1 << 20

// fSetPipeSize is F_SETPIPE_SZ of fcntl(2), which package syscall does not name.
const fSetPipeSize = 1031

// growPipe asks the kernel for a larger pipe under f. A refusal (a smaller
// /proc/sys/fs/pipe-max-size) leaves the pipe as it was: only speed is at stake.
func growPipe(f *os.File) {
	c, err := f.SyscallConn()
	if err != nil {
		return
	}
	c.Control(func(fd uintptr) {
		syscall.Syscall(syscall.SYS_FCNTL, fd, fSetPipeSize, pipeSize)
	})
}
