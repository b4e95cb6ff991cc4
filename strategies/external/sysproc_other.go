//go:build !unix

package external

import (
	"os"
	"os/exec"
	"syscall"
)

func sysProcAttr() *syscall.SysProcAttr { return nil }

// killGroup kills the bot's process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// growPipe leaves the pipe as it is: only Linux lets a program choose the size of a pipe.
func growPipe(*os.File) {}
