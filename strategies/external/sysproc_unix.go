//go:build unix && !linux

package external

import (
	"os"
	"os/exec"
	"syscall"
)

// startProcess starts the command newCmd builds in a process group of its own, which
// yams stops whole, with a parent-death signal where the system has one (FreeBSD's,
// which follows the parent process); elsewhere a bot whose yams was killed sees its
// standard input end (docs/bots.md).
func startProcess(newCmd func() *exec.Cmd) (*exec.Cmd, *os.File, error) {
	cmd := newCmd()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(cmd.SysProcAttr)
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	return cmd, nil, nil
}

// Isolated reports whether the bots run in namespaces of their own: only on Linux.
func Isolated() bool { return false }

// signalGroup sends sig to the bot's process group.
func signalGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, sig)
	}
}

// unread returns 0: only Linux's pipes are asked what they hold.
func unread(*os.File) int { return 0 }

// growPipe leaves the pipe as it is: only Linux lets a program choose the size of a pipe.
func growPipe(*os.File) {}
