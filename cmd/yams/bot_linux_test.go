package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/internal/proctest"
	"yams/strategies/external"
)

// tokenBot writes a bot script into a new directory: the lines body gives for the
// directory, after a line that marks every process it starts with a token in their
// environment. It returns the script, the token and the directory.
func tokenBot(t *testing.T, body func(dir string) string) (script, token, dir string) {
	t.Helper()
	dir = t.TempDir()
	token = fmt.Sprintf("yams-test-token-%d-%d", os.Getpid(), time.Now().UnixNano())
	script = filepath.Join(dir, "bot.sh")
	text := "#!/bin/sh\nexport YAMS_TEST_TOKEN=" + token + "\n" + body(dir)
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proctest.Kill(token) })
	return script, token, dir
}

// TestBotHelperDoesNotHangYams: a bot that leaves a helper in a session of its own,
// holding its standard output (setsid sleep 30 & exec yams bot greedy), does not keep
// yams waiting after the games; and the helper ends with the bot. On a sheet of five
// boxes, whose greedy the bots build at once.
func TestBotHelperDoesNotHangYams(t *testing.T) {
	script, token, _ := tokenBot(t, func(string) string {
		return fmt.Sprintf("setsid sleep 30 &\nexec %q yams bot greedy\n", os.Args[0])
	})
	type result struct {
		errOut string
		code   int
	}
	done := make(chan result, 1)
	go func() {
		_, errOut, code := execYams(t, "", "sim", "--rules", filepath.Join("testdata", "five-boxes.json"), "--bot", "b="+script, "--strategy", "b", "--games", "2000", "--workers", "2")
		done <- result{errOut, code}
	}()
	select {
	case r := <-done:
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.errOut)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("yams waits for the helper the bot left (it sleeps 30 s)")
	}
	if !external.Isolated() {
		t.Skip("namespaces refused here: the helper, in a session of its own, is not the kernel's to end")
	}
	if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
		t.Errorf("the bot's processes outlived the run: %v", left)
	}
}

// TestSignalStopsHungBot: SIGINT or SIGTERM stops yams at once when a bot hangs, whatever
// --bot-timeout (an hour here), with the exit status of the signal; the bots' processes
// end with it. 2,000 games on a sheet of five boxes: the shell reads its first batch, a
// line of every game of a chunk, a byte at a time (for 20,000 games, most of a second of
// processor time), and yams builds greedy at once.
func TestSignalStopsHungBot(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		args []string
		want string
	}{
		{syscall.SIGTERM, []string{"sim", "--strategy", "h"}, "interrupted by SIGTERM after 0 of 2,000 games"},
		{syscall.SIGINT, []string{"compare", "--players", "h,greedy"}, "interrupted by SIGINT after 0 of 2,000 table games; no table game was finished, nothing was written"},
	} {
		sig := c.sig
		t.Run(c.args[0]+"/"+sig.String(), func(t *testing.T) {
			script, token, dir := tokenBot(t, func(dir string) string {
				return fmt.Sprintf(`read hello
echo '{"type":"hello","name":"hang","version":"1"}'
read batch
: > %q
sleep 3600
`, filepath.Join(dir, "hanging"))
			})
			marker := filepath.Join(dir, "hanging")
			code, stderr := signalYams(t, append(c.args, "--rules", filepath.Join("testdata", "five-boxes.json"), "--bot", "h="+script, "--games", "2000", "--bot-timeout", "1h"), marker, sig)
			if code != 128+int(sig) || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want status %d and %q", code, stderr, 128+int(sig), c.want)
			}
			if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
				t.Errorf("the bot's processes outlived yams: %v", left)
			}
		})
	}
}
