package columns

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
)

// columnTablesGolden are the exact means of column-tables on the sheets of
// docs/columns.md whose exact analysis fits, with the fit of a fresh cache (6 rounds of
// 20,000 games). They are what
//
//	yams exact --rules yams --rule columns=top_down,bottom_up --strategy column-tables
//
// and its like print; regenerate them so (with YAMS_CACHE_DIR pointing at an empty
// directory, to fit again) whenever the fit or the play changes, and raise
// flexFitVersion then.
var columnTablesGolden = []struct {
	rules, columns string
	mean           float64
	curve          bool // the fit's curve measured, round by round
}{
	{"yams", "top_down,bottom_up", 349.0697101, true},
	{"hasbro", "top_down,bottom_up", 352.0882637, true},
	{"verhoeff", "top_down,bottom_up", 351.9163734, false},
	{"yams-app", "top_down,bottom_up", 275.8115695, false},
	{"yatzy", "top_down,bottom_up", 321.8539266, false},
}

// TestColumnTablesGolden fits column-tables as a fresh cache does and checks its exact
// mean on the sheets of docs/columns.md against their golden figures, to the 7 decimals
// printed. It also logs the fit's curve, which docs/columns.md quotes: each round's
// table, what it gains over none in the fit's own games, and its exact mean; and checks
// that the fit keeps the round that gains the most.
//
//	go test -tags exhaustive -run TestColumnTablesGolden -v ./strategies/columns/
func TestColumnTablesGolden(t *testing.T) {
	exhaustive.Only(t)
	defer func(rounds, games int) { FitRounds, FitGames = rounds, games }(FitRounds, FitGames)
	FitRounds, FitGames = 6, 20000 // the fit of yams, not the tests' smaller one
	defer func() { flexCurve = nil }()
	for _, g := range columnTablesGolden {
		t.Run(g.rules+":"+g.columns, func(t *testing.T) {
			r, err := engine.Load(g.rules, "columns="+g.columns)
			if err != nil {
				t.Fatal(err)
			}
			plain := smallColumnData(t, r)
			if g.curve {
				t.Logf("no table: exact mean %.7f", exactColumnTables(t, plain))
			}
			var best *flexTable
			bestGain := 0.0
			flexCurve = func(round int, ft *flexTable, gain, se float64) {
				mean := math.NaN()
				if g.curve {
					mean = exactColumnTables(t, &columnData{rules: r, tables: plain.tables, flex: ft})
				}
				t.Logf("round %d: %+.3f ± %.3f over no table in the fit's games, exact mean %.7f", round, gain, 2*se, mean)
				if gain > 2*se && gain > bestGain {
					best, bestGain = ft, gain
				}
			}
			d, err := loadColumnData(r)
			if err != nil {
				t.Fatal(err)
			}
			if best == nil || !slices.Equal(d.flex.v, best.v) || !slices.Equal(d.flex.ok, best.ok) {
				t.Errorf("the fit does not keep the table of the round that gains the most")
			}
			mean := exactColumnTables(t, d)
			if got := fmt.Sprintf("%.7f", mean); math.Abs(mean-g.mean) > 5e-8 {
				t.Errorf("column-tables on %s --rule columns=%s: exact mean %s, golden %.7f", g.rules, g.columns, got, g.mean)
			}
		})
	}
}
