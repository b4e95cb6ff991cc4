package external_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/sim"
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
	for _, bad := range []string{"mine", "=cmd", "greedy=./bot", "optimal=./bot", "a,b=./bot", "mine=", "mine='x"} {
		if _, err := external.Parse(bad); err == nil || strings.Count(err.Error(), "\n") != 0 {
			t.Errorf("%q: accepted (%v)", bad, err)
		}
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

func testBotInfo(name, mode string) strategies.Info {
	return external.Bot{Name: name, Argv: botCommand(mode), Timeout: 20 * time.Second, Columns: sim.ColumnLabels}.Info()
}

// TestServeIdentity is the proof that a request carries everything a decision needs: a
// strategy served over the protocol (external.Serve, what yams bot runs) plays the same
// games as the strategy inside yams, to the same counts, bit for bit, on every one-column
// preset and options that change the play. The default run plays every strategy on
// hasbro and one strategy on each other rule set (each bot process builds its strategy's
// tables or reads its solved table); the exhaustive run plays them all everywhere.
func TestServeIdentity(t *testing.T) {
	cases := []struct {
		rules string
		opts  []string
		plays string // the strategy of the default run; "" for all of them
	}{
		{"hasbro", nil, ""}, {"verhoeff", nil, "greedy"}, {"yams", nil, "greedy"}, {"yams-wiki", nil, "greedy"},
		{"yams-app", nil, "upper-first"}, {"yatzy", nil, "greedy"},
		{"hasbro", []string{"joker=none"}, "greedy"}, {"hasbro", []string{"order=top_down"}, "optimal"}, {"hasbro", []string{"rolls=1"}, "optimal"},
		{"yams", []string{"dry=true"}, "greedy"}, {"hasbro", []string{"upper_bonus.when=reached"}, "upper-first"},
		{"verhoeff", []string{"columns=sec"}, "optimal"},
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
				if c.plays != "" && c.plays != name {
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
		{"close", []string{"closed its output", "games"}},
		{"silent", []string{"no answer within", "games"}},
		{"garbage", []string{"not a message of the protocol", `"this is not JSON"`, "debugging on standard error"}},
		{"error", []string{"out of ideas"}},
		{"too-few", []string{"answers to"}},
		{"illegal-keep", []string{"game", "turn", "keep [7]: 7 is not a face of a die"}},
		{"foreign-keep", []string{"game", "turn", "holds dice the roll", "does not have"}},
		{"filled-box", []string{"game", "turn", "is already filled (the legal boxes: "}},
		{"illegal-box", []string{"game", "turn", `no box "no_such_box"`}},
		{"keep-for-box", []string{"game", "turn", "want the name of a box"}},
		{"not-a-command", []string{"cannot start"}},
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

// botProcesses lists the test bots still running (Linux's /proc; none elsewhere).
func botProcesses(t *testing.T) []string {
	if runtime.GOOS != "linux" {
		return nil
	}
	var left []string
	deadline := time.Now().Add(2 * time.Second)
	for {
		left = left[:0]
		dirs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, d := range dirs {
			b, err := os.ReadFile(d)
			if err == nil && bytes.Contains(b, []byte("yams-test-bot")) {
				stat, _ := os.ReadFile(filepath.Join(filepath.Dir(d), "stat"))
				if !bytes.Contains(stat, []byte(") Z ")) { // a zombie is already dead
					left = append(left, filepath.Dir(d))
				}
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}
