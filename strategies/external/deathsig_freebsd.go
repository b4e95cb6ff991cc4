package external

import "syscall"

// setDeathSignal has the kernel kill a bot when yams dies (procctl's PROC_PDEATHSIG_CTL).
func setDeathSignal(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }
