//go:build linux

package main

import (
	"bufio"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/internal/proctest"
)

// SIGINT and SIGTERM stop yams serve cleanly: it stops listening, ends its games, stops
// their bots' processes, says so and exits 0.
func TestServeStopsOnSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			token := fmt.Sprintf("yams-serve-signal-%d-%d", os.Getpid(), sig)
			bot := "b=" + os.Args[0] + " bot greedy" // the test binary is yams in the environment of the server
			cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--rules", frontierRules, "--strategy", "greedy", "--bot", bot)
			cmd.Env = append(os.Environ(), envTestMain+"=1", "YAMS_SERVE_TEST_TOKEN="+token)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill(); proctest.Kill(token) })
			lines := bufio.NewScanner(stdout)
			if !lines.Scan() {
				t.Fatalf("yams serve printed nothing: %s", stderr.String())
			}
			m := regexp.MustCompile(`^yams serve: open (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)$`).FindStringSubmatch(lines.Text())
			if m == nil {
				t.Fatalf("the first line: %q", lines.Text())
			}
			res, err := http.Post(m[1]+"api/games", "application/json", strings.NewReader(`{"opponents": ["b"]}`))
			if err != nil || res.StatusCode != http.StatusCreated {
				t.Fatalf("a game with the bot: %v %v %s", err, res, stderr.String())
			}
			res.Body.Close()
			if len(proctest.Live(token)) < 2 {
				t.Fatalf("the bot is not running: %v", proctest.Live(token))
			}
			cmd.Process.Signal(sig)
			ended := make(chan error, 1)
			go func() {
				var rest []string
				for lines.Scan() {
					rest = append(rest, lines.Text())
				}
				err := cmd.Wait()
				if err == nil && (len(rest) != 1 || rest[0] != "yams serve: stopped by "+signalName(sig)) {
					err = fmt.Errorf("then printed %q", rest)
				}
				ended <- err
			}()
			select {
			case err := <-ended:
				var ee *exec.ExitError
				if errors.As(err, &ee) || err != nil {
					t.Fatalf("yams serve ended with %v, stderr %q", err, stderr.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("yams serve still runs 20 s after %v", sig)
			}
			if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
				t.Errorf("processes outlived yams serve: %v", left)
			}
			if _, err := http.Get(m[1]); err == nil {
				t.Error("the server still answers")
			}
		})
	}
}
