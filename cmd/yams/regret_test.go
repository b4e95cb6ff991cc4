package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"yams/sim/regret"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/solver"
)

// TestLazyValuerIdentity: the valuer of --regret, which values a turn only where a
// strategy strays from the optimal strategy's stored decisions, counts the same costs, bit
// for bit, as the evaluator valuing every turn: on a small sheet, with three rolls and
// with four (decisions wider than 16 bits), and on presets in the exhaustive run.
func TestLazyValuerIdentity(t *testing.T) {
	for _, c := range []struct {
		rules string
		opts  []string
	}{{frontierRules, nil}, {frontierRules, []string{"rolls=4"}}, {"hasbro", nil}, {"yams", nil}, {"hasbro", []string{"rolls=4"}}} {
		t.Run(filepath.Base(c.rules)+strings.Join(c.opts, ","), func(t *testing.T) {
			if c.rules != frontierRules {
				exhaustive.Only(t)
			}
			rules, err := engine.Load(c.rules, c.opts...)
			if err != nil {
				t.Fatal(err)
			}
			lazy, _, err := regretValuer(rules)
			if err != nil {
				t.Fatal(err)
			}
			tab, _, err := solver.LoadOrSolve(rules, false, 0)
			if err != nil {
				t.Fatal(err)
			}
			eager := func() (regret.Valuer, error) { return analysis.NewEvaluator(tab), nil }
			var infos []strategies.Info
			for _, name := range []string{"greedy", "upper-first", "optimal", "random"} {
				info, _ := strategies.Lookup(name)
				infos = append(infos, info)
			}
			var got [2][]*regret.Counts
			for i, v := range []func() (regret.Valuer, error){lazy, eager} {
				res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: infos, Seed: 11, Games: 1500, Workers: 2, Regret: v})
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range res.Summaries {
					got[i] = append(got[i], s.Regret)
				}
			}
			for i := range infos {
				if !reflect.DeepEqual(got[0][i], got[1][i]) {
					t.Errorf("%s: the lazy valuer counts %v a game, the evaluator %v", infos[i].Name,
						got[0][i].Total.Stats(1500).Mean, got[1][i].Total.Stats(1500).Mean)
				}
			}
			if got[0][2].Total.Sum != (sim.Uint128{}) {
				t.Error("optimal play costs something")
			}
		})
	}
}

// TestSimRegret: sim --regret prints where the points are lost and writes it in the
// summary; compare --regret too; what cannot be measured is refused in one line.
func TestSimRegret(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	out, stderr, code := execYams(t, "", "sim", "--regret", "--strategy", "greedy,optimal", "--games", "3000", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"where the points are lost against optimal play (which expects 254.5877)", "keeps 1", "turns ending in (cost)", "the costliest decisions of greedy"} {
		if !strings.Contains(out, want) {
			t.Errorf("sim --regret lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "optimal's costliest") {
		t.Error("optimal play has costly decisions")
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := summaryfile.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if res.Summaries[0].Regret == nil || res.Summaries[0].Regret.Total.Stats(res.Games).Mean < 20 {
		t.Errorf("greedy's regret in the summary: %+v", res.Summaries[0].Regret)
	}

	out, stderr, code = execYams(t, "", "compare", "--regret", "--strategy", "greedy,upper-first", "--games", "2000", "--json", "-")
	if code != 0 {
		t.Fatalf("compare --regret: exit %d: %s", code, stderr)
	}
	var js struct {
		Strategies []struct {
			Regret *struct {
				Total struct{ Mean float64 } `json:"total"`
			} `json:"regret"`
		} `json:"strategies"`
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatal(err)
	}
	if len(js.Strategies) != 2 || js.Strategies[1].Regret == nil || js.Strategies[1].Regret.Total.Mean < 10 {
		t.Errorf("compare --regret --json: %s", out[:min(len(out), 400)])
	}
	if !strings.Contains(stderr, "where the points are lost") {
		t.Errorf("compare --regret prints no regret table: %s", stderr)
	}

	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"columns", []string{"sim", "--regret", "--rules", "yams", "--rule", "columns=free,free", "--games", "10"}, "--regret"},
		{"players", []string{"compare", "--regret", "--players", "greedy,optimal", "--games", "10"}, "--regret and --players"},
		{"resumed without", []string{"sim", "--strategy", "greedy,optimal", "--games", "3000", "--resume", file}, "regret"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, code := execYams(t, "", c.args...)
			wantUsageError(t, c.name, out, stderr, code, c.want)
		})
	}
}
