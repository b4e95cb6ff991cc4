package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"yams/internal/exhaustive"
)

// exactRead is what the tests of objectives read of exact --json.
type exactRead struct {
	Mean       float64 `json:"mean"`
	UpperBonus float64 `json:"upper_bonus"`
	Objective  struct {
		Kind      string   `json:"kind"`
		Parameter *float64 `json:"parameter"`
		Opponent  string   `json:"opponent"`
		Value     float64  `json:"value"`
	} `json:"objective"`
	Distribution struct {
		Min           int       `json:"min"`
		Probabilities []float64 `json:"probabilities"`
	} `json:"distribution"`
}

// solve --strategy and exact --strategy of an objective agree with each other, and the
// certainty equivalent exact reports is the one its own distribution gives: on a small
// sheet, and on yams-app in the exhaustive run.
func TestObjectiveCommands(t *testing.T) {
	for _, c := range []struct{ rules, name string }{{frontierRules, "frontier-small"}, {"yams-app", "yams-app"}} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "yams-app" {
				exhaustive.Only(t)
			}
			checkObjectiveCommands(t, c.rules, c.name)
		})
	}
}

// checkObjectiveCommands checks solve and exact of bonus and risk:-0.02 on rules, whose
// name is name.
func checkObjectiveCommands(t *testing.T, rules, name string) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir()) // for the line of a first solve
	out, errOut, code := execYams(t, "", "solve", "--rules", rules, "--strategy", "bonus")
	if code != 0 || !strings.Contains(errOut, "solving the strategy bonus of rules "+name) {
		t.Fatalf("solve bonus: exit %d, %q %q", code, out, errOut)
	}
	_, after, ok := strings.Cut(out, "strategy bonus, P(upper bonus) ")
	pct, _, _ := strings.Cut(after, "%")
	solved, err := strconv.ParseFloat(pct, 64)
	if !ok || err != nil {
		t.Fatalf("solve bonus: %q", out)
	}
	var fig exactRead
	out, errOut, code = execYams(t, "", "exact", "--rules", rules, "--strategy", "bonus", "--json", "-")
	if code != 0 || json.Unmarshal([]byte(out), &fig) != nil {
		t.Fatalf("exact bonus: exit %d, %q", code, errOut)
	}
	if fig.Objective.Kind != "bonus" || fig.Objective.Parameter != nil || math.Abs(fig.Objective.Value*100-solved) > 5e-8 ||
		math.Abs(fig.UpperBonus-fig.Objective.Value) > 1e-12 {
		t.Errorf("exact bonus: objective %+v, upper bonus %v; solve said %v%%", fig.Objective, fig.UpperBonus, solved)
	}

	// With --json -, the JSON on standard output and the text on standard error.
	out, text, code := execYams(t, "", "exact", "--rules", rules, "--strategy", "risk:-0.02", "--distribution", "--json", "-")
	if code != 0 || json.Unmarshal([]byte(out), &fig) != nil {
		t.Fatalf("exact risk: exit %d, %q", code, text)
	}
	if fig.Objective.Kind != "risk" || fig.Objective.Parameter == nil || *fig.Objective.Parameter != -0.02 {
		t.Fatalf("exact risk: objective %+v", fig.Objective)
	}
	sum := 0.0
	for i, p := range fig.Distribution.Probabilities {
		sum += p * math.Exp(-0.02*float64(fig.Distribution.Min+i))
	}
	if ce := math.Log(sum) / -0.02; math.Abs(ce-fig.Objective.Value) > 1e-9 {
		t.Errorf("exact risk:-0.02: certainty equivalent %.12f, from its distribution %.12f", fig.Objective.Value, ce)
	}
	want := strconv.FormatFloat(fig.Objective.Value, 'f', 7, 64)
	if strings.Count(text, want) != 2 || !strings.Contains(text, "certainty equivalent  "+want) {
		t.Errorf("exact risk:-0.02 does not print %s twice (solve, distribution):\n%s", want, text)
	}
}

