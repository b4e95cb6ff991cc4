package main

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/strategies"
)

// A misspelled name gets the strategy it most likely misspells, a name far from every
// strategy none; a family's prefix misspelled keeps its parameter.
func TestNearestStrategy(t *testing.T) {
	for name, want := range map[string]string{
		"gredy": "greedy", "Greedy": "greedy", "optmal": "optimal", "uper-first": "upper-first",
		"targe:200": "target:200", "rsk:0.1": "risk:0.1", "targte": "target:T", "randm": "random",
		"zzzz": "", "chance": "", "g": "", "mybott": "mybot",
	} {
		if got := strategies.Nearest(name, "mybot"); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", name, got, want)
		}
	}
	var unknown *strategies.UnknownError
	if _, err := strategies.Resolve("gredy"); !errors.As(err, &unknown) || unknown.Nearest != "greedy" {
		t.Errorf("Resolve(gredy): %v", err)
	}
}

// Every command that names strategies says which one a misspelled name likely means;
// a name near none gets the hint to make a program a strategy.
func TestMisspelledStrategy(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--strategy", "gredy", "--games", "10"},
		{"compare", "--strategy", "greedy,gredy", "--games", "10"},
		{"compare", "--players", "gredy,greedy", "--games", "10"},
		{"bench", "--strategy", "gredy", "--games", "10"},
		{"exact", "--strategy", "gredy"},
		{"bot", "gredy"},
	} {
		out, errOut, code := execYams(t, "", args...)
		wantUsageError(t, strings.Join(args, " "), out, errOut, code, `unknown strategy "gredy": did you mean greedy? (strategies: `)
		if strings.Contains(errOut, "--bot gredy=") {
			t.Errorf("%s: the hint to make a bot gredy is still given: %s", strings.Join(args, " "), errOut)
		}
	}
	out, errOut, code := execYams(t, "", "sim", "--strategy", "zzzz", "--games", "10")
	wantUsageError(t, "zzzz", out, errOut, code, "a program is made a strategy with --bot zzzz=COMMAND")
	// A bot's name misspelled is suggested too.
	out, errOut, code = execYams(t, "", "sim", "--bot", "mybot=true", "--strategy", "mybott,mybot", "--games", "10")
	wantUsageError(t, "mybott", out, errOut, code, `unknown strategy "mybott": did you mean mybot?`)
	// A family's member whose parameter is wrong says what is wrong with it.
	out, errOut, code = execYams(t, "", "sim", "--strategy", "beat:gredy", "--games", "10")
	wantUsageError(t, "beat:gredy", out, errOut, code, `strategy beat:gredy: `)
}

// A mistyped command or flag is refused with the one it likely means (issue 40 §5): a
// letter swapped, added or left out, and a long flag written with one dash. A word near
// none is refused without a guess, and one pasted by mistake is not echoed whole.
func TestMistypedCommandOrFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"smi"}, `unknown command "smi": did you mean sim? (commands: advise, `},
		{[]string{"Sim"}, `unknown command "Sim": did you mean sim?`},
		{[]string{"repaly", "x.json"}, `unknown command "repaly": did you mean replay?`},
		{[]string{"sim", "--regrets"}, "sim: unknown flag --regrets: did you mean --regret? (see yams sim --help)"},
		{[]string{"sim", "--gmes", "10"}, "unknown flag --gmes: did you mean --games?"},
		{[]string{"sim", "-games", "10"}, "unknown flag -games: did you mean --games?"},
		{[]string{"compare", "--player", "greedy,optimal"}, "unknown flag --player: did you mean --players?"},
		{[]string{"sim", "--hlep"}, "unknown flag --hlep: did you mean --help?"},
		{[]string{"sim", "--frobnicate"}, "unknown flag --frobnicate (see yams sim --help)"},
		{[]string{"frobnicate"}, `unknown command "frobnicate" (commands: `},
		{[]string{strings.Repeat("x", 100_000)}, `unknown command "` + strings.Repeat("x", maxEcho) + `"…`},
		{[]string{"sim", "--" + strings.Repeat("x", 100_000)}, "unknown flag --" + strings.Repeat("x", maxEcho) + "… (see"},
	} {
		out, errOut, code := execYams(t, "", c.args...)
		wantUsageError(t, shorten(strings.Join(c.args, " ")), out, errOut, code, c.want)
		if len(errOut) > 400 {
			t.Errorf("%s: an error line of %d bytes", shorten(strings.Join(c.args, " ")), len(errOut))
		}
	}
}

// A file that is not there is one line that names it, without the system call.
func TestMissingFileMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--from", "nosuch.json", "--out", t.TempDir()}, "yams: report: --from nosuch.json: no such file or directory\n"},
		{[]string{"merge", "nosuch.json"}, "yams: merge: nosuch.json: no such file or directory\n"},
		{[]string{"sim", "--resume", "nosuch.json", "--games", "10", "--strategy", "greedy"}, "yams: sim: --resume: nosuch.json: no such file or directory\n"},
	} {
		out, errOut, code := execYams(t, "", c.args...)
		wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
		if errOut != c.want {
			t.Errorf("%s: stderr %q, want %q", strings.Join(c.args, " "), errOut, c.want)
		}
	}
}

