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

// TestSignalDuringHello: SIGINT or SIGTERM while yams waits for a bot's hello stops yams at
// once, whatever --bot-timeout (an hour here), with the exit status of the signal (130,
// 143), not a bot's failure (3), and one line that says no game was finished; the bot's
// processes end with it.
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
		sig := c.sig
		t.Run(c.args[0]+"/"+sig.String(), func(t *testing.T) {
			script, token, dir := tokenBot(t, func(dir string) string {
				return fmt.Sprintf("read hello\n: > %q\nsleep 3600\n", filepath.Join(dir, "read"))
			})
			marker := filepath.Join(dir, "read")
			cmd := exec.Command(os.Args[0], append(c.args, "--bot", "h="+script, "--games", "20000", "--workers", "2", "--bot-timeout", "1h")...)
			cmd.Env = append(os.Environ(), envTestMain+"=1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
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
					t.Fatalf("yams ended before the bot read its hello: %v, %s", err, stderr.String())
				case <-time.After(10 * time.Millisecond):
				}
			}
			cmd.Process.Signal(sig)
			var err error
			select {
			case err = <-ended:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("yams still runs 30 s after %v, waiting for its bot's hello", sig)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) || !strings.Contains(stderr.String(), c.want) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("exit %v, stderr %q; want status %d and %q", err, stderr.String(), 128+int(sig), c.want)
			}
			if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
				t.Errorf("the bot's processes outlived yams: %v", left)
			}
		})
	}
}
