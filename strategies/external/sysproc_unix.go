//go:build unix && !linux

package external

import (
	"os"
	"os/exec"
	"syscall"
)

// sysProcAttr puts a bot in a process group of its own, which yams stops whole.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the bot's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// growPipe leaves the pipe as it is: only Linux lets a program choose the size of a pipe.
func growPipe(*os.File) {}
