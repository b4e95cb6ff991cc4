package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/columns"
)

// playRecord plays a game of hasbro with a strategy and writes it as a record with every
// roll and keep, the form replay --grade and advise read.
func playRecord(t *testing.T, strategy string, seed uint64) []byte {
	t.Helper()
	rules, _ := engine.Load("hasbro")
	st, err := strategies.New(strategy, rules)
	if err != nil {
		t.Fatal(err)
	}
	g := rand.NewPCG(seed, 1)
	sh := engine.NewSheet(rules)
	var turns []map[string]any
	dice := func(r engine.Roll) []int {
		d := r.Dice()
		return []int{int(d[0]), int(d[1]), int(d[2]), int(d[3]), int(d[4])}
	}
	for !sh.Done() {
		r := engine.Throw(g)
		rolls, keeps := [][]int{dice(r)}, [][]int{}
		for used := 1; used < 3; used++ {
			k := st.Keep(&sh, r, 3-used)
			if k.IsRoll() {
				break
			}
			keeps = append(keeps, keepFaces(k))
			r = engine.Reroll(g, k)
			rolls = append(rolls, dice(r))
		}
		b := st.Box(&sh, r, len(rolls))
		turns = append(turns, map[string]any{"rolls": rolls, "keeps": keeps, "box": rules.Boxes()[b].ID})
		sh.Fill(b, r)
	}
	b, _ := json.Marshal(map[string]any{"rules": "hasbro", "turns": turns})
	return b
}

// TestGrade grades games of optimal play, which cost nothing, and of greedy, whose costs
// are each the best value minus the value of the choice.
func TestGrade(t *testing.T) {
	for _, c := range []struct {
		strategy string
		free     bool
	}{{"optimal", true}, {"greedy", false}} {
		t.Run(c.strategy, func(t *testing.T) {
			rec := playRecord(t, c.strategy, 4)
			out, errOut, code := execYams(t, string(rec), "replay", "--grade", "--json", "-")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var g gradeOutput
			if err := json.Unmarshal([]byte(out), &g); err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, d := range g.Decisions {
				if math.Abs(d.Cost-max(0, d.BestValue-d.Value)) > 1e-9 || (d.Cost == 0) != (d.Choice.String() == d.Best.String() || d.Value == d.BestValue) {
					t.Errorf("turn %d %s: cost %v of %v and %v, choice %s, best %s", d.Turn, d.Decision, d.Cost, d.BestValue, d.Value, d.Choice, d.Best)
				}
				sum += d.Cost
			}
			if math.Abs(sum-g.TotalCost) > 1e-9 || !g.Complete || len(g.Ungraded) != 0 || math.Abs(g.OptimalStart-254.5877287) > 1e-6 {
				t.Errorf("total %v (sum %v), complete %v, ungraded %v, optimal %v", g.TotalCost, sum, g.Complete, g.Ungraded, g.OptimalStart)
			}
			if c.free != (g.TotalCost == 0) {
				t.Errorf("%s's game costs %v", c.strategy, g.TotalCost)
			}
			text, _, code := execYams(t, string(rec), "replay", "--grade", "--lang", "fr")
			if code != 0 || !strings.Contains(text, "Coût des décisions") {
				t.Errorf("French grading: exit %d\n%s", code, text)
			}
		})
	}
	// Without keeps, a game is graded on its boxes and says so.
	rec := `{"rules":"hasbro","turns":[{"rolls":[[1,2,3,4,6],[1,2,3,4,5]],"box":"large_straight"},{"dice":[2,2,2,3,3],"box":"chance"}]}`
	out, errOut, code := execYams(t, rec, "replay", "--grade")
	if code != 0 || !strings.Contains(out, "no keeps for turns 1") || !strings.Contains(out, "so far") {
		t.Errorf("exit %d %s\n%s", code, errOut, out)
	}
	// A sheet without an exact solve (here, within --max-memory: six-boxes's two columns
	// need about 101 MiB, column-tables's 65) is graded against column-tables's
	// play, each cost measured, and says so, in both languages; its cost agrees with the
	// exact grading of the same game, which the default --max-memory allows.
	rules := filepath.Join("..", "..", "examples", "rules", "six-boxes.json")
	several := `{"rules":` + strconv.Quote(rules) + `,"options":["columns=free,sec"],"turns":[{"rolls":[[1,3,3,5,3],[3,3,3,5,6]],"keeps":[[3,3,3]],"column":0,"box":"threes"},{"rolls":[[2,2,2,3,3]],"column":1,"box":"full_house"}]}`
	out, errOut, code = execYams(t, several, "replay", "--grade", "--json", "-", "--max-memory", "80")
	var g gradeOutput
	if code != 0 || json.Unmarshal([]byte(out), &g) != nil || g.Estimate == "" || len(g.Decisions) != 5 || g.TotalCostInterval <= 0 || g.OptimalStartInterval <= 0 {
		t.Fatalf("several columns: exit %d, %d decisions, intervals %v %v: %s\n%s", code, len(g.Decisions), g.TotalCostInterval, g.OptimalStartInterval, errOut, out)
	}
	for _, d := range g.Decisions {
		if math.Abs(d.Value-(d.BestValue-d.Cost)) > 1e-9 || d.Choice.String() != d.Best.String() && d.CostInterval <= 0 {
			t.Errorf("turn %d %s: value %v, best %v, cost %v ± %v", d.Turn, d.Decision, d.Value, d.BestValue, d.Cost, d.CostInterval)
		}
	}
	out, errOut, code = execYams(t, several, "replay", "--grade", "--json", "-")
	var exact gradeOutput
	if code != 0 || json.Unmarshal([]byte(out), &exact) != nil || exact.Estimate != "" {
		t.Fatalf("several columns, exactly: exit %d %s\n%s", code, errOut, out)
	}
	if math.Abs(g.TotalCost-exact.TotalCost) > g.TotalCostInterval+0.2 {
		t.Errorf("several columns: estimated cost %v ± %v, exact %v", g.TotalCost, g.TotalCostInterval, exact.TotalCost)
	}
	t.Logf("several columns: estimated cost %v ± %v, exact %v", g.TotalCost, g.TotalCostInterval, exact.TotalCost)
	for lang, want := range map[string]string{"en": "ESTIMATED", "fr": "ESTIMÉ"} {
		text, errOut, code := execYams(t, several, "replay", "--grade", "--lang", lang, "--max-memory", "80")
		if code != 0 || !strings.Contains(text, want) || !strings.Contains(text, "±") {
			t.Errorf("several columns, %s: exit %d %s\n%s", lang, code, errOut, text)
		}
	}
}

