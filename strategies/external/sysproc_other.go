//go:build !unix

package external

import (
	"os"
	"os/exec"
	"syscall"
)

// startProcess starts the command newCmd builds. Without process groups, yams stops the
// bot's process alone: the processes it started are its own to end (docs/bots.md).
func startProcess(newCmd func() *exec.Cmd) (*exec.Cmd, *os.File, error) {
	cmd := newCmd()
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	return cmd, nil, nil
}

// Isolated reports whether the bots run in namespaces of their own: only on Linux.
func Isolated() bool { return false }

// signalGroup kills the bot's process on SIGKILL; no other signal can be sent here.
func signalGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process != nil && sig == syscall.SIGKILL {
		cmd.Process.Kill()
	}
}

// unread returns 0: only Linux's pipes are asked what they hold.
func unread(*os.File) int { return 0 }

// growPipe leaves the pipe as it is: only Linux lets a program choose the size of a pipe.
func growPipe(*os.File) {}
