package external_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/internal/proctest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/sim/tablegame"
	"yams/strategies"
	"yams/strategies/external"
)

func TestSplitCommand(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		bad  bool
	}{
		{in: "python3 bot.py", want: []string{"python3", "bot.py"}},
		{in: "  node   a.js  --fast ", want: []string{"node", "a.js", "--fast"}},
		{in: `./bot 'two words' "and \"three\" \$x"`, want: []string{"./bot", "two words", `and "three" $x`}},
		{in: `a\ b c''d "" ''`, want: []string{"a b", "cd", "", ""}},
		{in: `python3 -c 'print(1)'`, want: []string{"python3", "-c", "print(1)"}},
		{in: `'unterminated`, bad: true},
		{in: `"unterminated`, bad: true},
		{in: `trailing\`, bad: true},
		{in: ``, want: nil},
		// What only a shell does is refused, unless quoted.
		{in: `./bot 2>/dev/null`, bad: true},
		{in: `./bot | tee log`, bad: true},
		{in: `./bot; ./other`, bad: true},
		{in: `./bot && x`, bad: true},
		{in: `$HOME/bot`, bad: true},
		{in: `~/bot`, bad: true},
		{in: `python3 $(which bot)`, bad: true},
		{in: `VAR=x ./bot`, bad: true},
		{in: `./bot '2>x' "a|b" \; "$" a~b --x=1`, want: []string{"./bot", "2>x", "a|b", ";", "$", "a~b", "--x=1"}},
		{in: `'VAR=x' ./bot`, want: []string{"VAR=x", "./bot"}},
		{in: `env VAR=x ./bot`, want: []string{"env", "VAR=x", "./bot"}},
		{in: `sh -c 'exec ./bot 2>bot.log'`, want: []string{"sh", "-c", "exec ./bot 2>bot.log"}}, // docs/bots.md
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := external.SplitCommand(c.in)
			if (err != nil) != c.bad || !slices.Equal(got, c.want) {
				t.Errorf("%q: %q, %v; want %q (error %v)", c.in, got, err, c.want, c.bad)
			}
		})
	}
}

func TestParse(t *testing.T) {
	b, err := external.Parse(`mine=python3 'my bot.py' --x`)
	if err != nil || b.Name != "mine" || !slices.Equal(b.Argv, []string{"python3", "my bot.py", "--x"}) {
		t.Errorf("parse: %+v %v", b, err)
	}
	for _, bad := range []string{"mine", "=cmd", "greedy=./bot", "optimal=./bot", "a,b=./bot", "mine=", "mine='x",
		"../../x=./bot", "a/b=./bot", ".hidden=./bot", "-x=./bot", "a\x1b[2J=./bot", strings.Repeat("a", 65) + "=./bot",
		"mine=./bot 2>/dev/null", "mine=VAR=x ./bot"} {
		if _, err := external.Parse(bad); err == nil || strings.Count(err.Error(), "\n") != 0 || strings.Contains(err.Error(), "\x1b") {
			t.Errorf("%q: accepted (%v)", bad, err)
		}
	}
	for _, good := range []string{"mine", "my-bot_2.1", "été", strings.Repeat("a", 64)} {
		if b, err := external.Parse(good + "=./bot"); err != nil || b.Name != good {
			t.Errorf("%q: %v", good, err)
		}
	}
}

// TestLogsStayInTheirDirectory: a bot's log file is created in --bot-log's directory,
// whatever the bot's name (a Bot made without Parse).
func TestLogsStayInTheirDirectory(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	if err := os.Mkdir(logs, 0o755); err != nil {
		t.Fatal(err)
	}
	bot := external.Bot{Name: "../escaped", Argv: botCommand("serve:greedy"), Timeout: 20 * time.Second, LogDir: logs}
	_, err := bot.Info().NewBatch(mustRules(t, "hasbro"), 0)
	if err == nil || !strings.Contains(err.Error(), "--bot-log") {
		t.Errorf("a log outside --bot-log's directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "escaped-0.log")); err == nil {
		t.Error("the log was written outside its directory")
	}
}

// TestFloodingBotLog: a bot that floods its standard error (32 MiB) fills its --bot-log
// file up to the limit and no further, the file saying where it stops and how much was
// dropped, and plays its games all the same.
func TestFloodingBotLog(t *testing.T) {
	logs := t.TempDir()
	bot := external.Bot{Name: "flood", Argv: botCommand("flood"), Timeout: 20 * time.Second, LogDir: logs}
	res, err := sim.Run(context.Background(), sim.Config{
		Rules: mustRules(t, "hasbro"), Strategies: []strategies.Info{bot.Info()}, Seed: 1, Games: 50, Workers: 1,
	})
	if err != nil || res.Games != 50 {
		t.Fatalf("%v", err)
	}
	log, err := os.ReadFile(filepath.Join(logs, "flood-0.log"))
	if err != nil {
		t.Fatal(err)
	}
	if len(log) > external.DefaultLogLimit+1024 || len(log) < external.DefaultLogLimit-1024 {
		t.Errorf("a log of %d bytes, want the limit, %d", len(log), external.DefaultLogLimit)
	}
	lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
	if n := len(lines); n < 3 || lines[0] != "misbehaving as flood" ||
		!strings.HasPrefix(lines[n-2], "[yams] this log stops here, at its limit of 8 MiB") ||
		lines[n-1] != fmt.Sprintf("[yams] dropped past the limit of this log: %d lines, %d bytes", 32<<10-(n-3), (32<<10-(n-3))*1024) {
		t.Errorf("the log ends %q", lines[max(0, len(lines)-3):])
	}
}

// A bot that fails once its log has stopped at its limit ends yams's error line with its
// last words and where its log stopped, not "all of it" (issue 40 §4); one whose log is
// whole, with where all of it is.
func TestFailingBotLogCut(t *testing.T) {
	logs := t.TempDir()
	for _, c := range []struct {
		mode string
		want string
	}{
		{"flood-exit", " | bot: something broke inside (" + filepath.Join(logs, "mine-0.log") + " holds its first 8 MiB, the rest dropped)"},
		{"exit", "its last words on standard error: misbehaving as exit | bot: something broke inside (all of it in " + filepath.Join(logs, "mine-0.log") + ")"},
	} {
		bot := external.Bot{Name: "mine", Argv: botCommand(c.mode), Timeout: 20 * time.Second, LogDir: logs}
		_, err := sim.Run(context.Background(), sim.Config{Rules: mustRules(t, "hasbro"), Strategies: []strategies.Info{bot.Info()}, Seed: 1, Games: 20000, Workers: 1})
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant it to end %q", c.mode, err, c.want)
		}
	}
}

// TestHelloFirst: a bot may write its hello before it reads yams's; it then plays as
// any bot.
func TestHelloFirst(t *testing.T) {
	bot := external.Bot{Name: "first", Argv: botCommand("hello-first"), Timeout: 20 * time.Second}
	res, err := sim.Run(context.Background(), sim.Config{
		Rules: mustRules(t, "hasbro"), Strategies: []strategies.Info{bot.Info()}, Seed: 1, Games: 100, Workers: 2,
	})
	if err != nil || res.Games != 100 || res.Summaries[0].Bot == nil || res.Summaries[0].Bot.Name != "test" {
		t.Fatalf("%v", err)
	}
}

func mustRules(t testing.TB, name string, opts ...string) *engine.Rules {
	t.Helper()
	r, err := engine.Load(name, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// testBotInfo is a test bot as a strategy. Its timeout is long: a served strategy builds
// its tables before its hello (upper-first on yatzy, seconds of processor time), which a
// loaded machine stretches.
func testBotInfo(name, mode string) strategies.Info {
	return external.Bot{Name: name, Argv: botCommand(mode), Timeout: 2 * time.Minute, Columns: sim.ColumnLabels}.Info()
}

// TestServeIdentity is the proof that a request carries everything a decision needs: a
// strategy served over the protocol (external.Serve, what yams bot runs) plays the same
// games as the strategy inside yams, to the same counts, bit for bit, on every one-column
// preset and options that change the play. The default run plays greedy and upper-first
// on hasbro (optimal's bot reads hasbro's whole table: optimal is served on three sheets
// of its options instead) and one strategy on each other rule set (each bot process builds
// its strategy's tables or reads its solved table); the exhaustive run plays them all
// everywhere.
func TestServeIdentity(t *testing.T) {
	cases := []struct {
		rules string
		opts  []string
		plays string // the strategies of the default run, separated by commas
	}{
		// The default run: one strategy of each kind (a heuristic, one that reads the
		// upper subtotal, optimal's table) and the sheets whose reading differs (a joker, a
		// preset of its own, an order, a dry column, a sec column); every other pair in the
		// exhaustive run.
		{"hasbro", nil, "greedy"}, {"verhoeff", nil, ""}, {"yams", nil, "greedy"}, {"yams-wiki", nil, ""},
		{"yams-app", nil, "upper-first"}, {"yatzy", nil, ""},
		{"hasbro", []string{"joker=none"}, "greedy"}, {"hasbro", []string{"order=top_down"}, "optimal"}, {"hasbro", []string{"rolls=1"}, ""},
		{"yams", []string{"dry=true"}, "greedy"}, {"hasbro", []string{"upper_bonus.when=reached"}, ""},
		{"verhoeff", []string{"columns=sec"}, "greedy"},
	}
	games := int64(400)
	names := []string{"greedy", "upper-first", "optimal"}
	switch {
	case raceEnabled:
		// What the race detector checks is the workers' processes, which one case shows.
		cases, names = cases[:1], names[:1]
	case testing.Short():
		cases = cases[:2]
	}
	for _, c := range cases {
		for _, name := range names {
			t.Run(c.rules+strings.Join(c.opts, ",")+"/"+name, func(t *testing.T) {
				if !slices.Contains(strings.Split(c.plays, ","), name) {
					exhaustive.Only(t)
				}
				r := mustRules(t, c.rules, c.opts...)
				info, _ := strategies.Lookup(name)
				res, err := sim.Run(context.Background(), sim.Config{
					Rules: r, Strategies: []strategies.Info{info, testBotInfo("served", "serve:"+name)},
					Seed: 3, Games: games, Workers: 2,
				})
				if err != nil {
					t.Fatal(err)
				}
				in, out := res.Summaries[0], res.Summaries[1]
				if out.Bot == nil || out.Bot.Name != name || out.Bot.Version != "yams" || !slices.Equal(out.Bot.Command, botCommand("serve:"+name)) {
					t.Errorf("%s served: the summary records bot %v", name, out.Bot)
				}
				out.Strategy, out.Bot = in.Strategy, nil // the counts alone
				if !reflect.DeepEqual(in, out) {
					t.Errorf("%s served: mean %v, inside yams: %v", name, out.Stats().Mean, in.Stats().Mean)
				}
			})
		}
	}
}

// fiveBoxes is a rule set of five boxes, on which the tables of win take a moment.
const fiveBoxes = `{"name": "five", "rolls": 3, "boxes": [
	{"id": "ones", "section": "upper", "kind": "face", "face": 1},
	{"id": "fours", "section": "upper", "kind": "face", "face": 4},
	{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
	{"id": "chance", "section": "lower", "kind": "chance", "add": "all"},
	{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}],
	"upper_bonus": {"threshold": 25, "points": 20, "when": "complete"}}`

// tableJSON returns the counts of table games as their summary file has them, the
// players named by names, none said to see the table.
func tableJSON(t *testing.T, res *tablegame.Results, names []string) string {
	t.Helper()
	copy(res.Players, names)
	clear(res.SeesTable)
	clear(res.Bots) // the program that played: the counts alone are compared
	var b strings.Builder
	if err := summaryfile.WriteTable(&b, res); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestServeAtTable: at a table, a strategy served over the protocol plays the table games
// it plays inside yams, to the same counts, bit for bit (wins, seats, score histograms):
// win, which sees the table and decides from the other players' sheets that the
// requests carry, and greedy, a bot that reads past the table.
func TestServeAtTable(t *testing.T) {
	r, err := engine.Parse("five", []byte(fiveBoxes))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		served  int // the player served over the protocol
		players []string
	}{
		{0, []string{"win", "optimal"}},
		{1, []string{"optimal", "win"}},
		{0, []string{"greedy", "optimal"}},
		{1, []string{"greedy", "win", "optimal"}},
	} {
		t.Run(strings.Join(c.players, ","), func(t *testing.T) {
			if raceEnabled && c.served != 0 {
				t.Skip("the race detector checks the workers' processes, which one case shows")
			}
			var inside, outside []strategies.Info
			for p, name := range c.players {
				info, ok := strategies.Lookup(name)
				if !ok {
					t.Fatalf("no strategy %s", name)
				}
				inside = append(inside, info)
				if p == c.served {
					info = testBotInfo("served", "serve:"+name)
				}
				outside = append(outside, info)
			}
			var results []string
			for _, players := range [][]strategies.Info{inside, outside} {
				res, err := tablegame.Run(context.Background(), tablegame.Config{Rules: r, Players: players, Seed: 3, Games: 300, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				if sees := res.SeesTable[c.served]; sees != (players[c.served].Table || players[c.served].NewTableBatch != nil) {
					t.Errorf("player %d sees the table: %v", c.served+1, sees) // a bot is told the table
				}
				results = append(results, tableJSON(t, res, c.players))
			}
			if results[0] != results[1] {
				t.Errorf("served, %s plays other table games:\n%s\ninside yams:\n%s", c.players[c.served], results[1], results[0])
			}
		})
	}
}

// TestTableHello: yams's hello says a table game, its players' strategies and which one
// the bot is, and a game alone ("table": null).
func TestTableHello(t *testing.T) {
	r := mustRules(t, "hasbro")
	greedy, _ := strategies.Lookup("greedy")
	hellos := func(run func(bot strategies.Info) error) []map[string]json.RawMessage {
		stderr := &syncBuffer{}
		bot := external.Bot{Name: "mine", Argv: botCommand("show-hello"), Timeout: 20 * time.Second, Stderr: stderr}
		if err := run(bot.Info()); err != nil {
			t.Fatal(err)
		}
		var hs []map[string]json.RawMessage
		for line := range strings.Lines(stderr.String()) {
			if _, h, ok := strings.Cut(line, "] hello: "); ok {
				var m map[string]json.RawMessage
				if err := json.Unmarshal([]byte(h), &m); err != nil {
					t.Fatal(err)
				}
				hs = append(hs, m)
			}
		}
		return hs
	}
	alone := hellos(func(bot strategies.Info) error {
		_, err := sim.Run(context.Background(), sim.Config{Rules: r, Strategies: []strategies.Info{bot}, Seed: 1, Games: 10, Workers: 1})
		return err
	})
	if len(alone) != 1 || string(alone[0]["table"]) != "null" {
		t.Errorf("alone, the hellos %v", alone)
	}
	table := hellos(func(bot strategies.Info) error {
		_, err := tablegame.Run(context.Background(), tablegame.Config{Rules: r, Players: []strategies.Info{greedy, bot, greedy}, Seed: 1, Games: 10, Workers: 2})
		return err
	})
	if len(table) != 2 {
		t.Fatalf("at a table, %d hellos", len(table))
	}
	for _, h := range table {
		if string(h["table"]) != `{"players":3,"strategies":["greedy","mine","greedy"],"player":1}` {
			t.Errorf("at a table, the hello's table %s", h["table"])
		}
	}
}

// TestSeveralColumns: a bot plays a sheet of several columns, box names "COLUMN.ID".
func TestSeveralColumns(t *testing.T) {
	r := mustRules(t, "yams", "columns=top_down,free,sec")
	info, _ := strategies.Lookup("greedy")
	res, err := sim.Run(context.Background(), sim.Config{
		Rules: r, Strategies: []strategies.Info{info, testBotInfo("served", "serve:greedy")}, Seed: 1, Games: 60, Workers: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outside[0] != 0 || res.Outside[1] <= 0 {
		t.Errorf("processor time outside yams: greedy %v, the bot %v", res.Outside[0], res.Outside[1])
	}
	res.Summaries[1].Strategy, res.Summaries[1].Bot = "greedy", nil // the counts alone
	if !reflect.DeepEqual(res.Summaries[0], res.Summaries[1]) {
		t.Error("greedy served on three columns plays other games")
	}
}

// TestMisbehavingBots: every way a bot can fail stops the run with one line that names
// the bot, what went wrong and the games, with its last words; the results of the games
// before are kept (partial), and no bot process survives.
func TestMisbehavingBots(t *testing.T) {
	r := mustRules(t, "hasbro")
	for _, c := range []struct {
		mode string
		want []string
	}{
		{"no-hello", []string{"no answer within", "the hello"}},
		{"bad-hello", []string{`"hi"`, "hello was due"}},
		{"refuse", []string{"I only play Yam's"}},
		{"exit-at-hello", []string{"exited with status 7", "giving up"}},
		{"exit", []string{"exited with status 3", "games", "something broke inside"}},
		// Its signal, not a segmentation fault (issue 40 §4): on Linux the bot is no
		// process 1, which would ignore it.
		{"abort", []string{"was killed (signal: " + syscall.SIGABRT.String(), "games"}},
		{"close", []string{"closed its output", "games"}},
		{"silent", []string{"no answer within", "games"}},
		{"garbage", []string{"not a message of the protocol", `"this is not JSON"`, "debugging on standard error"}},
		{"error", []string{"out of ideas"}},
		{"too-few", []string{"answers to"}},
		{"float-keep", []string{"game", "turn", ".0\" is not a face: a face is a whole number from 1 to 6, written without a fraction or an exponent (5, not 5.0)"}},
		{"illegal-keep", []string{"game", "turn", "keep [7]: 7 is not a face of a die"}},
		{"foreign-keep", []string{"game", "turn", "holds dice the roll", "does not have"}},
		{"filled-box", []string{"game", "turn", "is already filled (the legal boxes: "}},
		{"illegal-box", []string{"game", "turn", `no box "no_such_box"`}},
		{"keep-for-box", []string{"game", "turn", `"[]": want the name of a box, such as "`}},
		{"box-number", []string{"game", "turn", `"7": want the name of a box, such as "`}},
		{"not-a-command", []string{"cannot start"}},
		{"hello-no-name", []string{`its hello has no "name"`}},
		{"hello-version-number", []string{`its hello's "version" is "1.5": want a string, such as "version": "1.0"`}},
		{"hello-long-version", []string{`its hello's "version" has 300 bytes: at most 200`}},
		{"hello-huge-version", []string{"a line of more than 64 KiB where the hello was due"}},
		{"hello-escape-name", []string{`its hello's "name" te\x1b[2Jst has a control character`}},
		{"hello-twice", []string{"it wrote its answer to the hello twice"}},
		{"long-error", []string{`it reported an error: \x1b[2J\x1b[31mout of ideas and more`, "bytes in all)"}},
		{"duplicate", []string{"it wrote its answer to batch 4 (", "twice: a bot writes one line for each message of yams"}},
		{"duplicate-late", []string{"its answer to batch 3 (", "came again where its answers to batch 4 (", "were due: a line written twice"}},
		{"stray-unended", []string{"after its answer to batch 4 (", `it wrote "debugging", which yams did not ask for, and did not end the line`}},
		{"stray", []string{"after its answer to batch 4 (", `it wrote a line yams did not ask for: "{\"type\":\"debug\"`}},
	} {
		t.Run(c.mode, func(t *testing.T) {
			// A timeout only as short as the case needs: a bot that does not answer costs
			// the test its timeout, and a bot that starts slowly on a loaded machine (the
			// race detector's build above all) must not fail the others at its hello.
			timeout := 20 * time.Second
			switch c.mode {
			case "no-hello":
				timeout = 400 * time.Millisecond
			case "silent":
				timeout = 3 * time.Second // its hello and first answers come in time
			}
			bot := external.Bot{Name: "mine", Argv: botCommand(c.mode), Timeout: timeout, Columns: sim.ColumnLabels}
			if c.mode == "no-hello" {
				bot.StartTimeout = timeout
			}
			if c.mode == "not-a-command" {
				bot.Argv = []string{"/no/such/yams/bot"}
			}
			greedy, _ := strategies.Lookup("greedy")
			res, err := sim.Run(context.Background(), sim.Config{
				Rules: r, Strategies: []strategies.Info{greedy, bot.Info()}, Seed: 1, Games: 20000, Workers: 2,
			})
			var be *external.Error
			if !errors.As(err, &be) {
				t.Fatalf("error %v, want a bot's error", err)
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, "bot mine") {
				t.Errorf("not one line naming the bot: %q", msg)
			}
			if strings.ContainsRune(msg, 0x1b) || len(msg) > 4000 {
				t.Errorf("the error line is not bounded and printable: %d bytes, %.300q", len(msg), msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
			if res != nil && (!res.Partial() || res.Games >= 20000) {
				t.Errorf("results of %d games, partial %v", res.Games, res.Partial())
			}
			if left := botProcesses(t); len(left) > 0 {
				t.Errorf("bot processes left: %v", left)
			}
		})
	}
}

// A bot's hello has a timeout of its own, from the bot's start (issue 40 §4): a bot that
// loads for longer than a message's timeout plays, and is said to be slow once a process;
// one that takes longer than the start's timeout is stopped, its hello named.
func TestStartTimeout(t *testing.T) {
	r := mustRules(t, "hasbro")
	greedy, _ := strategies.Lookup("greedy")
	var mu sync.Mutex
	var slow []string
	bot := external.Bot{Name: "mine", Argv: botCommand("slow-hello"), Timeout: 200 * time.Millisecond, StartTimeout: 20 * time.Second, Columns: sim.ColumnLabels,
		Slow: func(name string, worker int, waited, limit time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			slow = append(slow, fmt.Sprintf("%s %d %v %v", name, worker, waited, limit))
		}}
	res, err := sim.Run(context.Background(), sim.Config{Rules: r, Strategies: []strategies.Info{greedy, bot.Info()}, Seed: 1, Games: 200, Workers: 2})
	if err != nil || res.Games != 200 {
		t.Fatalf("a bot that starts in a second: %v", err)
	}
	slices.Sort(slow)
	if want := []string{"mine 0 200ms 20s", "mine 1 200ms 20s"}; !slices.Equal(slow, want) {
		t.Errorf("told slow %q, want %q", slow, want)
	}
	bot.StartTimeout, bot.Slow = 300*time.Millisecond, nil
	_, err = sim.Run(context.Background(), sim.Config{Rules: r, Strategies: []strategies.Info{greedy, bot.Info()}, Seed: 1, Games: 200, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "no answer within 300ms to the hello") {
		t.Errorf("a start beyond its timeout: %v", err)
	}
	// The start's timeout is never shorter than a message's.
	bot.Timeout, bot.StartTimeout = 5*time.Second, time.Millisecond
	if _, err := sim.Run(context.Background(), sim.Config{Rules: r, Strategies: []strategies.Info{greedy, bot.Info()}, Seed: 1, Games: 20, Workers: 1}); err != nil {
		t.Errorf("a start's timeout below the message's: %v", err)
	}
}

// botProcesses lists the test bots of this test binary still running after a moment
// (Linux's /proc; none elsewhere): those of other test runs on the machine are not its
// own.
func botProcesses(t *testing.T) map[int]string {
	return proctest.Survivors(os.Args[0]+" yams-test-bot", 2*time.Second, nil)
}
