package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/strategies"
	"yams/strategies/external"
)

// selfBot is the --bot of a test: this test binary as yams bot STRATEGY.
func selfBot(name, strategy string) string {
	return fmt.Sprintf("%s=%s yams bot %s", name, strconv.Quote(os.Args[0]), strategy)
}

// failingBot serves greedy for a number of batches, then exits with status 5: the bot of
// the test of a failure in the middle of a run. With $YAMS_TEST_BOT_MENDED set, it is the
// same program mended: it says the same hello and never fails.
func failingBot(batches string) int {
	n, _ := strconv.Atoi(batches)
	if os.Getenv("YAMS_TEST_BOT_MENDED") != "" {
		n = math.MaxInt
	}
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

// sameStrategy reports whether two strategies of summary files have the same counts:
// the same members but their names, bots and identities (what played them).
func sameStrategy(a, b map[string]json.RawMessage) bool {
	counts := func(m map[string]json.RawMessage) map[string]string {
		c := map[string]string{}
		for k, v := range m {
			if k != "name" && k != "bot" && k != "identity" {
				c[k] = string(v)
			}
		}
		return c
	}
	return maps.Equal(counts(a), counts(b))
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
	// The table, on stderr, says what the games/s of each strategy are beside a bot.
	if !strings.Contains(errOut, "per strategy, over the time spent playing it: greedy ") || !strings.Contains(errOut, "a bot's time is the wait for its answers") ||
		!regexp.MustCompile(`processor time of the bots' processes: g [0-9.]+ m?s \([0-9.]+ µs a game\)`).MatchString(errOut) {
		t.Errorf("the timings do not say what a bot's time is: %q", errOut)
	}
	for _, bad := range [][]string{
		{"--bot", "greedy=./x"}, {"--bot", "g"}, {"--bot", "g=./a", "--bot", "g=./b"}, {"--bot-timeout", "1s"},
		{"--bot", "g=./a", "--bot-timeout", "-1s"}, {"--bot-start-timeout", "1m"}, {"--bot", "g=./a", "--bot-start-timeout", "0s"},
		{"--bot", "../../x=./a", "--bot-log", t.TempDir()}, {"--bot", "g=./a 2>/dev/null"}, {"--bot", "g=VAR=1 ./a"},
	} {
		out, errOut, code := execYams(t, "", append([]string{"sim", "--games", "10"}, bad...)...)
		wantUsageError(t, strings.Join(bad, " "), out, errOut, code, "bot")
	}
}

// A bot that takes longer than --bot-timeout to say hello is waited for up to
// --bot-start-timeout, and said to be slow once, whatever its processes (issue 40 §4).
func TestBotSlowStart(t *testing.T) {
	bot := fmt.Sprintf("g=sh -c 'sleep 0.6; exec %s yams bot greedy'", os.Args[0])
	out, errOut, code := execYams(t, "", "sim", "--bot", bot, "--strategy", "g", "--games", "200", "--workers", "2", "--bot-timeout", "200ms")
	if code != 0 || !strings.Contains(out, "rules hasbro") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "yams: sim: bot g has not said hello after 200ms: waiting for it up to 5m0s (--bot-start-timeout)\n"
	if strings.Count(errOut, "has not said hello") != 1 || !strings.Contains(errOut, want) {
		t.Errorf("stderr %q, want once %q", errOut, want)
	}
	_, errOut, code = execYams(t, "", "sim", "--bot", bot, "--strategy", "g", "--games", "200", "--workers", "1", "--bot-timeout", "200ms", "--bot-start-timeout", "350ms")
	if code != exitBot || !strings.Contains(errOut, "bot g (worker 0): no answer within 350ms to the hello") {
		t.Errorf("a start beyond --bot-start-timeout: exit %d, %q", code, errOut)
	}
}

// TestBotFailureIsPartial: a bot that fails in the middle of a run stops it with exit
// status 3 and one line naming the bot; the games before are written as a partial
// summary, which a run with the bot mended resumes to the results of an unbroken run, and
// which another bot may not resume (exit status 2, one line naming both).
//
// On a sheet of five boxes: each of the eight bot processes builds greedy's tables for
// the rules, and the games are short.
func TestBotFailureIsPartial(t *testing.T) {
	dir := t.TempDir()
	partial := filepath.Join(dir, "partial.json")
	failing := fmt.Sprintf("b=%s yams-fail-after 70", strconv.Quote(os.Args[0]))
	args := []string{"sim", "--rules", filepath.Join("testdata", "five-boxes.json"), "--strategy", "b", "--games", "2000", "--workers", "2"}
	logs := filepath.Join(dir, "logs")
	report := filepath.Join(dir, "report")
	_, errOut, code := execYams(t, "", append(args, "--bot", failing, "--json", partial, "--bot-log", logs, "--out", report)...)
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
	s := readSummaryJSON(t, data)
	if !s.Partial || s.Games == 0 || s.NextGame != s.Games {
		t.Fatalf("partial summary: %+v", s)
	}
	// The report of --out says it too.
	md := readFile(t, filepath.Join(report, "summary.md"))
	if want := fmt.Sprintf("yes: %s of the 2,000 games planned (the run was stopped)", thousands(s.Games)); !strings.Contains(string(md), want) {
		t.Errorf("the report does not say it is partial (%q):\n%s", want, md)
	}
	// Another program, though it plays the same games: refused.
	other := append(args, "--bot", selfBot("b", "greedy"), "--json", filepath.Join(dir, "other.json"), "--resume", partial)
	out, errOut, code := execYams(t, "", other...)
	wantUsageError(t, "resumed by another bot", out, errOut, code, "strategy b: the checkpoint was played by bot \"failing\" version \"yams\"")
	if !strings.Contains(errOut, "this run by bot \"greedy\" version \"yams\"") || !strings.Contains(errOut, "--resume "+partial) {
		t.Errorf("the refusal does not name the other bot and the file: %q", errOut)
	}
	t.Setenv("YAMS_TEST_BOT_MENDED", "1")
	resumed := filepath.Join(dir, "resumed.json")
	if _, errOut, code := execYams(t, "", append(args, "--bot", failing, "--json", resumed, "--resume", partial)...); code != 0 {
		t.Fatalf("resume: exit %d, %s", code, errOut)
	}
	whole := filepath.Join(dir, "whole.json")
	if _, errOut, code := execYams(t, "", append(args, "--bot", failing, "--json", whole)...); code != 0 {
		t.Fatalf("whole: exit %d, %s", code, errOut)
	}
	a, _ := os.ReadFile(resumed)
	b, _ := os.ReadFile(whole)
	if !sameContent(t, a, b) {
		t.Error("the run resumed after the failure differs from the run without one")
	}
}

// TestComparePlayersBotFailureIsPartial: a bot that fails at a table stops the table
// games as it stops a run: exit status 3, one line naming the bot, and the table games
// finished before written, marked partial, to --json and --out (whose report says so).
// On a sheet of five boxes, whose greedy the bot processes build at once.
func TestComparePlayersBotFailureIsPartial(t *testing.T) {
	dir := t.TempDir()
	js, report := filepath.Join(dir, "table.json"), filepath.Join(dir, "report")
	failing := fmt.Sprintf("b=%s yams-fail-after 70", strconv.Quote(os.Args[0]))
	out, errOut, code := execYams(t, "", "compare", "--rules", filepath.Join("testdata", "five-boxes.json"), "--players", "b,greedy", "--games", "20000", "--workers", "2",
		"--bot", failing, "--bot-log", filepath.Join(dir, "logs"), "--json", js, "--out", report)
	if code != exitBot || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "bot b") ||
		!regexp.MustCompile(`stopped after [\d,]+ of 20,000 table games; the table games played are written, marked partial\n$`).MatchString(errOut) {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The player, numbered from 1 as the tables number it, and the index its hello gave
	// (issue 40 §4).
	if !regexp.MustCompile(`player 1, table games [\d]+ to [\d]+: bot b \(worker \d, player 1 of the table: its hello's "player": 0\)`).MatchString(errOut) {
		t.Errorf("the line does not number the player as the hello and the tables do: %q", errOut)
	}
	if !strings.Contains(out, "PARTIAL: ") {
		t.Errorf("the table does not say it is partial:\n%s", out)
	}
	var table struct {
		Games   int64 `json:"games"`
		Partial bool  `json:"partial"`
		Planned int64 `json:"planned_games"`
	}
	if err := json.Unmarshal(readFile(t, js), &table); err != nil {
		t.Fatal(err)
	}
	if !table.Partial || table.Games <= 0 || table.Games >= 20000 || table.Planned != 20000 {
		t.Errorf("--json: %+v", table)
	}
	md := readFile(t, filepath.Join(report, "table.md"))
	if want := fmt.Sprintf("yes: %s of the 20,000 games planned (the run was stopped)", thousands(table.Games)); !strings.Contains(string(md), want) {
		t.Errorf("the report does not say it is partial (%q):\n%s", want, md)
	}
}

// TestMergeOfTwoBots: yams merge refuses shards played by two different bots (exit
// status 2, one line naming the strategy, both files and both bots), and merges those of
// the same bot; the summary names the bot, its hello and its command.
//
// On a sheet of five boxes, whose greedy each bot process builds at once.
func TestMergeOfTwoBots(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join("testdata", "five-boxes.json")
	shard := func(k int, bot string) string {
		file := filepath.Join(dir, fmt.Sprintf("shard-%d-%x.json", k, len(bot)))
		_, errOut, code := execYams(t, "", "sim", "--rules", rules, "--strategy", "greedy,b", "--games", "2000", "--shard", fmt.Sprintf("%d/2", k), "--bot", bot, "--json", file)
		if code != 0 {
			t.Fatalf("shard %d/2: exit %d, %s", k, code, errOut)
		}
		return file
	}
	bot := selfBot("b", "greedy")
	pinned := selfBot("b", "greedy --rules "+rules) // the same games, another command
	one, two, twoPinned := shard(1, bot), shard(2, bot), shard(2, pinned)

	out, errOut, code := execYams(t, "", "merge", one, twoPinned)
	wantUsageError(t, "merge of two bots", out, errOut, code, "strategy b: "+one+" was played by bot \"greedy\" version \"yams\"")
	if !strings.Contains(errOut, twoPinned+" by bot") || !strings.Contains(errOut, "--rules "+rules) {
		t.Errorf("the refusal does not name the other file and its command: %q", errOut)
	}

	out, errOut, code = execYams(t, "", "merge", one, two)
	if code != 0 {
		t.Fatalf("merge of the same bot: exit %d, %s", code, errOut)
	}
	var merged struct {
		Strategies []struct {
			Name string
			Bot  *struct {
				Name, Version string
				Command       []string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &merged); err != nil {
		t.Fatal(err)
	}
	if s := merged.Strategies; len(s) != 2 || s[0].Bot != nil || s[1].Bot == nil || s[1].Bot.Name != "greedy" ||
		strings.Join(s[1].Bot.Command, " ") != os.Args[0]+" yams bot greedy" {
		t.Errorf("the merged summary's strategies: %+v", s)
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
	// An interpreter starts slowly on a loaded machine: the timeout covers the start. One
	// worker, one process of each interpreter: the two bots are compared on the same games.
	out, errOut, code := execYams(t, "", append([]string{"sim", "--games", "500", "--json", "-", "--bot-timeout", "2m", "--workers", "1", "--strategy", strings.Join(names, ",")}, bots...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s := readSummaryJSON(t, []byte(out))
	if len(s.Strategies) == 2 && !sameStrategy(s.Strategies[0], s.Strategies[1]) {
		t.Error("the Python and JavaScript bots play different games")
	}
}

// bench of a bot: its games/s, no decisions replayed, and none of the note of the
// built-in strategies that play games together (a bot has no strategy of one game). On a
// sheet of five boxes: bench starts a bot process per worker and run, each of which
// builds greedy's tables for the rules.
func TestBenchOfABot(t *testing.T) {
	out, errOut, code := execYams(t, "", "bench", "--rules", filepath.Join("testdata", "five-boxes.json"), "--bot", selfBot("b", "greedy"), "--strategy", "b", "--games", "100")
	if code != 0 || !strings.Contains(out, "b ") {
		t.Fatalf("bench --bot: exit %d, %q %q", code, out, errOut)
	}
	if strings.Contains(out, "plays its games many at once") {
		t.Errorf("bench --bot says its decisions are replayed one game at a time:\n%s", out)
	}
}

// TestBotOfSeveralColumns: yams bot serves the strategies of a sheet of several columns,
// optimal (the exact solve of the product of the columns) and column-tables, to the same
// counts as inside yams. column-tables in the exhaustive run: it first fits itself to
// the rules, seconds of work, and serves them as optimal does.
func TestBotOfSeveralColumns(t *testing.T) {
	rules := filepath.Join("testdata", "two-columns.json")
	for _, name := range []string{"optimal", "column-tables"} {
		t.Run(name, func(t *testing.T) {
			if name == "column-tables" {
				exhaustive.Only(t)
			}
			out, errOut, code := execYams(t, "", "sim", "--rules", rules, "--bot", selfBot("b", name), "--strategy", name+",b", "--games", "500", "--json", "-")
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", name, code, errOut)
			}
			s := readSummaryJSON(t, []byte(out))
			if len(s.Strategies) != 2 || !sameStrategy(s.Strategies[0], s.Strategies[1]) {
				t.Errorf("%s served and %s differ", name, name)
			}
		})
	}
}
