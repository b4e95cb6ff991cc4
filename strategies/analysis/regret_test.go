package analysis

import (
	"math"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
)

// TestRegretIdentity checks that a strategy's decisions cost, summed over a game, exactly
// what it scores less than optimal play (the performance difference of the optimal
// values), for the heuristics on the small rules and, in the exhaustive run, on every
// one-column preset; that the splits of the cost add up to it; and that optimal play
// costs nothing.
func TestRegretIdentity(t *testing.T) {
	for _, rules := range []string{"small", "hasbro", "verhoeff", "yams", "yams-wiki", "yams-app", "yatzy"} {
		for _, name := range []string{"greedy", "upper-first", "optimal"} {
			t.Run(rules+"/"+name, func(t *testing.T) {
				var r *engine.Rules
				if rules == "small" {
					if name != "greedy" {
						exacttest.NotUnderRace(t)
					}
					r = exacttest.SmallRules(t)
				} else {
					exhaustive.Only(t)
					exacttest.Heavy(t)
					r = exacttest.MustRules(t, rules)
				}
				fig, err := AnalyzeOneColumn(name, r, Options{Regret: true})
				if err != nil {
					t.Fatal(err)
				}
				rg := fig.Regret
				gap := rg.OptimalMean - fig.Mean
				if math.Abs(rg.Total-gap) > 1e-9 {
					t.Errorf("cost %.12f, optimal − mean = %.7f − %.7f = %.12f", rg.Total, rg.OptimalMean, fig.Mean, gap)
				}
				sum := func(xs []float64) float64 {
					s := 0.0
					for _, x := range xs {
						s += x
					}
					return s
				}
				if k := sum(rg.Keep) + rg.Box; math.Abs(k-rg.Total) > 1e-9 || math.Abs(sum(rg.ByBox)-rg.Total) > 1e-9 || math.Abs(sum(rg.ByTurn)-rg.Total) > 1e-9 {
					t.Errorf("splits: keeps and boxes %.9f, by box %.9f, by turn %.9f, total %.9f", k, sum(rg.ByBox), sum(rg.ByTurn), rg.Total)
				}
				if rg.Costly[0] < rg.Costly[1] || rg.Costly[1] < rg.Costly[2] {
					t.Errorf("costly decisions %v do not decrease with the cost", rg.Costly)
				}
				if name == "optimal" && (rg.Total != 0 || rg.Costly[0] != 0) {
					t.Errorf("optimal play costs %v (%v costly decisions)", rg.Total, rg.Costly[0])
				}
				t.Logf("mean %.7f, optimal %.7f: cost %.7f = keeps %v + boxes %.4f; costly %v (%v)",
					fig.Mean, rg.OptimalMean, rg.Total, rg.Keep, rg.Box, rg.Costly, fig.Elapsed)
			})
		}
	}
}
