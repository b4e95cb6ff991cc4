package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// tablePlayers reads the players of a table summary file (compare --players --json),
// their names aside: what they won, where and how, and their score histograms.
func tablePlayers(t *testing.T, out string) []map[string]json.RawMessage {
	t.Helper()
	var s struct {
		Games   int64                        `json:"games"`
		Players []map[string]json.RawMessage `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || s.Games == 0 {
		t.Fatalf("summary %v: %.300s", err, out)
	}
	for _, p := range s.Players {
		delete(p, "strategy")
		delete(p, "sees_table")
		delete(p, "bot")
	}
	return s.Players
}

// tableBots reads the bots of the players of a table summary file: what each said in its
// hello and its command, null for a built-in strategy.
func tableBots(t *testing.T, out string) []*struct {
	Name, Version string
	Command       []string
} {
	t.Helper()
	var s struct {
		Players []struct {
			Bot *struct {
				Name, Version string
				Command       []string
			} `json:"bot"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	var bots []*struct {
		Name, Version string
		Command       []string
	}
	for _, p := range s.Players {
		bots = append(bots, p.Bot)
	}
	return bots
}

// TestBotWinAtTable: yams bot win, seated as a bot, takes the decisions of the built-in
// win on the same dice: compare --players win,optimal and --players w,optimal with w
// 'yams bot win' win the same table games from the same seats, with the same score
// histograms, in either seat order. Alone, yams bot win refuses to play, in one line.
func TestBotWinAtTable(t *testing.T) {
	rules := filepath.Join("testdata", "five-boxes.json") // a sheet on which win's tables take a moment
	for _, order := range [][]string{{"win", "optimal"}, {"optimal", "win"}} {
		var players [][]map[string]json.RawMessage
		for _, bot := range []bool{false, true} {
			names := strings.Join(order, ",")
			args := []string{"compare", "--rules", rules, "--games", "400", "--json", "-", "--players", names}
			if bot {
				args[len(args)-1] = strings.Replace(names, "win", "w", 1)
				args = append(args, "--bot", selfBot("w", "win"))
			}
			out, errOut, code := execYams(t, "", args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errOut)
			}
			players = append(players, tablePlayers(t, out))
			// The summary says which program played the bot, as sim's does: its hello's
			// name and version beside its command (issue 40 §4); nothing for a built-in.
			for p, b := range tableBots(t, out) {
				switch {
				case bot && order[p] == "win" && (b == nil || b.Name != "win" || b.Version != "yams" || !reflect.DeepEqual(b.Command, []string{os.Args[0], "yams", "bot", "win"})):
					t.Errorf("%v: the bot player's record %+v", order, b)
				case (!bot || order[p] != "win") && b != nil:
					t.Errorf("%v: player %s recorded as a bot, %+v", order, order[p], b)
				}
			}
		}
		if !reflect.DeepEqual(players[0], players[1]) {
			t.Errorf("%v: yams bot win plays other table games than win:\n%v\n%v", order, players[1], players[0])
		}
	}
	_, errOut, code := execYams(t, "", "sim", "--rules", rules, "--games", "10", "--bot", selfBot("w", "win"), "--strategy", "w")
	if code != exitBot || strings.Count(errOut, "\n") > 2 || !strings.Contains(errOut, "strategy win plays at a table, from the other players' sheets, and yams's hello says a game alone") {
		t.Errorf("yams bot win alone: exit %d, %q", code, errOut)
	}
}

// exampleBots are the bots of examples/bots, with the interpreter each needs.
var exampleBots = []struct{ interp, file, name string }{
	{"python3", "../../examples/bots/python/keep_pairs.py", "py"},
	{"node", "../../examples/bots/js/keep_pairs.js", "js"},
}

