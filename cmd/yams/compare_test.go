package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestCompareStrategies(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	stdout, stderr, code := execYams(t, "", "compare", "--strategy", "greedy,upper-first,random", "--games", "400", "--seed", "3", "--out", out)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	for _, want := range []string{
		`(?m)^rules hasbro, seed 3, 400 games per strategy on the same dice$`,
		`(?m)^a − b +mean difference ± 95% CI \(paired\) +unpaired ± 95% CI +paired/unpaired +a wins +ties +b wins$`,
		`(?m)^greedy − upper-first +[-+]\d+\.\d{3} ± \d+\.\d{3} +± \d+\.\d{3} +\d\.\d{3} +\d+\.\d\d% +\d+\.\d\d% +\d+\.\d\d%$`,
		`(?m)^greedy − random +\+\d+\.\d{3} ± `,
		`(?m)^upper-first − random +\+\d+\.\d{3} ± `,
	} {
		if !regexp.MustCompile(want).MatchString(stdout) {
			t.Errorf("output lacks %s:\n%s", want, stdout)
		}
	}
	files := listReport(t, out)
	for _, f := range []string{"summary.json", "summary.md", "compare.csv", "pairs.svg", "pairs.png", "head_to_head.svg", "head_to_head.png", "scores.svg", "report.html"} {
		if !slices.Contains(files, f) {
			t.Errorf("compare --out lacks %s", f)
		}
	}

	// --json -: the JSON on standard output, the tables on standard error.
	stdout, stderr, code = execYams(t, "", "compare", "--strategy", "greedy,upper-first", "--games", "200", "--json", "-")
	if code != 0 || !strings.Contains(stderr, "greedy − upper-first") {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	var doc struct {
		Games int64
		Pairs []struct {
			A, B               string
			Games              int64
			Wins, Ties, Losses int64
			CI95               [2]float64
			UnpairedCI95       [2]float64 `json:"unpaired_ci95"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Pairs) != 1 {
		t.Fatalf("pairs %+v", doc.Pairs)
	}
	p := doc.Pairs[0]
	if p.A != "greedy" || p.B != "upper-first" || p.Wins+p.Ties+p.Losses != 200 ||
		p.CI95[1]-p.CI95[0] >= p.UnpairedCI95[1]-p.UnpairedCI95[0] {
		t.Errorf("pair %+v: the paired interval should be the narrower", p)
	}
}

func TestComparePlayers(t *testing.T) {
	dir := t.TempDir()
	out, js := filepath.Join(dir, "out"), filepath.Join(dir, "table.json")
	stdout, stderr, code := execYams(t, "", "compare", "--players", "greedy,random,greedy", "--games", "150", "--out", out, "--json", js, "--lang", "fr")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	// In French, as --lang asks.
	for _, want := range []string{
		`(?m)^règles hasbro, graine 1, 150 parties à 3 joueurs, chacun sur ses propres dés, les places tournant$`,
		`(?m)^1: greedy +\d+,\d\d\x{202f}% ± \d+,\d\d\x{202f}% `,
		`(?m)^2: random +0,00\x{202f}% ± `,
		`(?m)^ordre des places : khi-deux \d+,\d\d à 2 degrés de liberté, p = \d,\d{3} `,
	} {
		if !regexp.MustCompile(want).MatchString(stdout) {
			t.Errorf("output lacks %s:\n%s", want, stdout)
		}
	}
	want := []string{"report.html", "seats.csv", "seats.png", "seats.svg", "table.csv", "table.json", "table.md",
		"table_scores.csv", "table_scores.png", "table_scores.svg", "wins.csv", "wins.png", "wins.svg"}
	if got := listReport(t, out); !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	a, _ := os.ReadFile(js)
	b, _ := os.ReadFile(filepath.Join(out, "table.json"))
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("--json and table.json differ")
	}
	md, _ := os.ReadFile(filepath.Join(out, "table.md"))
	if !strings.Contains(string(md), "## Places") {
		t.Errorf("table.md is not in French:\n%s", md)
	}
}

func TestCompareBadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, nil, 0o666)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "give two strategies or more"},
		{[]string{"--strategy", "greedy"}, "give two strategies or more"},
		{[]string{"--strategy", "greedy,nope"}, `unknown strategy "nope"`},
		{[]string{"--strategy", "greedy,greedy"}, "strategy greedy given twice"},
		{[]string{"--strategy", "optimal,risk:0"}, "strategy optimal given twice (risk:0 is optimal)"},
		{[]string{"--strategy", "risk:0.01,risk:0.010"}, "strategy risk:0.01 given twice (risk:0.010 is risk:0.01)"},
		{[]string{"--strategy", "greedy,risk:x"}, `strategy risk:x: θ "x" is not a number`},
		{[]string{"--strategy", "greedy,risk"}, "strategy risk takes a parameter: risk:θ"},
		{[]string{"--strategy", "greedy,random", "--players", "greedy,random"}, "one or the other"},
		{[]string{"--players", "greedy"}, "--players: 1 player, a table seats 2 to 6"},
		{[]string{"--players", "greedy,greedy,greedy,greedy,greedy,greedy,greedy"}, "7 players"},
		{[]string{"--players", "greedy,nope"}, `unknown strategy "nope"`},
		{[]string{"--strategy", "greedy,random", "--games", "0"}, "--games 0: want at least one game"},
		{[]string{"--strategy", "greedy,random", "--workers", "0"}, "--workers 0: want 1 to 256"},
		{[]string{"--strategy", "greedy,random", "--rules", "nope"}, `unknown rules "nope"`},
		{[]string{"--strategy", "greedy,random", "--out", filepath.Join(file, "x")}, "compare: --out: "},
		{[]string{"--strategy", "greedy,random", "--json", filepath.Join(file, "x.json")}, "compare: --json: "},
		{[]string{"--strategy", "greedy,random", "--out", dir, "--lang", "it"}, `language "it"`},
		{[]string{"--strategy", "greedy,random", "more"}, `unexpected argument "more"`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			args := append([]string{"compare", "--games", "10"}, c.args...)
			if c.args == nil {
				args = []string{"compare"}
			}
			stdout, stderr, code := execYams(t, "", args...)
			wantUsageError(t, strings.Join(c.args, " "), stdout, stderr, code, c.want)
		})
	}
}

// A compare that fails after its --json was checked leaves the file as it was: the
// results of the run before are not lost to a mistake in the next command.
func TestCompareKeepsPreviousJSON(t *testing.T) {
	for _, mode := range []string{"--strategy", "--players"} {
		t.Run(mode, func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "prev.json")
			if _, errOut, code := execYams(t, "", "compare", mode, "greedy,random", "--games", "100", "--json", js); code != 0 {
				t.Fatal(errOut)
			}
			prev := readFile(t, js)
			// optimal cannot play two free columns (no exact solve fits in memory): refused
			// once the files are checked.
			out, errOut, code := execYams(t, "", "compare", mode, "optimal,greedy", "--rule", "columns=free,free", "--games", "100", "--json", js)
			wantUsageError(t, "optimal on two free columns", out, errOut, code, "strategy optimal: ")
			if now := readFile(t, js); !bytes.Equal(now, prev) {
				t.Errorf("the failed compare changed %s:\n%s", js, now)
			}
		})
	}
}

// compare --strategy shows each strategy's upper bonus beside its mean (issue 40 §5),
// the very rate and interval sim prints for the same games: the same seed plays the same
// dice in both.
func TestCompareShowsTheBonus(t *testing.T) {
	args := []string{"--strategy", "greedy,upper-first", "--games", "2000", "--seed", "3", "--workers", "2"}
	cmp, errOut, code := execYams(t, "", append([]string{"compare"}, args...)...)
	if code != 0 {
		t.Fatalf("compare: exit %d, %s", code, errOut)
	}
	simOut, errOut, code := execYams(t, "", append([]string{"sim"}, args...)...)
	if code != 0 {
		t.Fatalf("sim: exit %d, %s", code, errOut)
	}
	bonus := regexp.MustCompile(`(?m)^(greedy|upper-first) .* (\d+\.\d\d% ± \d+\.\d\d%)`)
	got, want := bonus.FindAllStringSubmatch(cmp, -1), bonus.FindAllStringSubmatch(simOut, -1)
	if len(got) != 2 || len(want) != 2 || !strings.Contains(cmp, "upper bonus ± 95% CI") {
		t.Fatalf("compare:\n%s\nsim:\n%s", cmp, simOut)
	}
	for i := range got {
		if got[i][1] != want[i][1] || got[i][2] != want[i][2] {
			t.Errorf("%s: compare shows the bonus %s, sim %s", got[i][1], got[i][2], want[i][2])
		}
	}
	// Rules without an upper bonus have no such column.
	out, _, _ := execYams(t, "", "compare", "--strategy", "greedy,random", "--games", "100", "--rule", "upper_bonus.points=0")
	if strings.Contains(out, "upper bonus") {
		t.Errorf("a bonus column without a bonus:\n%s", out)
	}
}
