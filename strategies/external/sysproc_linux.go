package external

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// On Linux the kernel itself makes sure that no process of a bot outlives yams, whatever
// the bot does (a wrapper script, a forked child, a helper in a session of its own, a
// daemon) and however yams ends (kill -9 included):
//
//   - each bot process is the first process of a PID namespace of its own (in a user
//     namespace of its own too when yams is not root, which unprivileged users may
//     create on most distributions). When the first process of a PID namespace ends,
//     the kernel kills every other process of the namespace: the bot's descendants cannot
//     escape it, not even by setsid or a double fork;
//   - it gets SIGKILL when yams dies (its parent-death signal), so that the namespace
//     ends with yams.
//
// The parent-death signal is sent when the thread that started the process ends, not
// the process: Go ends a thread whose goroutine exits while locked to it, which would
// kill a bot in the middle of a run. So every bot is started from one goroutine locked
// to its thread for the life of yams (launch).
//
// Where namespaces are refused (a container's seccomp profile, a kernel without them,
// AppArmor's restriction of unprivileged user namespaces), a bot is started in a
// process group of its own with the parent-death signal, as on other systems: yams
// stops the whole group, and the kernel kills the bot's own process if yams dies, but a
// descendant that leaves the group (setsid), or outlives its parent after yams was
// killed, is not the kernel's business any more. docs/bots.md says what a bot does then.

// isolation is whether bots are started in namespaces of their own: unknown until a
// start tells (isolationUnknown), then on or off for the life of yams.
var isolation atomic.Int32

const (
	isolationUnknown = iota
	isolationOn
	isolationOff
)

// startProcess starts the command newCmd builds, in namespaces of its own under a tiny
// init (init_linux.go) if the kernel allows it, else in a process group of its own; both
// with the parent-death signal. report, for a bot under the init, is where the init says
// how the bot ended (initEnd).
func startProcess(newCmd func() *exec.Cmd) (cmd *exec.Cmd, report *os.File, err error) {
	if isolation.Load() != isolationOff {
		cmd := newCmd()
		report, write, err := withInit(cmd)
		if err != nil {
			return nil, nil, err
		}
		cmd.SysProcAttr = isolated()
		err = launch(cmd)
		write.Close()
		if err == nil {
			isolation.CompareAndSwap(isolationUnknown, isolationOn)
			return cmd, report, nil
		}
		report.Close()
		if !refused(err) {
			return nil, nil, err
		}
		isolation.Store(isolationOff)
	}
	cmd = newCmd()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := launch(cmd); err != nil {
		return nil, nil, err
	}
	return cmd, nil, nil
}

// isolated returns the attributes of a bot's process in a PID namespace of its own (and
// a user namespace, mapping yams's user and group to themselves, when yams is not root).
func isolated() *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Cloneflags: syscall.CLONE_NEWPID}
	if os.Geteuid() != 0 {
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Geteuid(), HostID: os.Geteuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getegid(), HostID: os.Getegid(), Size: 1}}
	}
	return attr
}

// refused reports whether a start failed because the kernel refused the namespaces
// (clone's EPERM, EINVAL, ENOSPC or EUSERS): the bot is then started without them. An
// exec failure of the same errno is met again without them, and reported then.
func refused(err error) bool {
	for _, errno := range []syscall.Errno{syscall.EPERM, syscall.EINVAL, syscall.ENOSPC, syscall.EUSERS} {
		if errors.Is(err, errno) {
			return true
		}
	}
	return false
}

// Isolated reports whether the bots started so far run in namespaces of their own, so
// that the kernel kills all their descendants with them (false until a bot has started).
func Isolated() bool { return isolation.Load() == isolationOn }

// launcher is the goroutine that starts every bot, locked to its thread for the life
// of yams: the parent-death signal of a bot follows the thread that started it.
var launcher struct {
	once  sync.Once
	start chan *exec.Cmd
	done  chan error
}

// launch starts cmd from the launcher's thread.
func launch(cmd *exec.Cmd) error {
	launcher.once.Do(func() {
		launcher.start, launcher.done = make(chan *exec.Cmd), make(chan error)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread lives as long as yams
			for c := range launcher.start {
				launcher.done <- c.Start()
			}
		}()
	})
	launcher.start <- cmd
	return <-launcher.done
}

// signalGroup sends sig to the bot's process group. Once the bot's first process has
// ended, the kernel has already killed the rest of its namespace; the group may hold
// the rest when it has none.
func signalGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, sig)
	}
}

// unread returns the number of bytes waiting in the pipe f, which a bot wrote and yams
// has not read yet (FIONREAD), 0 if it cannot tell.
func unread(f *os.File) int {
	c, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	var n int32
	c.Control(func(fd uintptr) {
		syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
	})
	return int(n)
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