// TestExampleBotsAtTable: each example bot reads the table: at a table, 20 points or more
// ahead of every other player, it keeps all five dice of three of a kind, and otherwise
// (behind, or alone) keeps the three; and it plays table games through yams, the Python
// and JavaScript bots the same ones.
func TestExampleBotsAtTable(t *testing.T) {
	var results [][]map[string]json.RawMessage
	for _, b := range exampleBots {
		t.Run(b.name, func(t *testing.T) {
			if _, err := exec.LookPath(b.interp); err != nil {
				t.Skipf("%s is not installed: its example bot is not run", b.interp)
			}
			checkExampleDecisions(t, b.interp, b.file)
			// An interpreter starts slowly on a loaded machine: the timeout covers the start.
			// One worker, one process of the interpreter: the two bots are compared on the
			// same table games.
			out, errOut, code := execYams(t, "", "compare", "--bot", b.name+"="+b.interp+" "+b.file, "--players", b.name+",random",
				"--games", "100", "--json", "-", "--bot-timeout", "2m", "--workers", "1")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			results = append(results, tablePlayers(t, out))
		})
	}
	if len(results) == 2 && !reflect.DeepEqual(results[0], results[1]) {
		t.Error("the Python and JavaScript bots play different table games")
	}
}

// checkExampleDecisions talks to an example bot directly: a hello at a table, then three
// keeps of the same dice (3-3-3-5-6), 20 points ahead, 19 ahead and behind; then alone.
func checkExampleDecisions(t *testing.T, interp, file string) {
	t.Helper()
	others := func(total int) string {
		return fmt.Sprintf(`,"seat":0,"others":[{"seat":1,"strategy":"optimal","scores":[null,null,3,null,null,null,null,null,null,null,null,null,null],"upper":[3],"upper_bonus":[0],"extra_bonuses":0,"total":%d}]`, total)
	}
	request := func(table string) string {
		return `{"game":0,"seed":1,"turn":2,"kind":"keep","dice":[3,3,3,5,6],"rolls_used":1,"rolls_left":2,` +
			`"scores":[null,null,null,null,null,null,null,null,null,null,null,null,25],"upper":[0],"upper_bonus":[0],"extra_bonuses":0,"total":25` + table + `}`
	}
	hello := func(table string) string {
		return `{"type":"hello","protocol":1,"rules":{},"rules_hash":"x","boxes":["ones","twos","threes","fours","fives","sixes",` +
			`"three_of_a_kind","four_of_a_kind","full_house","small_straight","large_straight","yahtzee","chance"],"seed":1,"worker":0,"table":` + table + `}`
	}
	for _, c := range []struct {
		hello, decide string
		want          string
	}{
		{hello(`{"players":2,"strategies":["mine","optimal"],"player":0}`),
			`{"type":"decide","requests":[` + request(others(5)) + `,` + request(others(6)) + `,` + request(others(30)) + `]}`,
			`[[3,3,3,5,6],[3,3,3],[3,3,3]]`},
		{hello(`null`), `{"type":"decide","requests":[` + request("") + `]}`, `[[3,3,3]]`},
	} {
		cmd := exec.Command(interp, file)
		cmd.Stdin = strings.NewReader(c.hello + "\n" + c.decide + "\n")
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			select {
			case <-done:
			case <-time.After(2 * time.Minute):
				cmd.Process.Kill()
			}
		}()
		var lines []string
		for sc := bufio.NewScanner(out); sc.Scan(); {
			lines = append(lines, sc.Text())
		}
		cmd.Wait()
		close(done)
		var answers struct{ Answers json.RawMessage }
		if len(lines) != 2 || json.Unmarshal([]byte(lines[1]), &answers) != nil || string(answers.Answers) != c.want && compactJSON(answers.Answers) != c.want {
			t.Errorf("%s, table %s: answered %q, want the answers %s", file, c.hello[strings.LastIndex(c.hello, `"table":`):], lines, c.want)
		}
	}
}

// compactJSON returns JSON text without its spaces.
func compactJSON(raw json.RawMessage) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}
