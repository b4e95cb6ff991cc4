package columns

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies"
	"yams/strategies/rollout"
)

// lookaheadGolden are the sheets on which the look-ahead of column-tables is held to the
// exact optimum: small sheets of two and three columns that its settings were not chosen
// on, and two sheets of docs/columns.md with yams's own fit; diff is the golden sum over
// the games of rollout:column-tables's final score less column-tables's, on the same dice.
var lookaheadGolden = []struct {
	rules, columns string
	fit            bool // yams's own fit (6 rounds of 20,000 games), not the tests' smaller one
	games          int
	diff           int64
}{
	{"../../examples/rules/fours-fives-sixes-full-chance.json", "free,free", false, 4000, 495},
	{"../../examples/rules/fours-fives-sixes-full-chance.json", "top_down,bottom_up", false, 4000, 551},
	{"../../examples/rules/fours-fives-sixes-full-chance.json", "top_down,bottom_up,top_down", false, 2000, 6151},
	{"../../examples/rules/ones-fours-sixes-chance-yahtzee.json", "free,top_down", false, 4000, 638},
	{"../../examples/rules/ones-fours-sixes-chance-yahtzee.json", "bottom_up,free", false, 4000, 1430},
	{"yams", "top_down,bottom_up", true, 1000, 462},
	{"hasbro", "top_down,bottom_up", true, 1000, -507},
}

// TestLookaheadAgainstOptimum measures rollout:column-tables on sheets that have an exact
// optimum: its figure is column-tables's exact mean (the exact analysis of its play) plus
// the mean difference of the two on the same dice, far narrower than either's mean. The
// games are deterministic: the sum of the differences is golden. The look-ahead is not
// below column-tables beyond the interval of the difference, nor above the optimum beyond
// it; the gap to the optimum is logged (docs/columns.md, "Looking ahead").
//
//	go test -tags exhaustive -run TestLookaheadAgainstOptimum -v ./strategies/columns/
func TestLookaheadAgainstOptimum(t *testing.T) {
	exhaustive.Only(t)
	for _, g := range lookaheadGolden {
		t.Run(strings.TrimSuffix(filepath.Base(g.rules), ".json")+":"+g.columns, func(t *testing.T) {
			r, err := engine.Load(g.rules, "columns="+g.columns)
			if err != nil {
				t.Fatal(err)
			}
			d := smallColumnData(t, r)
			rounds, games := FitRounds, FitGames
			if g.fit {
				rounds, games = 6, 20000
			}
			if d.flex, err = fitFlex(d, rounds, games, flexSeed, 0, nil); err != nil {
				t.Fatal(err)
			}
			optimum := solveProductOf(t, r).Start()
			ct := exactColumnTables(t, d)
			base := newColumnTablesOf(d, d.flex)
			la, err := rollout.New(r, func() (strategies.Strategy, error) { return newColumnTablesOf(d, d.flex), nil }, rollout.DefaultSettings)
			if err != nil {
				t.Fatal(err)
			}
			var sum int64
			var sq float64
			for i := range g.games {
				x := exacttest.PlayGames(t, la, r, 1, uint64(i)+1)
				y := exacttest.PlayGames(t, base, r, 1, uint64(i)+1)
				diff := x.Sum - y.Sum
				sum += int64(diff)
				sq += diff * diff
			}
			n := float64(g.games)
			mean := float64(sum) / n
			hw := 1.959964 * math.Sqrt((sq/n-mean*mean)/(n-1))
			figure := ct + mean
			t.Logf("optimum %.4f; column-tables %.4f (%+.2f%%); rollout:column-tables %.4f ± %.4f (%+.2f%%), %+.4f ± %.4f over column-tables on %d games; golden sum %d",
				optimum, ct, 100*(ct/optimum-1), figure, hw, 100*(figure/optimum-1), mean, hw, g.games, sum)
			if sum != g.diff {
				t.Errorf("the look-ahead's games differ from column-tables's by %d in all, golden %d", sum, g.diff)
			}
			if mean < -hw {
				t.Errorf("rollout:column-tables below column-tables beyond the interval: %+.4f ± %.4f", mean, hw)
			}
			if figure > optimum+hw {
				t.Errorf("rollout:column-tables %.4f ± %.4f above the optimum %.4f", figure, hw, optimum)
			}
		})
	}
}
