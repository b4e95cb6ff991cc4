package external

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
)

// A bot started in a PID namespace of its own would be its first process, process 1, to
// which the kernel delivers only the signals it handles: a bot that calls abort() is not
// ended by its SIGABRT, and glibc then ends it by a faulting instruction, which yams would
// report as a segmentation fault; a bot's SIGTERM would be ignored. So the first process
// of the namespace is a tiny init, yams itself run again (botInit): it starts the bot,
// which is then process 2 with the signals of any process, reaps whatever is orphaned in
// the namespace, and when the bot ends, tells yams how (its wait status, on a pipe) and
// exits with the bot's exit status; its end ends the namespace, the bot's descendants
// with it.

// initEnv marks the environment of yams run as a bot's init. The init takes it out of
// the bot's environment: a bot that is yams itself (yams bot win) is no init.
const initEnv = "YAMS_BOT_INIT"

// initArg is the first argument of yams run as a bot's init, for ps; the bot's path and
// its arguments follow.
const initArg = "yams-bot-init"

func init() {
	if os.Getenv(initEnv) == "1" && len(os.Args) > 2 && os.Args[1] == initArg {
		os.Exit(botInit(os.Args[2], os.Args[3:]))
	}
}

// withInit returns cmd run under the init, and the pipe on which the init tells how the
// bot ended (initEnd), whose write end the caller closes once cmd has started.
func withInit(cmd *exec.Cmd) (report, write *os.File, err error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(withoutInitEnv(env), initEnv+"=1")
	cmd.Args = append([]string{"yams", initArg, cmd.Path}, cmd.Args...)
	cmd.Path = "/proc/self/exe"
	cmd.ExtraFiles = []*os.File{w}
	return r, w, nil
}

// withoutInitEnv returns env without initEnv.
func withoutInitEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(kv, initEnv+"=") {
			out = append(out, kv)
		}
	}
	return out
}

// botInit is the init of a bot's namespace: it runs the bot at path with argv, and
// returns its exit status once it has ended, having written its wait status on file
// descriptor 3 ("status N"), or why it could not start ("start: ERROR").
func botInit(path string, argv []string) int {
	report := os.NewFile(3, "report")
	syscall.CloseOnExec(3)
	// The signals yams sends the bot's process group reach the bot itself; the init,
	// which the Go runtime would end on them, lets them pass (a process 1 ignores them).
	signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGPIPE)
	p, err := os.StartProcess(path, argv, &os.ProcAttr{Env: withoutInitEnv(os.Environ()), Files: []*os.File{os.Stdin, os.Stdout, os.Stderr}})
	if err != nil {
		fmt.Fprintf(report, "start: %v", unwrapExec(err))
		return 127
	}
	// The bot's ends of its pipes are its own: a bot that closes its output is seen to
	// by yams, one that ends is no longer read for.
	os.Stdin.Close()
	os.Stdout.Close()
	os.Stderr.Close()
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			fmt.Fprintf(report, "start: %v", err)
			return 127
		case pid != p.Pid:
			continue // an orphan of the namespace, reaped
		}
		fmt.Fprintf(report, "status %d", uint32(ws))
		if ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ws.ExitStatus()
	}
}

// initEnd says how the bot ended from what the init of its namespace reported: "exited
// with status N" or "was killed (signal: aborted (core dumped))", as of a bot that is no
// init's, or why it could not start (startErr); "" when the init said nothing (it was
// killed first).
func initEnd(report string) (how string, startErr error) {
	if s, found := strings.CutPrefix(report, "start: "); found {
		return "", errors.New(s)
	}
	s, found := strings.CutPrefix(report, "status ")
	n, err := strconv.ParseUint(s, 10, 32)
	if !found || err != nil {
		return "", nil
	}
	ws := syscall.WaitStatus(n)
	switch {
	case ws.Exited():
		return fmt.Sprintf("exited with status %d", ws.ExitStatus()), nil
	case ws.Signaled() && ws.CoreDump():
		return fmt.Sprintf("was killed (signal: %v (core dumped))", ws.Signal()), nil
	case ws.Signaled():
		return fmt.Sprintf("was killed (signal: %v)", ws.Signal()), nil
	}
	return "", nil
}
