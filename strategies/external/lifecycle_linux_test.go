package external_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/proctest"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/external"
)

// The processes of the tests of a bot's life, all the test binary:
//
//	yams-test-sleep TOKEN [setsid]   sleeps ten minutes (in a session of its own)
//	yams-test-daemon TOKEN           starts a sleeper in a session of its own, and exits
//	yams-test-parent TOKEN SCRIPT    yams: starts the bot SCRIPT for two workers, says
//	                                 "ready isolated=BOOL" and waits to be killed
func init() {
	testProcess = func(kind string, args []string) int {
		switch kind {
		case "yams-test-sleep":
			if len(args) > 1 && args[1] == "setsid" {
				syscall.Setsid()
			}
			time.Sleep(10 * time.Minute)
			return 0
		case "yams-test-daemon":
			syscall.Setsid()
			cmd := exec.Command(os.Args[0], "yams-test-sleep", args[0], "daemon-child")
			if err := cmd.Start(); err != nil {
				return 1
			}
			return 0
		case "yams-test-parent":
			r, err := engine.Load("hasbro")
			if err != nil {
				return 1
			}
			info := external.Bot{Name: "wrapped", Argv: []string{args[1]}, Timeout: time.Minute}.Info()
			for w := range 2 {
				if _, err := info.NewBatch(r, w); err != nil {
					fmt.Println("error:", err)
					return 1
				}
			}
			fmt.Printf("ready isolated=%v\n", external.Isolated())
			time.Sleep(time.Hour)
			return 0
		}
		return 2
	}
}

// wrapperBot writes a bot that does everything a bot may do to outlive yams: a shell
// script that starts a helper in a session of its own (which keeps the bot's standard
// output and error open), a child in its process group, a daemon (whose child is in a
// session of its own, orphaned), and then the real bot as its child. Every process has
// token in its command line; bin is the test binary. It returns the script's path.
func wrapperBot(t *testing.T, bin, dir, token string) string {
	t.Helper()
	script := filepath.Join(dir, "bot.sh")
	text := fmt.Sprintf(`#!/bin/sh
"%[1]s" yams-test-sleep %[2]s setsid &
"%[1]s" yams-test-sleep %[2]s &
"%[1]s" yams-test-daemon %[2]s
"%[1]s" yams-test-bot serve:greedy %[2]s
`, bin, token)
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// newToken returns a word that marks the processes of one test, and a directory named by
// it, which everyone may read (the processes of a test may run as another user).
func newToken(t *testing.T) (token, dir string) {
	t.Helper()
	token = fmt.Sprintf("yams-token-%d-%d", os.Getpid(), time.Now().UnixNano())
	dir = filepath.Join(os.TempDir(), token)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		proctest.Kill(token)
		os.RemoveAll(dir)
	})
	return token, dir
}

// copyFile copies the executable from to the new file to.
func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o755)
}

// runWrapped plays a few games with the wrapper bot on two workers and returns the
// run's error; it fails the test if the run does not end within three minutes (the
// helpers it leaves live ten; the race detector makes the bot ten times slower).
func runWrapped(t *testing.T, script string) error {
	t.Helper()
	greedy, _ := strategies.Lookup("greedy")
	bot := external.Bot{Name: "wrapped", Argv: []string{script}, Timeout: 20 * time.Second}
	done := make(chan error, 1)
	go func() {
		_, err := sim.Run(context.Background(), sim.Config{
			Rules: mustRules(t, "hasbro"), Strategies: []strategies.Info{greedy, bot.Info()}, Seed: 1, Games: 300, Workers: 2,
		})
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(3 * time.Minute):
		t.Fatal("the run did not end: yams waits for the helpers the bot left")
		return nil
	}
}

// TestBotsEndWithEverythingTheyStarted: a bot that leaves helpers holding its standard
// output, children, a daemon, does not make yams wait for them once its games are over;
// and the kernel ends them all with the bot.
func TestBotsEndWithEverythingTheyStarted(t *testing.T) {
	token, dir := newToken(t)
	if err := runWrapped(t, wrapperBot(t, os.Args[0], dir, token)); err != nil {
		t.Fatal(err)
	}
	if !external.Isolated() {
		t.Skip("namespaces refused here: what left the bot's process group is not the kernel's to end (TestBotsWithoutNamespaces)")
	}
	if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
		t.Errorf("processes of the bot left after the run: %v", left)
	}
}