// An objective the rules refuse, or a bad θ, is bad input for every command.
func TestObjectiveBadInput(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--strategy", "risk:x"}, `--strategy: θ "x" is not a number`},
		{[]string{"solve", "--strategy", "risk:1e-9"}, "too close to 0"},
		{[]string{"solve", "--strategy", "risk:0.9"}, "objective not available: risk:0.9 on rules hasbro: exp(θ·score) leaves the range of float64"},
		{[]string{"solve", "--strategy", "bonus", "--rule", "upper_bonus.points=0"}, "have no upper bonus for the strategy bonus"},
		{[]string{"exact", "--strategy", "risk:0.9"}, "objective not available: risk:0.9"},
		{[]string{"exact", "--strategy", "bonus", "--rule", "upper_bonus.points=0"}, "have no upper bonus"},
		{[]string{"exact", "--strategy", "risk:"}, "is not a number"},
		{[]string{"sim", "--strategy", "risk:2", "--games", "10"}, "beyond ±1"},
		{[]string{"sim", "--strategy", "bonus", "--rule", "upper_bonus.points=0", "--games", "10"}, "have no upper bonus"},
		{[]string{"solve", "--strategy", "target:0"}, "--strategy: objective not available: target:0 on rules hasbro: every game scores at least 5"},
		{[]string{"exact", "--strategy", "target:3e2"}, `target "3e2" is not a whole number of points`},
		{[]string{"exact", "--strategy", "target:5000"}, "no game reaches 5000 (1675 bounds the highest score)"},
		{[]string{"solve", "--strategy", "beat:"}, "beat: names no opponent"},
		{[]string{"solve", "--strategy", "beat:optimal,optimal"}, "--strategy beat:optimal,optimal: solve takes one strategy"},
		{[]string{"solve", "--strategy", "beat:beat:optimal"}, "cannot itself be a beat: strategy"},
		{[]string{"solve", "--strategy", "beat:random"}, "beat:random needs the exact distribution of the final score of random"},
		{[]string{"sim", "--strategy", "beat:nosuch", "--games", "10"}, `strategy beat:nosuch: the opponent: unknown strategy "nosuch"`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errOut, code := execYams(t, "", c.args...)
			wantUsageError(t, c.want, out, errOut, code, c.want)
		})
	}
}