// An error names the value that is wrong, not a list of thousands of values.
func TestLongListsNotEchoed(t *testing.T) {
	var sizes []string
	for n := 1; n <= 5000; n++ {
		sizes = append(sizes, strconv.Itoa(n))
	}
	list := strings.Join(sizes, ",")
	out, errOut, code := execYams(t, "", "distill", "--size", list)
	wantUsageError(t, "--size 1,...,5000", out, errOut, code, `--size: "201" is not a number of rules from 1 to 200`)
	if len(errOut) > 200 {
		t.Errorf("the error line is %d bytes long: %.300s", len(errOut), errOut)
	}
	long := strings.Repeat("9", 10000)
	out, errOut, code = execYams(t, "", "distill", "--size", long)
	wantUsageError(t, "--size 999...", out, errOut, code, `--size: "`+strings.Repeat("9", maxEcho)+`"… is not a number of rules`)
	out, errOut, code = execYams(t, "", "sim", "--games", long)
	wantUsageError(t, "--games 999...", out, errOut, code, "--games "+strings.Repeat("9", maxEcho)+"…: ")
	if len(errOut) > 300 {
		t.Errorf("the error line is %d bytes long", len(errOut))
	}
}

// yams without a command points to the manual as a user in a clone reads it, as the
// README does.
func TestManualPointer(t *testing.T) {
	_, errOut, code := execYams(t, "")
	if code != 2 || !strings.Contains(errOut, "'go doc ./cmd/yams'") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// Every output of every command that writes one is checked before the work, by the code
// that will write it: a path that cannot be written is one line and exit 2, with nothing
// computed (nothing printed on standard output), where sim --json /proc/nope/x.json used
// to play its games and then fail.
func TestOutputsCheckedFirst(t *testing.T) {
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc")
	}
	const file, dir = "/proc/nope/x.json", "/proc/nope/out"
	record := filepath.Join("..", "..", "examples", "games", "two-turns.json")
	small := []string{"--rules", "hasbro", "--rule", "order=top_down"}
	commands := map[string][]string{
		"sim":      {"sim", "--games", "1e6", "--strategy", "greedy"},
		"compare":  {"compare", "--games", "1e6", "--strategy", "greedy,random"},
		"table":    {"compare", "--games", "1e6", "--players", "greedy,random"},
		"bench":    {"bench", "--games", "1e6", "--strategy", "greedy"},
		"exact":    append([]string{"exact"}, small...),
		"frontier": append([]string{"frontier", "--thetas", "0.01"}, small...),
		"distill":  append([]string{"distill", "--size", "1"}, small...),
		"solve":    append([]string{"solve"}, small...),
		"replay":   {"replay", record},
		"advise":   {"advise", "--dice", "1,2,3,4,5"},
		"version":  {"version"},
	}
	outputs := map[string][]string{
		"sim":      {"--json", "--out", "--checkpoint", "--cpuprofile", "--bot-log"},
		"compare":  {"--json", "--out"},
		"table":    {"--json", "--out"},
		"bench":    {"--json", "--out"},
		"exact":    {"--json", "--out", "--csv"},
		"frontier": {"--json", "--out"},
		"distill":  {"--json", "--out"},
		"solve":    {"--json"},
		"replay":   {"--json", "--out"},
		"advise":   {"--json", "--out"},
		"version":  {"--json"},
	}
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	for name, args := range commands {
		for _, flag := range outputs[name] {
			path := file
			if flag == "--out" || flag == "--bot-log" {
				path = dir
			}
			full := append(slices.Clone(args), flag, path)
			if flag == "--bot-log" {
				full = append(full, "--bot", "b=true")
				full[4] = "greedy,b"
			}
			t.Run(strings.Join(full, " "), func(t *testing.T) {
				out, errOut, code := execYams(t, "", full...)
				wantUsageError(t, strings.Join(full, " "), out, errOut, code, flag+": ")
				if !strings.Contains(errOut, path) || !strings.Contains(errOut, "no such file or directory") {
					t.Errorf("the line does not say what is wrong with %s: %s", path, errOut)
				}
			})
		}
	}
	// merge and report read a summary first.
	summary := filepath.Join(t.TempDir(), "s.json")
	if _, errOut, code := execYams(t, "", "sim", "--games", "10", "--strategy", "greedy", "--json", summary); code != 0 {
		t.Fatal(errOut)
	}
	for _, args := range [][]string{
		{"merge", summary, "--json", file}, {"merge", summary, "--out", dir}, {"report", "--from", summary, "--out", dir},
	} {
		out, errOut, code := execYams(t, "", args...)
		wantUsageError(t, strings.Join(args, " "), out, errOut, code, "no such file or directory")
	}
}