// TestBotsWithoutNamespaces: where the kernel refuses namespaces, yams still does not
// wait for a helper that holds the bot's output, and stops the bot's process group; what
// left the group (a session of its own) is all that is left, as docs/bots.md says.
func TestBotsWithoutNamespaces(t *testing.T) {
	defer external.SetIsolation(false)()
	token, dir := newToken(t)
	if err := runWrapped(t, wrapperBot(t, os.Args[0], dir, token)); err != nil {
		t.Fatal(err)
	}
	outside := func(cmd string) bool {
		return strings.HasSuffix(cmd, " setsid") || strings.HasSuffix(cmd, " daemon-child")
	}
	for pid, cmd := range proctest.Survivors(token, 5*time.Second, outside) {
		if !outside(cmd) {
			t.Errorf("process %d of the bot's process group left after the run: %s", pid, cmd)
		}
	}
}

// TestKilledYamsLeavesNoBot: when yams is killed (kill -9, or a second SIGTERM), the
// kernel kills its bots and everything they started, whoever runs yams.
func TestKilledYamsLeavesNoBot(t *testing.T) {
	users := []struct {
		name string
		cred *syscall.Credential
	}{{"this user", nil}}
	if os.Geteuid() == 0 {
		// Root creates a PID namespace alone; another user needs a user namespace too.
		users = append(users, struct {
			name string
			cred *syscall.Credential
		}{"nobody", &syscall.Credential{Uid: 65534, Gid: 65534}})
	}
	for _, u := range users {
		t.Run(u.name, func(t *testing.T) {
			token, dir := newToken(t)
			bin := os.Args[0]
			if u.cred != nil {
				// The test binary, where the other user may run it.
				bin = filepath.Join(dir, "external.test")
				if err := copyFile(os.Args[0], bin); err != nil {
					t.Fatal(err)
				}
			}
			script := wrapperBot(t, bin, dir, token)
			parent := exec.Command(bin, "yams-test-parent", token, script)
			parent.SysProcAttr = &syscall.SysProcAttr{Credential: u.cred}
			out, err := parent.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var errOut bytes.Buffer
			parent.Stderr = &errOut
			if err := parent.Start(); err != nil {
				t.Fatal(err)
			}
			defer parent.Wait()
			line, err := bufio.NewReader(out).ReadString('\n')
			if err != nil {
				parent.Process.Kill()
				if u.cred != nil {
					t.Skipf("the test binary does not run as %s here: %v %s", u.name, err, errOut.String())
				}
				t.Fatalf("yams-test-parent: %v %s", err, errOut.String())
			}
			if strings.TrimSpace(line) != "ready isolated=true" {
				parent.Process.Kill()
				t.Skipf("namespaces refused to %s here (%q): a bot's descendants outside its process group outlive a killed yams", u.name, line)
			}
			// Both workers' bots, the script's three sleepers each and the daemon's: ten.
			deadline := time.Now().Add(time.Minute)
			for len(proctest.Live(token)) < 10 && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			before := proctest.Live(token)
			if len(before) < 10 {
				t.Fatalf("the bots started %d processes, want 10: %v", len(before), before)
			}
			parent.Process.Signal(syscall.SIGKILL)
			if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
				t.Errorf("processes of the bots left after kill -9 of yams: %v", left)
			}
		})
	}
}

// TestBotOutlivesTheThreadThatStartedIt: the parent-death signal follows the thread that
// started a process; a goroutine that ends locked to its thread ends the thread, and
// that must not kill the bot it started.
func TestBotOutlivesTheThreadThatStartedIt(t *testing.T) {
	r := mustRules(t, "hasbro")
	info := testBotInfo("mine", "serve:greedy")
	var (
		b   strategies.Batch
		err error
		tid int
	)
	onEndingThread(func() {
		tid = syscall.Gettid()
		b, err = info.NewBatch(r, 0)
	})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := os.Stat(fmt.Sprintf("/proc/self/task/%d", tid)); err != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("thread %d did not end: the test tests nothing", tid)
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // the signal its end would send
	sheet := engine.NewSheet(r)
	roll, _ := engine.RollOf([]int{1, 2, 2, 5, 6})
	reqs := []strategies.Request{{Game: 0, Seed: 1, Turn: 1, Roll: roll, RollsUsed: 1, RollsLeft: 2, Sheet: &sheet}}
	if err := b.Decide(reqs, make([]strategies.Answer, 1)); err != nil {
		t.Errorf("the bot died with the thread that started it: %v", err)
	}
}

// onEndingThread runs f on a thread that ends when f returns: a goroutine locked to a
// thread other than the main one (which Go never ends), that exits locked.
func onEndingThread(f func()) {
	done := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		if syscall.Gettid() == os.Getpid() {
			// The main thread: while this goroutine holds it, the next runs on another.
			onEndingThread(f)
			runtime.UnlockOSThread()
		} else {
			f()
		}
		close(done)
	}()
	<-done
}
