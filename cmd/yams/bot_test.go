package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/external"
)

// selfBot is the --bot of a test: this test binary as yams bot STRATEGY.
func selfBot(name, strategy string) string {
	return fmt.Sprintf("%s=%s yams bot %s", name, strconv.Quote(os.Args[0]), strategy)
}

// failingBot serves greedy for a number of batches, then exits with status 5: the bot of
// the test of a failure in the middle of a run.
func failingBot(batches string) int {
	n, _ := strconv.Atoi(batches)
	pr, pw, _ := os.Pipe()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	go func() {
		for i := 0; in.Scan(); i++ {
			if i > n {
				fmt.Fprintln(os.Stderr, "the failing bot fails, as planned")
				os.Exit(5)
			}
			pw.Write(append(in.Bytes(), '\n'))
		}
		pw.Close()
	}()
	err := external.Serve(pr, os.Stdout, "failing", func(r *engine.Rules) (strategies.Strategy, error) {
		return strategies.New("greedy", r)
	}, nil)
	if err != nil {
		return 1
	}
	return 0
}

type summaryFile struct {
	Games      int64 `json:"games"`
	Partial    bool  `json:"partial"`
	NextGame   int64 `json:"next_game"`
	Strategies []map[string]json.RawMessage
}

func readSummaryJSON(t *testing.T, data []byte) summaryFile {
	t.Helper()
	var s summaryFile
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("summary: %v", err)
	}
	return s
}

// sameStrategy reports whether two strategies of summary files have the same counts.
func sameStrategy(a, b map[string]json.RawMessage) bool {
	for k, v := range a {
		if k != "name" && string(b[k]) != string(v) {
			return false
		}
	}
	return len(a) == len(b)
}

// TestBotThroughTheCLI: yams bot, run as a bot by yams sim, plays greedy to the same
// counts as greedy itself.
func TestBotThroughTheCLI(t *testing.T) {
	out, errOut, code := execYams(t, "", "sim", "--bot", selfBot("g", "greedy"), "--strategy", "greedy,g", "--games", "3000", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s := readSummaryJSON(t, []byte(out))
	if len(s.Strategies) != 2 || !sameStrategy(s.Strategies[0], s.Strategies[1]) {
		t.Errorf("greedy served and greedy differ")
	}
	for _, bad := range [][]string{
		{"--bot", "greedy=./x"}, {"--bot", "g"}, {"--bot", "g=./a", "--bot", "g=./b"}, {"--bot-timeout", "1s"},
		{"--bot", "g=./a", "--bot-timeout", "-1s"},
	} {
		out, errOut, code := execYams(t, "", append([]string{"sim", "--games", "10"}, bad...)...)
		wantUsageError(t, strings.Join(bad, " "), out, errOut, code, "bot")
	}
}

// TestBotFailureIsPartial: a bot that fails in the middle of a run stops it with exit
// status 3 and one line naming the bot; the games before are written as a partial
// summary, which a run with the bot mended resumes to the results of an unbroken run.
func TestBotFailureIsPartial(t *testing.T) {
	dir := t.TempDir()
	partial := filepath.Join(dir, "partial.json")
	failing := fmt.Sprintf("b=%s yams-fail-after 70", strconv.Quote(os.Args[0]))
	args := []string{"sim", "--strategy", "b", "--games", "20000", "--workers", "2"}
	logs := filepath.Join(dir, "logs")
	_, errOut, code := execYams(t, "", append(args, "--bot", failing, "--json", partial, "--bot-log", logs)...)
	if code != exitBot || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "bot b") || !strings.Contains(errOut, "exited with status 5") ||
		!strings.Contains(errOut, "the failing bot fails, as planned") || !strings.Contains(errOut, "--resume") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The logs are named by worker, from 0 as in the hello; the failing one is named in
	// the error line, whose last words it holds.
	m := regexp.MustCompile(`bot b \(worker (\d)\).*\(all of it in ([^)]*b-(\d)\.log)\)`).FindStringSubmatch(errOut)
	if m == nil || m[1] != m[3] {
		t.Fatalf("the error line does not name the failing worker's log: %q", errOut)
	}
	if log, err := os.ReadFile(m[2]); err != nil || !strings.Contains(string(log), "as planned") {
		t.Errorf("--bot-log: %q, %v", log, err)
	}
	data, err := os.ReadFile(partial)
	if err != nil {
		t.Fatal(err)
	}
	if s := readSummaryJSON(t, data); !s.Partial || s.Games == 0 || s.NextGame != s.Games {
		t.Fatalf("partial summary: %+v", s)
	}
	resumed := filepath.Join(dir, "resumed.json")
	if _, errOut, code := execYams(t, "", append(args, "--bot", selfBot("b", "greedy"), "--json", resumed, "--resume", partial)...); code != 0 {
		t.Fatalf("resume: exit %d, %s", code, errOut)
	}
	whole := filepath.Join(dir, "whole.json")
	if _, errOut, code := execYams(t, "", append(args, "--bot", selfBot("b", "greedy"), "--json", whole)...); code != 0 {
		t.Fatalf("whole: exit %d, %s", code, errOut)
	}
	a, _ := os.ReadFile(resumed)
	b, _ := os.ReadFile(whole)
	if string(a) != string(b) {
		t.Error("the run resumed after the failure differs from the run without one")
	}
}

// TestExampleBots runs the bots of examples/bots, in Python and JavaScript: the same
// strategy in two languages plays the same games.
func TestExampleBots(t *testing.T) {
	var bots []string
	for _, b := range []struct{ interp, file, name string }{
		{"python3", "../../examples/bots/python/keep_pairs.py", "py"},
		{"node", "../../examples/bots/js/keep_pairs.js", "js"},
	} {
		if _, err := exec.LookPath(b.interp); err != nil {
			t.Logf("%s is not installed: its example bot is not run", b.interp)
			continue
		}
		bots = append(bots, "--bot", b.name+"="+b.interp+" "+b.file)
	}
	if len(bots) == 0 {
		t.Skip("neither python3 nor node is installed")
	}
	var names []string
	for i := 1; i < len(bots); i += 2 {
		names = append(names, strings.Split(bots[i], "=")[0])
	}
	out, errOut, code := execYams(t, "", append([]string{"sim", "--games", "2000", "--json", "-", "--strategy", strings.Join(names, ",")}, bots...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s := readSummaryJSON(t, []byte(out))
	if len(s.Strategies) == 2 && !sameStrategy(s.Strategies[0], s.Strategies[1]) {
		t.Error("the Python and JavaScript bots play different games")
	}
}
