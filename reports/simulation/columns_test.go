package simulation

import (
	"context"
	"math"
	"strconv"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
)

// The figure of the columns by turn: on a sheet of several columns, lazy (the first
// legal box, columns in order) plays the first column's boxes first, then the second's:
// every game's turn t in column t / boxes. hoarder's shares add up to 100% at each turn,
// and each column takes as many turns as it has boxes. A sheet of one column has no such
// figure.
func TestColumnTurnFigure(t *testing.T) {
	for _, opts := range [][]string{{"columns=free,top_down,free"}, nil} {
		rules := reporttest.TinyRulesWith(t, opts...)
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: reporttest.FixtureInfos(), Seed: 8, Games: 300, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		r, err := newReport(res, reports.Options{Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		figs, err := r.columnTurnFigures()
		if err != nil {
			t.Fatal(err)
		}
		cols := len(rules.Columns())
		if cols == 1 {
			if len(figs) != 0 {
				t.Errorf("a sheet of one column has %d figures of its columns", len(figs))
			}
			continue
		}
		if len(figs) != 1 || len(figs[0].SVG) == 0 || len(figs[0].PNG) == 0 {
			t.Fatalf("%d figures", len(figs))
		}
		nb := rules.NumBoxes()
		turns := cols * nb
		rows := figs[0].CSV[1:]
		if len(rows) != 2*turns*cols {
			t.Fatalf("%d rows, want %d", len(rows), 2*turns*cols)
		}
		perTurn := map[string][]float64{}
		perColumn := map[string]float64{}
		for _, row := range rows {
			strategy, col := row[0], row[2]
			turn, _ := strconv.Atoi(row[1])
			share, err := strconv.ParseFloat(row[3], 64)
			if err != nil || turn < 1 || turn > turns {
				t.Fatalf("row %q", row)
			}
			if perTurn[strategy] == nil {
				perTurn[strategy] = make([]float64, turns)
			}
			perTurn[strategy][turn-1] += share
			perColumn[strategy+" "+col] += share
			if strategy == "lazy" {
				want := 0.0
				if res.Summaries[0].Columns[(turn-1)/nb] == col {
					want = 100
				}
				if math.Abs(share-want) > 1e-9 {
					t.Errorf("lazy, turn %d, column %s: %v%%, want %v%%", turn, col, share, want)
				}
			}
		}
		for s, shares := range perTurn {
			for turn, sum := range shares {
				if math.Abs(sum-100) > 1e-9 {
					t.Errorf("%s, turn %d: the columns' shares add up to %v%%", s, turn+1, sum)
				}
			}
		}
		for k, sum := range perColumn {
			if math.Abs(sum-100*float64(nb)) > 1e-6 {
				t.Errorf("%s: %v%% over the turns, want %d boxes' worth", k, sum, nb)
			}
		}
	}
}