// TestAdvise checks the options of positions met in a game of optimal play: ranked, the
// best costing nothing and being the optimal strategy's choice.
func TestAdvise(t *testing.T) {
	rules, _ := engine.Load("hasbro")
	st, _ := strategies.New("optimal", rules)
	g := rand.NewPCG(8, 9)
	sh := engine.NewSheet(rules)
	dir := t.TempDir()
	for turn := 0; turn < 6; turn++ {
		r := engine.Throw(g)
		flags := []string{"--json", "-", "--dice", strings.ReplaceAll(r.String(), "-", ","), "--roll", "1"}
		for id := range rules.NumSlots() {
			if sh.Filled(engine.BoxID(id)) {
				flags = append(flags, "--score", rules.Boxes()[id].ID+"="+strconv.Itoa(sh.Score(engine.BoxID(id))))
			}
		}
		out, errOut, code := execYams(t, "", append([]string{"advise"}, flags...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var a adviceOutput
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		if len(a.Keeps) != len(engine.SubKeeps(r)) || a.Keeps[0].Cost != 0 || a.Keeps[0].Value != a.Value {
			t.Fatalf("keeps %+v", a.Keeps)
		}
		for i := 1; i < len(a.Keeps); i++ {
			if a.Keeps[i].Value > a.Keeps[i-1].Value || math.Abs(a.Keeps[i].Cost-(a.Value-a.Keeps[i].Value)) > 1e-9 {
				t.Fatalf("keeps out of order or costs wrong: %+v", a.Keeps[i-1:i+1])
			}
		}
		k := st.Keep(&sh, r, 2)
		best, _ := engine.KeepOf(*a.Keeps[0].Keep)
		if best != k {
			t.Errorf("advise keeps %v, the optimal strategy %v", best, k)
		}
		for _, o := range a.Boxes {
			if *o.Points != sh.Points(engine.BoxID(rules.BoxIndex(o.Box)), r) {
				t.Errorf("box %s scores %d, the sheet says %d", o.Box, *o.Points, sh.Points(engine.BoxID(rules.BoxIndex(o.Box)), r))
			}
		}
		b := st.Box(&sh, r, 1)
		if a.Boxes[0].Box != rules.Boxes()[b].ID {
			t.Errorf("advise's best box %s, the optimal strategy's %s", a.Boxes[0].Box, rules.Boxes()[b].ID)
		}
		sh.Fill(b, r)
	}
	// A record gives the sheet; the text output works in both languages.
	rec := filepath.Join(dir, "rec.json")
	os.WriteFile(rec, []byte(`{"rules":"hasbro","turns":[{"dice":[2,2,2,5,6],"box":"twos"}]}`), 0o644)
	for _, lang := range []string{"en", "fr"} {
		out, errOut, code := execYams(t, "", "advise", rec, "--dice", "6,6,6,1,2", "--roll", "2", "--lang", lang)
		if code != 0 || !strings.Contains(out, map[string]string{"en": "expected score", "fr": "score espéré"}[lang]) {
			t.Errorf("%s: exit %d %s\n%s", lang, code, errOut, out)
		}
	}
	for _, bad := range [][]string{
		{"--dice", "1,2,3"}, {"--dice", "1,2,3,4,7"}, {"--roll", "4", "--dice", "1,2,3,4,5"}, {"--roll", "0", "--dice", "1,2,3,4,5"},
		{"--dice", "1,2,3,4,5", "--score", "twos=7"}, {"--dice", "1,2,3,4,5", "--score", "nope=1"}, {rec, "--dice", "1,2,3,4,5", "--score", "ones=1"},
		{},
	} {
		out, errOut, code := execYams(t, "", append([]string{"advise"}, bad...)...)
		wantUsageError(t, strings.Join(bad, " "), out, errOut, code, "")
	}
}

// TestAdviseEstimate checks advice on a sheet too large for an exact solve (eight free
// columns of six boxes): labelled an estimate, the best option's value measured by games
// of column-tables with its interval, the same at every run, and the interval in the text.
// The position is late in the game, six of the columns filled, so that each of the
// estimate's 640 games plays the 12 turns left rather than 48: the sheet, and so the
// refused exact solve and the estimate, are the same.
func TestAdviseEstimate(t *testing.T) {
	args := []string{"advise", "--rules", "../../examples/rules/six-boxes.json", "--rule", "columns=free,free,free,free,free,free,free,free", "--dice", "6,6,6,2,3", "--roll", "1"}
	for c := 1; c <= 6; c++ {
		for _, box := range []string{"threes=9", "fives=15", "sixes=18", "full_house=25", "chance=20", "yahtzee=0"} {
			args = append(args, "--score", fmt.Sprintf("free#%d.%s", c, box))
		}
	}
	// Twice, with --json -: the JSON on standard output, the text on standard error.
	var runs [2]adviceOutput
	var text string
	for i := range runs {
		out, errOut, code := execYams(t, "", append(args, "--json", "-")...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), &runs[i]); err != nil {
			t.Fatal(err)
		}
		text = errOut
	}
	a := runs[0]
	if a.Exact || a.Estimate == "" || a.EstimateGames != columns.DefaultEstimateGames || !(a.Interval > 0 && a.Interval < 10) || a.Keeps[0].Value != a.Value || a.Turn != 37 {
		t.Errorf("turn %d: exact %v (%q), %d games, interval %v, value %v, best keep %+v", a.Turn, a.Exact, a.Estimate, a.EstimateGames, a.Interval, a.Value, a.Keeps[0])
	}
	if runs[1].Value != a.Value || runs[1].Interval != a.Interval {
		t.Errorf("two runs: %v ± %v and %v ± %v", a.Value, a.Interval, runs[1].Value, runs[1].Interval)
	}
	if want := fmt.Sprintf("Estimated final score of the best choice: %.2f ± %.2f (95%% interval, measured over %d games", a.Value, a.Interval, columns.DefaultEstimateGames); !strings.Contains(text, want) {
		t.Errorf("want %q in\n%s", want, text)
	}
}
