//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/internal/proctest"
)

// signalYams runs this test binary as yams with args, sends it sig once the file marker
// exists (a bot writes it when it is where the test wants yams to wait), and returns its
// exit status and standard error. It fails the test if yams ends before, or is still
// running 30 s after the signal.
func signalYams(t *testing.T, args []string, marker string, sig syscall.Signal) (code int, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), envTestMain+"=1")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	for {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		select {
		case err := <-ended:
			t.Fatalf("yams ended before its bot was ready: %v, %s", err, errb.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cmd.Process.Signal(sig)
	var err error
	select {
	case err = <-ended:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("yams still runs 30 s after %v, waiting for its bot", sig)
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if ee != nil {
		code = ee.ExitCode()
	}
	return code, errb.String()
}

// TestSignalDuringHello: SIGINT or SIGTERM while yams waits for a bot's hello stops yams at
// once, whatever --bot-timeout (an hour here), with the exit status of the signal (130,
// 143), not a bot's failure (3), and one line that says no game was finished; the bot's
// processes end with it. On a sheet of five boxes, whose greedy yams builds at once.
func TestSignalDuringHello(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		args []string
		want string
	}{
		{syscall.SIGINT, []string{"sim", "--strategy", "h"}, "interrupted by SIGINT after 0 of 20,000 games; no game was finished, nothing was written"},
		{syscall.SIGTERM, []string{"sim", "--strategy", "h,greedy"}, "interrupted by SIGTERM after 0 of 20,000 games; no game was finished, nothing was written"},
		{syscall.SIGTERM, []string{"compare", "--players", "h,greedy"}, "interrupted by SIGTERM after 0 of 20,000 table games; no table game was finished, nothing was written"},
	} {
		t.Run(c.args[0]+"/"+c.sig.String(), func(t *testing.T) {
			script, token, dir := tokenBot(t, func(dir string) string {
				return fmt.Sprintf("read hello\n: > %q\nsleep 3600\n", filepath.Join(dir, "read"))
			})
			args := append(c.args, "--rules", filepath.Join("testdata", "five-boxes.json"), "--bot", "h="+script, "--games", "20000", "--workers", "2", "--bot-timeout", "1h")
			code, stderr := signalYams(t, args, filepath.Join(dir, "read"), c.sig)
			if code != 128+int(c.sig) || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want status %d and %q", code, stderr, 128+int(c.sig), c.want)
			}
			if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
				t.Errorf("the bot's processes outlived yams: %v", left)
			}
		})
	}
}
