package external

import (
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