// target:T through the commands: solve and exact give the same P(score ≥ T), which the
// exact distribution gives too, and simulated games reach T as often, within the interval.
// On a sheet of five boxes, whose mean is 79 and whose target:100 solves in milliseconds
// (a goal's table on the frontier's sheet, for T = 250, takes a second to solve, and as
// long to analyse).
func TestTargetCommands(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	rules := filepath.Join("testdata", "five-boxes.json")
	out, errOut, code := execYams(t, "", "solve", "--rules", rules, "--strategy", "target:100")
	if code != 0 || !strings.Contains(errOut, "solving the strategy target:100 of rules five") {
		t.Fatalf("solve target:100: exit %d, %q %q", code, out, errOut)
	}
	_, after, ok := strings.Cut(out, "strategy target:100, P(score ≥ 100) ")
	pct, _, _ := strings.Cut(after, "%")
	solved, err := strconv.ParseFloat(pct, 64)
	if !ok || err != nil || !strings.Contains(out, "pairs stored") {
		t.Fatalf("solve target:100: %q", out)
	}
	var fig exactRead
	// With --json -, the JSON on standard output and the text on standard error.
	out, text, code := execYams(t, "", "exact", "--rules", rules, "--strategy", "target:100", "--distribution", "--json", "-")
	if code != 0 || json.Unmarshal([]byte(out), &fig) != nil {
		t.Fatalf("exact target:100: exit %d, %q", code, text)
	}
	if fig.Objective.Kind != "target" || fig.Objective.Parameter == nil || *fig.Objective.Parameter != 100 || math.Abs(fig.Objective.Value*100-solved) > 5e-8 {
		t.Fatalf("exact target:100: objective %+v; solve said %v%%", fig.Objective, solved)
	}
	p := 0.0
	for i, x := range fig.Distribution.Probabilities {
		if fig.Distribution.Min+i >= 100 {
			p += x
		}
	}
	if math.Abs(p-fig.Objective.Value) > 1e-12 {
		t.Errorf("exact target:100: P(score ≥ 100) %.15f, from its distribution %.15f", fig.Objective.Value, p)
	}
	if want := strconv.FormatFloat(100*fig.Objective.Value, 'f', 7, 64) + "%"; strings.Count(text, want) != 2 {
		t.Errorf("exact target:100 does not print %s twice (solve, distribution):\n%s", want, text)
	}

	// Played: the share of games that reach 100, and the mean, within their intervals.
	games := 10000
	if exhaustive.On {
		games = 40000
	}
	out, errOut, code = execYams(t, "", "sim", "--rules", rules, "--strategy", "target:100,optimal", "--games", strconv.Itoa(games), "--json", "-")
	var sum struct {
		Strategies []struct {
			Name      string         `json:"name"`
			Mean      float64        `json:"mean"`
			Stderr    float64        `json:"stderr"`
			Histogram map[string]int `json:"histogram"`
		} `json:"strategies"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || len(sum.Strategies) != 2 {
		t.Fatalf("sim target:100,optimal: exit %d, %q", code, errOut)
	}
	s := sum.Strategies[0]
	hit := 0
	for score, n := range s.Histogram {
		if v, _ := strconv.Atoi(score); v >= 100 {
			hit += n
		}
	}
	share, q := float64(hit)/float64(games), fig.Objective.Value
	if sd := math.Sqrt(q * (1 - q) / float64(games)); s.Name != "target:100" || math.Abs(share-q) > 4.5*sd {
		t.Errorf("sim %s: %.5f of games reach 100, exactly %.5f (sd %.5f)", s.Name, share, q, sd)
	}
	if math.Abs(s.Mean-fig.Mean) > 4.5*s.Stderr {
		t.Errorf("sim target:100: mean %.3f ± %.3f, exactly %.4f", s.Mean, s.Stderr, fig.Mean)
	}

	// bench plays its games many at once and replays its decisions one game at a time,
	// and says so (on a few games: the note, not the speed, is checked).
	out, errOut, code = execYams(t, "", "bench", "--rules", rules, "--strategy", "target:100", "--games", "30")
	if code != 0 || !strings.Contains(out, "(target:100 plays its games many at once, their turns worked out together;") {
		t.Errorf("bench target:100: exit %d, %q %q", code, out, errOut)
	}
}

// beat:S through the commands: exact's chance of beating S is the one the two exact
// distributions give, more than a half, and table games of beat:optimal against optimal
// agree within their interval. On a sheet of five boxes, whose beat:optimal solves in a
// fraction of a second (frontier_small's takes seconds), and beats optimal 53% of the time.
func TestBeatCommands(t *testing.T) {
	rules := filepath.Join("testdata", "five-boxes.json")
	var beat, opt exactRead
	var text string // beat:optimal's text: with --json -, on standard error
	for _, c := range []struct {
		strategy string
		into     *exactRead
	}{{"beat:optimal", &beat}, {"optimal", &opt}} {
		out, errOut, code := execYams(t, "", "exact", "--rules", rules, "--strategy", c.strategy, "--distribution", "--json", "-")
		if code != 0 || json.Unmarshal([]byte(out), c.into) != nil {
			t.Fatalf("exact %s: exit %d, %q", c.strategy, code, errOut)
		}
		if c.strategy == "beat:optimal" {
			text = errOut
		}
	}
	win := 0.0
	for i, p := range beat.Distribution.Probabilities {
		for j, q := range opt.Distribution.Probabilities {
			switch a, b := beat.Distribution.Min+i, opt.Distribution.Min+j; {
			case a > b:
				win += p * q
			case a == b:
				win += p * q / 2
			}
		}
	}
	o := beat.Objective
	if o.Kind != "beat" || o.Opponent != "optimal" || math.Abs(o.Value-win) > 1e-12 || win <= 0.5 {
		t.Fatalf("exact beat:optimal: objective %+v, the two distributions give %.15f", o, win)
	}
	games := 10000
	if exhaustive.On {
		games = 40000
	}
	out, errOut, code := execYams(t, "", "compare", "--rules", rules, "--players", "beat:optimal,optimal", "--games", strconv.Itoa(games), "--json", "-")
	var table struct {
		Players []struct {
			Strategy string `json:"strategy"`
			Wins     struct {
				Rate float64 `json:"rate"`
			} `json:"wins"`
		} `json:"players"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &table) != nil || len(table.Players) != 2 {
		t.Fatalf("compare --players beat:optimal,optimal: exit %d, %q", code, errOut)
	}
	p := table.Players[0]
	if sd := math.Sqrt(win * (1 - win) / float64(games)); p.Strategy != "beat:optimal" || math.Abs(p.Wins.Rate-win) > 4.5*sd {
		t.Errorf("compare: %s won %.5f of %d games, exactly %.5f (sd %.5f)", p.Strategy, p.Wins.Rate, games, win, sd)
	}
	if want := strconv.FormatFloat(100*o.Value, 'f', 7, 64) + "%"; strings.Count(text, want) != 2 || !strings.Contains(text, "P(beating optimal)") {
		t.Errorf("exact beat:optimal does not print P(beating optimal) %s twice:\n%s", want, text)
	}
}
