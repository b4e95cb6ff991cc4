package main

import (
	"errors"
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
